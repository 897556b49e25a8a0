import type { CodegenConfig } from "@graphql-codegen/cli";

// Generates the committed schema.graphql (printed from the Pothos schema, sorted) and the typed
// documents used by the REST facade, the tests and the examples. `npm run generate:check` fails
// when either is stale.
const config: CodegenConfig = {
  schema: "./src/app/schema.ts",
  ignoreNoDocuments: true,
  generates: {
    // The console's own documents, apart: its bundle carries only what it uses (features/console/web).
    "src/features/console/web/gql/": {
      documents: ["src/features/console/web/**/*.ts", "src/features/console/web/**/*.tsx", "!src/features/console/web/gql/**"],
      preset: "client",
      presetConfig: { fragmentMasking: false },
      config: {
        // Strings, not syntax trees: the browser sends them as they are and needs no GraphQL printer.
        documentMode: "string",
        emitLegacyCommonJSImports: false,
        useTypeImports: true,
        enumsAsTypes: true,
        scalars: { ID: "string", Variables: "Record<string, string | number>" },
        strictScalars: true,
      },
    },
    "schema.graphql": {
      plugins: ["schema-ast"],
      config: { includeDirectives: false, sort: true },
    },
    "src/gql/": {
      documents: ["src/features/**/*operations.ts", "test/**/*.ts", "bench/**/*.ts", "examples/**/*.ts"],
      preset: "client",
      presetConfig: { fragmentMasking: false },
      config: {
        emitLegacyCommonJSImports: false,
        useTypeImports: true,
        enumsAsTypes: true,
        scalars: { ID: "string", Variables: "Record<string, string | number>" },
        strictScalars: true,
      },
    },
  },
};

export default config;
