// The house's rules, checked by `npm run lint:deps` (part of `npm run lint`, so of CI).
// Type-only imports count: a cycle of types still ties the files together for a reader.

// The features in layers, lowest first: a feature imports the core and features of lower layers,
// never one of its own layer or above, so no two features depend on each other (docs/design.md).
const layers = [
  ["accounts", "audit", "businesses", "campaigns", "contacts", "invoices", "keys", "operators", "users", "whatsapp-templates"],
  ["billing", "figures", "queue", "signup"],
  ["delivery"],
  ["messages"],
  ["automation", "batches", "operations"],
  ["live"],
  ["inbound", "number-links", "webhooks"],
  ["chatwoot", "exports"],
  ["erasure"],
  ["admin", "console"],
  ["mail", "operator-console"],
];

const layerRules = layers.flatMap((features, level) => {
  const above = layers.slice(level).flat();
  return features.map((feature) => ({
    name: "features-import-lower-layers-only",
    severity: "error",
    comment: `${feature} (layer ${level + 1}) may import ${layers.slice(0, level).flat().join(", ") || "no other feature"}.`,
    from: { path: `^src/features/${feature}/` },
    to: { path: `^src/features/(${above.filter((f) => f !== feature).join("|")})/` },
  }));
});

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
    {
      name: "core-imports-no-feature",
      severity: "error",
      comment: "The core (db, config, clock, auth, errors, the REST and GraphQL plumbing, the queue's claim) serves every feature and knows none.",
      from: { path: "^src/core/" },
      to: { path: "^src/(features|app)/" },
    },
    {
      name: "core-root-holds-what-all-use",
      severity: "error",
      comment:
        "Directly in src/core/ are only what nearly every file uses (the clock, the settings, errors, the service dependencies and the principal); the rest of the core is in rooms named for what they hold (src/core/README.md).",
      from: {},
      to: { path: "^src/core/[^/]+$", pathNot: "^src/core/(clock|config|settings-schema|errors|unavailable|deps|principal)\\.ts$" },
    },
    {
      name: "features-never-import-the-app",
      severity: "error",
      comment: "src/app/ composes the features; a feature that imported it would depend on all the others.",
      from: { path: "^src/features/" },
      to: { path: "^src/app/" },
    },
    {
      name: "every-feature-has-a-layer",
      severity: "error",
      comment: "A new feature folder takes its place in `layers` above.",
      from: { path: "^src/features/", pathNot: `^src/features/(${layers.flat().join("|")})/` },
      to: {},
    },
    ...layerRules,
    {
      name: "raw-sql-in-sql-modules",
      severity: "error",
      comment:
        "Raw SQL (Prisma.sql, Prisma.raw, Prisma.join, $queryRaw) is written only in SQL modules (*-sql.ts, or a sql/ folder), so a table's statements are found with its owner; elsewhere the ORM's types are imported type-only. `npm run lint:sql` checks the rest (scripts/check-sql.mjs).",
      from: { path: "^src/", pathNot: ["-sql\\.ts$", "/sql/[^/]+\\.ts$", "^src/core/db/", "\\.test\\.ts$"] },
      to: { path: "^src/generated/prisma/client\\.ts$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "features-meet-through-their-entries",
      severity: "error",
      comment: "Another feature is imported through its index.ts (its rules), graphql.ts (its GraphQL types) or rest.ts (its REST helpers), never its other files.",
      from: { path: "^src/features/([^/]+)/" },
      to: { path: "^src/features/", pathNot: ["^src/features/$1/", "^src/features/[^/]+/(index|graphql|rest)\\.ts$"] },
    },
    {
      name: "rules-never-import-graphql",
      severity: "error",
      comment: "A feature's rules (its services and SQL) know nothing of GraphQL: only its adapters (graphql*.ts, *rest.ts, *operations.ts, the websocket transport) do.",
      // The console's browser app (console/web/) is a GraphQL client through and through.
      from: { path: "^src/features/", pathNot: ["/(graphql[^/]*|[^/]*rest|[^/]*operations|websocket|live-fanout)\\.ts$", "^src/features/console/web/"] },
      to: { path: "^(src/(core/graphql/|gql/|features/[^/]+/graphql[^/]*\\.ts$)|node_modules/(graphql|graphql-ws|graphql-yoga|@pothos/[^/]+)/)" },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    // The generated client is shown but not followed, so the raw-SQL rule sees who imports it.
    exclude: { path: "^src/(gql|features/console/web/gql)/" },
    doNotFollow: { path: ["node_modules", "^src/generated/"] },
  },
};
