// The house's rules, checked by `npm run lint:deps` (part of `npm run lint`, so of CI).
// Type-only imports count: a cycle of types still ties the files together for a reader.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "No import cycles, type-only ones included: each file can be read after the ones it imports.",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    exclude: { path: "^src/(generated|gql)/" },
    doNotFollow: { path: "node_modules" },
  },
};
