import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

// What the benchmarks share: a PostgreSQL schema of their own, project scripts run as processes,
// the admin CLI, and waiting for a server to answer.

export const root = path.resolve(import.meta.dirname, "..");
export const postgresUrl = process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/test";

/** A fresh schema name and the DATABASE_URL that points into it. */
export function benchSchema(prefix: string): { schema: string; databaseUrl: string } {
  const schema = `${prefix}_${Date.now().toString(36)}`;
  return { schema, databaseUrl: `${postgresUrl}${postgresUrl.includes("?") ? "&" : "?"}schema=${schema}` };
}

/** Starts a project script (server, worker) as a production process with these settings. */
export function startScript(script: string, env: Record<string, string>): ChildProcess {
  // BENCH_PROFILE_DIR: each started process writes a CPU profile there when it exits.
  const profile = process.env.BENCH_PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
  return spawn(process.execPath, [...profile, "--import", "tsx", path.join(root, script)], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn", SIMULATOR_LATENCY_MS: "0", MIGRATE_ON_START: "true", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
}

/** Runs a script to its end; resolves with its standard output. */
export async function runScript(script: string, args: string[], env: Record<string, string>): Promise<string> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(root, script), ...args], { cwd: root, env: { ...process.env, ...env } });
  let out = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr.on("data", (d: Buffer) => process.stderr.write(d));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`${script} ${args.join(" ")} exited ${code}`);
  return out;
}

/** The admin CLI against `databaseUrl`, answering JSON. */
export const adminCommand = (databaseUrl: string) => async (...args: string[]) =>
  JSON.parse(await runScript("src/admin/cli.ts", [...args, "--json"], { DATABASE_URL: databaseUrl })) as Record<string, unknown>;

export async function waitHealthy(baseUrl: string): Promise<void> {
  for (let i = 0; ; i++) {
    if (await fetch(`${baseUrl}/healthz`).then((r) => r.ok, () => false)) return;
    if (i > 300) throw new Error(`${baseUrl} did not start`);
    await sleep(100);
  }
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

/** The value below which a share `q` of the sorted values lie. */
export const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
