import type { CodegenConfig } from "@graphql-codegen/cli";

// Generates the committed schema.graphql (printed from the Pothos schema, sorted) and the typed
// documents used by the REST facade, the tests and the examples. `npm run generate:check` fails
// when either is stale.
const config: CodegenConfig = {
  schema: "./src/app/schema.ts",
  documents: ["src/features/**/*operations.ts", "test/**/*.ts", "bench/**/*.ts", "examples/**/*.ts"],
  ignoreNoDocuments: true,
  generates: {
    "schema.graphql": {
      plugins: ["schema-ast"],
      config: { includeDirectives: false, sort: true },
    },
    "src/gql/": {
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
