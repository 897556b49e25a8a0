// The processes the build produces: each source entry point and the file it becomes under dist/.
// The dist/ names are what operators run (Dockerfile, compose.yaml, docs), so they stay put when
// the sources move.
export const entryPoints = [
  { in: "src/main.ts", out: "main" },
  { in: "src/worker-main.ts", out: "worker/main" },
  { in: "src/features/admin/cli.ts", out: "admin/cli" },
  { in: "src/core/db/migrate-cli.ts", out: "db/migrate-cli" },
  { in: "src/healthcheck.ts", out: "healthcheck" },
];
