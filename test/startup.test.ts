import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { NO_SMTP, root, runScript, startServerProcess, tsxLoader } from "./kit/spawn.js";
import { onPostgres, postgresUrl, schemaUrl } from "./kit/server.js";
import { OWN_PROCESSES_MS } from "./kit/limits.js";
import { shippedMigrations } from "../src/core/db/migrations.js";

// Start-up as an operator meets it: the schema checked before anything starts, migrations as a
// step of their own (or at boot when allowed, never raced), one clear message for each thing to
// fix, and admin commands that end as soon as they have answered.

const schemas: string[] = [];
const children: { kill(signal: NodeJS.Signals): boolean }[] = [];

function freshSchemaUrl(): string {
  const schema = `startup_${randomBytes(5).toString("hex")}`;
  schemas.push(schema);
  return schemaUrl(schema);
}

afterAll(async () => {
  for (const child of children) child.kill("SIGKILL");
  if (!schemas.length) return;
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  for (const schema of schemas) await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await client.end();
});

/**
 * Runs a command-line tool to its end and says how long it stayed alive after its last output: a
 * tool kept alive by a forgotten timer (the schema engine's 10 s one did that) answers, then lingers.
 */
function runTool(script: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string; lingeredMs: number }>((resolve) => {
    const child = spawn(process.execPath, ["--import", tsxLoader, path.join(root, script), ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: "", DATA_DIR: "", ENV_FILE: "", LOG_LEVEL: "warn", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(child);
    let stdout = "";
    let stderr = "";
    let lastOutputAt = Date.now();
    child.stdout.on("data", (d: Buffer) => ((stdout += d.toString()), (lastOutputAt = Date.now())));
    child.stderr.on("data", (d: Buffer) => ((stderr += d.toString()), (lastOutputAt = Date.now())));
    child.on("exit", (code, signal) => resolve({ code, signal, stdout, stderr, lingeredMs: Date.now() - lastOutputAt }));
  });
}

// Each test starts server, worker or CLI processes of its own.
describe("admin commands", { timeout: OWN_PROCESSES_MS }, () => {
  it("end on their own as soon as they have answered, through a running embedded server", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "startup-"));
    const server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: "", ENV_FILE: "" });
    children.push(server.child);
    try {
      const r = await runTool("src/features/admin/cli.ts", ["plan:create", "--name", "Basic", "--monthly-limit", "100", "--max-accounts", "1", "--json"], { DATA_DIR: dataDir });
      expect(r.stderr).toBe("");
      expect({ code: r.code, signal: r.signal }).toEqual({ code: 0, signal: null });
      expect(JSON.parse(r.stdout)).toMatchObject({ name: "Basic" });
      expect(r.lingeredMs).toBeLessThan(3_000);
    } finally {
      server.child.kill("SIGTERM");
      await new Promise((resolve) => server.child.once("exit", resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it.runIf(onPostgres)("end on their own as soon as they have answered, on PostgreSQL", async () => {
    const databaseUrl = freshSchemaUrl();
    const r = await runTool("src/features/admin/cli.ts", ["plan:create", "--name", "Basic", "--monthly-limit", "100", "--max-accounts", "1", "--json"], {
      DATABASE_URL: databaseUrl,
    });
    expect(r.stderr).toBe("");
    expect({ code: r.code, signal: r.signal }).toEqual({ code: 0, signal: null });
    expect(JSON.parse(r.stdout)).toMatchObject({ name: "Basic" });
    expect(r.lingeredMs).toBeLessThan(3_000);
  });
});

// Each test starts server, worker or CLI processes of its own.
describe("a production process without SMTP_URL", { timeout: OWN_PROCESSES_MS }, () => {
  it("the server and the worker refuse to start, in one line that names the setting", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "startup-"));
    try {
      const server = await runScript("src/main.ts", [], { DATA_DIR: dataDir, NODE_ENV: "production", PORT: "0", ENV_FILE: "", SMTP_URL: "" });
      expect(server.code).toBe(1);
      expect(server.stdout).not.toContain("listening");
      expect(server.stderr.trim().split("\n")).toHaveLength(1);
      expect(server.stderr).toContain("SMTP_URL is not set");
      const worker = await runScript("src/worker-main.ts", [], { DATABASE_URL: postgresUrl, NODE_ENV: "production", ENV_FILE: "", SMTP_URL: "" });
      expect(worker.code).toBe(1);
      expect(worker.stderr.trim()).toMatch(/^SMTP_URL is not set: .+\(docs\/email\.md\)\.$/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

// Each test starts server, worker or CLI processes of its own.
describe.runIf(onPostgres)("migrations on PostgreSQL", { timeout: OWN_PROCESSES_MS }, () => {
  it("a production server refuses an unmigrated database with what to run; the migrate command then applies everything, once", async () => {
    const databaseUrl = freshSchemaUrl();
    const refused = await runScript("src/main.ts", [], { DATABASE_URL: databaseUrl, NODE_ENV: "production", PORT: "0", ENV_FILE: "", SMTP_URL: NO_SMTP });
    expect(refused.code).toBe(1);
    expect(refused.stdout).not.toContain("listening");
    expect(refused.stderr.trim().split("\n")).toHaveLength(1);
    expect(refused.stderr).toContain(`The database schema is behind this release: ${shippedMigrations().length} migrations not applied`);
    expect(refused.stderr).toContain("npm run db:migrate");
    expect(refused.stderr).toContain("MIGRATE_ON_START=true");

    const worker = await runScript("src/worker-main.ts", [], { DATABASE_URL: databaseUrl, NODE_ENV: "production", ENV_FILE: "", SMTP_URL: NO_SMTP });
    expect(worker.code).toBe(1);
    expect(worker.stderr).toContain("The database schema is behind this release");

    const migrate = await runTool("src/core/db/migrate-cli.ts", ["apply"], { DATABASE_URL: databaseUrl });
    expect({ code: migrate.code, signal: migrate.signal }).toEqual({ code: 0, signal: null });
    expect(migrate.stdout).toContain(`Applied: ${shippedMigrations().join(", ")}`);
    // The schema engine was loaded and asked for its lock: nothing of it may keep the process up.
    expect(migrate.lingeredMs).toBeLessThan(3_000);
    const again = await runTool("src/core/db/migrate-cli.ts", ["apply"], { DATABASE_URL: databaseUrl });
    expect(again.stdout.trim()).toBe("No pending migrations.");

    const server = await startServerProcess({ DATABASE_URL: databaseUrl, MIGRATE_ON_START: "false", ENV_FILE: "" });
    children.push(server.child);
    const ready = await fetch(`${server.url}/readyz`);
    expect(await ready.json()).toMatchObject({ status: "ready", checks: { migrations: "ok" } });
    server.child.kill("SIGTERM");
  });

  it("replicas that start together on an empty database migrate it once, without racing", async () => {
    const databaseUrl = freshSchemaUrl();
    const replicas = await Promise.all([1, 2, 3].map(() => startServerProcess({ DATABASE_URL: databaseUrl, WORKER_ENABLED: "false", ENV_FILE: "" })));
    children.push(...replicas.map((r) => r.child));
    for (const { url } of replicas) expect((await fetch(`${url}/readyz`)).status).toBe(200);
    const schema = new URL(databaseUrl).searchParams.get("schema");
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    const { rows } = await client.query<{ migration_name: string; applied_steps_count: number }>(
      `SELECT migration_name, applied_steps_count FROM "${schema}"._prisma_migrations ORDER BY migration_name`,
    );
    await client.end();
    expect(rows.map((r) => r.migration_name)).toEqual(shippedMigrations());
    for (const replica of replicas) replica.child.kill("SIGTERM");
  });

  it("a missing database or an unreachable server stops the start with the cause and the fix", async () => {
    const missing = Object.assign(new URL(postgresUrl), { pathname: "/no_such_database_here" }).toString();
    const r = await runScript("src/main.ts", [], { DATABASE_URL: missing, PORT: "0", ENV_FILE: "" });
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toMatch(/^The database "no_such_database_here" does not exist on .+\. Create it \(createdb .+\), or correct DATABASE_URL\.$/);

    const unreachable = Object.assign(new URL(postgresUrl), { port: "1" }).toString();
    const cli = await runTool("src/features/admin/cli.ts", ["plan:list"], { DATABASE_URL: unreachable });
    expect(cli.code).toBe(1);
    expect(cli.stderr).toContain("Cannot reach PostgreSQL at 127.0.0.1:1 (ECONNREFUSED). Start the server, or correct the host and port in DATABASE_URL.");
  });
});
