import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["node_modules/", "dist/", "src/generated/", "src/gql/", "src/features/console/web/gql/", "examples/rest/api.d.ts", "data/", "coverage/"] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: false }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // A reader takes in a function or a file at once; longer ones say why where they start.
    files: ["src/**/*.ts", "src/**/*.tsx"],
    ignores: ["src/**/*.test.ts"],
    rules: {
      "max-lines": ["error", { max: 300 }],
      "max-lines-per-function": ["error", { max: 60 }],
    },
  },
  {
    // Server answers use @whatwg-node's Fetch classes, which its adapter writes without a stream.
    files: ["src/**/*.ts"],
    ignores: ["src/**/*.test.ts", "src/features/console/web/**", "src/core/http/fetch-api.ts"],
    rules: {
      "no-restricted-globals": [
        "error",
        { name: "Response", message: "Import Response from src/core/http/fetch-api.ts (why: see there)." },
        { name: "Request", message: "Import Request from src/core/http/fetch-api.ts (why: see there)." },
      ],
    },
  },
  {
    // Tests read REST responses as untyped JSON on purpose: they check the wire format itself.
    files: ["test/**/*.ts", "src/**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-return": "off",
      "@typescript-eslint/no-non-null-assertion": "off",
    },
  },
  { files: ["eslint.config.js", ".remarkrc.mjs"], ...tseslint.configs.disableTypeChecked },
  {
    files: [".dependency-cruiser.cjs"],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { ...tseslint.configs.disableTypeChecked.languageOptions, sourceType: "commonjs", globals: { module: "writable" } },
  },
  {
    // Build and release scripts, and examples a reader runs with plain node, are JavaScript run as written.
    files: ["scripts/**/*.mjs", "examples/**/*.mjs"],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: { process: "readonly", console: "readonly", fetch: "readonly", setTimeout: "readonly", URL: "readonly", Buffer: "readonly" },
    },
  },
);
