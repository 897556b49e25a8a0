import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { entryPoints } from "../scripts/entry-points.mjs";

// What the benchmarks share: a PostgreSQL schema of their own, project scripts run as processes,
// the admin CLI, and waiting for a server to answer.

export const root = path.resolve(import.meta.dirname, "..");
/**
 * Where the measured processes' build lives: this checkout unless BENCH_BUILD_ROOT names another
 * (a worktree of an earlier commit, built there), so one bench measures before and after alike.
 */
export const buildRoot = process.env.BENCH_BUILD_ROOT ? path.resolve(process.env.BENCH_BUILD_ROOT) : root;
export const postgresUrl = process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/test";

/** A fresh schema name and the DATABASE_URL that points into it. */
/**
 * A port for a measured server: below Linux's ephemeral range and clear of the services this
 * machine runs (PostgreSQL 5432, PgBouncer 6432, Redis 6379, RabbitMQ 5672, NATS 4222), which a
 * random port in the 4000s to 7000s could hit.
 */
export const benchPort = () => 20000 + Math.floor(Math.random() * 10000);

export function benchSchema(prefix: string): { schema: string; databaseUrl: string } {
  const schema = `${prefix}_${Date.now().toString(36)}`;
  return { schema, databaseUrl: `${postgresUrl}${postgresUrl.includes("?") ? "&" : "?"}schema=${schema}` };
}

/**
 * The built file a source entry point becomes (`src/worker-main.ts` → `dist/worker/main.js`).
 * Processes run the build, as in production: under tsx every start pays for compiling and loading
 * ~1,500 modules, and a measured process would carry tsx's hooks and memory.
 */
export function builtScript(script: string): string {
  const entry = entryPoints.find((e) => e.in === script);
  if (!entry) throw new Error(`${script} is not an entry point of the build (scripts/entry-points.mjs)`);
  const built = `dist/${entry.out}.js`;
  checkBuild(built);
  return path.join(buildRoot, built);
}

let staleWarned = false;

function checkBuild(built: string): void {
  const file = path.join(buildRoot, built);
  if (!fs.existsSync(file)) throw new Error(`${built} is missing: run \`npm run build\` first (the benchmarks run the built server, worker and admin CLI).`);
  if (staleWarned) return;
  // A build older than the sources measures code that is no longer there; worth saying, not
  // worth refusing (a checkout's timestamps can make a current build look old).
  const builtAt = fs.statSync(file).mtimeMs;
  const sources = fs.readdirSync(path.join(buildRoot, "src"), { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"));
  const newer = sources.map((f) => `src/${f}`).find((f) => fs.statSync(path.join(buildRoot, f)).mtimeMs > builtAt);
  if (newer) {
    staleWarned = true;
    console.warn(`warning: ${newer} is newer than ${built}: run \`npm run build\` to measure the current sources.`);
  }
}

/** Node's flags for a started process: BENCH_PROFILE_DIR gets a CPU profile of each when it exits. */
const profileFlags = () => (process.env.BENCH_PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : []);
/** BENCH_NODE_ARGS: V8 flags for the measured processes that NODE_OPTIONS does not accept (`--heap-growing-percent=10`). */
const nodeArgs = () => (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);

/** Starts a project script (server, worker) from the build as a production process with these settings. */
export function startScript(script: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, [...profileFlags(), ...nodeArgs(), builtScript(script)], {
    cwd: buildRoot,
    // MALLOC_ARENA_MAX=2 as the image sets it (Dockerfile): the processes run as deployed.
    // BENCH_NODE_OPTIONS reaches the measured processes only (a heap limit, say), not this one.
    env: {
      ...process.env,
      NODE_ENV: "production",
      // Required in production; the benchmark sends no mail.
      SMTP_URL: "smtp://127.0.0.1:9",
      LOG_LEVEL: "warn",
      SIMULATOR_LATENCY_MS: "0",
      MIGRATE_ON_START: "true",
      MALLOC_ARENA_MAX: "2",
      NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS ?? "",
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  // The log (warnings and errors only) goes on to our stderr: read, so a full pipe never blocks
  // the process's writes, and visible, so a warning under load is not lost.
  child.stdout?.on("data", (d: Buffer) => process.stderr.write(d));
  return child;
}

/** Runs a script from the build to its end; resolves with its standard output. */
export async function runScript(script: string, args: string[], env: Record<string, string>): Promise<string> {
  const child = spawn(process.execPath, [builtScript(script), ...args], { cwd: buildRoot, env: { ...process.env, ...env } });
  let out = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr.on("data", (d: Buffer) => process.stderr.write(d));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`${script} ${args.join(" ")} exited ${code}`);
  return out;
}

/** The admin CLI against `databaseUrl`, answering JSON. */
export const adminCommand =
  (databaseUrl: string) =>
  async (...args: string[]) =>
    JSON.parse(await runScript("src/features/admin/cli.ts", [...args, "--json"], { DATABASE_URL: databaseUrl })) as Record<string, unknown>;

/**
 * The same commands, written the same way (`"tenant:create", "--name", "x"`), through a running
 * server's POST /admin/commands: one request each instead of a process start each, which matters
 * when seeding dozens of tenants. The server needs ADMIN_TOKEN set to `token`.
 */
export const adminOverHttp =
  (baseUrl: string, token: string) =>
  async (command: string, ...flags: string[]) => {
    const args: Record<string, string> = {};
    for (let i = 0; i < flags.length; i += 2) {
      args[(flags[i] ?? "").replace(/^--/, "").replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())] = flags[i + 1] ?? "";
    }
    const response = await fetch(`${baseUrl}/admin/commands`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ command, args }),
    });
    const body = (await response.json()) as { success?: boolean; result?: Record<string, unknown> };
    if (!response.ok || !body.success || !body.result) throw new Error(`admin ${command} answered ${response.status}: ${JSON.stringify(body)}`);
    return body.result;
  };

export async function waitHealthy(baseUrl: string): Promise<void> {
  for (let i = 0; ; i++) {
    if (
      await fetch(`${baseUrl}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    if (i > 300) throw new Error(`${baseUrl} did not start`);
    await sleep(100);
  }
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

/** The value below which a share `q` of the sorted values lie. */
export const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** The admin-command arguments of a sending number for a benchmark: no pacing, no warm-up, and `limit` a day and a month. */
export const benchNumber = (tenantId: unknown, phone: string, o: { name?: string; limit?: number } = {}): [string, ...string[]] => {
  const limit = String(o.limit ?? 100_000_000);
  return ["account:create", "--tenant", String(tenantId), "--phone", phone, "--name", o.name ?? phone, "--daily-limit", limit, "--monthly-limit", limit];
};

/** The rest of them: a benchmark's numbers send as fast as they are asked. */
export const unpaced = ["--min-interval-ms", "0", "--jitter-ms", "0", "--warm-up", "false"];

type Admin = ReturnType<typeof adminOverHttp>;

/** A plan with every limit out of a benchmark's way. */
export const createBenchPlan = (admin: Admin, name: string) =>
  admin("plan:create", "--name", name, "--monthly-limit", "100000000", "--max-accounts", "10", "--requests-per-second", "1000000", "--request-burst", "1000000");

/** A tenant of `plan` with its key and these unpaced numbers. */
export async function seedBenchTenant(admin: Admin, o: { plan: string; name: string; phones: string[] }): Promise<{ id: number; key: string }> {
  const tenant = await admin("tenant:create", "--name", o.name, "--plan", o.plan, "--ends", "2099-12-31");
  for (const phone of o.phones) await admin(...benchNumber(tenant.id, phone), ...unpaced);
  const key = await admin("key:create", "--tenant", String(tenant.id), "--label", o.name);
  return { id: Number(tenant.id), key: String(key.key) };
}
