import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import autocannon from "autocannon";
import pg from "pg";
import { peakRssMb, rssMb } from "./proc.js";
import { writeSection } from "./report.js";
import { benchNumber, unpaced } from "./harness.js";

// npm run bench (last step), or tsx bench/footprint.ts: what the release costs to install and run.
// It stages the release and installs it with `npm ci --omit=dev` exactly as the image does, then,
// from that directory and with the image's ENV lines, measures on PostgreSQL (migrations applied
// first): time from process start to /readyz 200, RSS idle after 10 s, peak RSS after a send load,
// and admin CLI wall time on PostgreSQL and through a running embedded server. Figures go to
// BENCHMARKS.md ("Footprint").

const root = path.resolve(import.meta.dirname, "..");
const serverUrl = process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/test";
const work = fs.mkdtempSync(path.join(os.tmpdir(), "footprint-"));
const app = path.join(work, "app");
const database = `footprint_${Date.now().toString(36)}`;
const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${database}` }).toString();
const runs = Number(process.env.FOOTPRINT_RUNS ?? 5);

function run(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): string {
  const r = spawnSync(command, args, { encoding: "utf8", cwd: options.cwd ?? root, env: options.env ?? process.env, stdio: ["ignore", "pipe", "inherit"] });
  if (r.status !== 0) throw new Error(`${command} ${args.join(" ")} exited ${r.status}`);
  return r.stdout;
}

/** The Dockerfile's ENV lines: the settings the image runs with. */
function imageEnvironment(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of fs.readFileSync(path.join(root, "Dockerfile"), "utf8").split("\n")) {
    const m = /^ENV\s+(\w+)=(?:"([^"]*)"|(\S+))\s*$/.exec(line.trim());
    if (m?.[1]) env[m[1]] = m[2] ?? m[3] ?? "";
  }
  return env;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function startServer(env: NodeJS.ProcessEnv, port: number): Promise<{ child: ChildProcess; readyMs: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, ["dist/main.js"], { cwd: app, env: { ...env, PORT: String(port) }, stdio: ["ignore", "ignore", "inherit"] });
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200) return { child, readyMs: Math.round(performance.now() - started) };
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}`);
    await sleep(5);
  }
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

function timeCommand(args: string[], env: NodeJS.ProcessEnv): number {
  const started = performance.now();
  run(process.execPath, args, { cwd: app, env });
  return Math.round(performance.now() - started);
}

async function main() {
  console.log("staging and installing the release…");
  run(process.execPath, ["scripts/build.mjs"]);
  run("sh", ["scripts/stage-release.sh", app]);
  run("npm", ["ci", "--omit=dev", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: app });
  const installKb = Number(run("du", ["-sk", "node_modules"], { cwd: app }).split("\t")[0]);
  const distKb = Number(run("du", ["-sk", "dist"], { cwd: app }).split("\t")[0]);

  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  const image = imageEnvironment();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...image,
    DATABASE_URL: databaseUrl,
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    SIMULATOR_LATENCY_MS: "0",
    SMTP_URL: "smtp://127.0.0.1:9",
    ENV_FILE: "",
  };
  const plainEnv: NodeJS.ProcessEnv = { ...env, NODE_OPTIONS: "", MALLOC_ARENA_MAX: "" };
  try {
    run(process.execPath, ["dist/db/migrate-cli.js", "apply"], { cwd: app, env });
    const cli = (...args: string[]) => JSON.parse(run(process.execPath, ["dist/admin/cli.js", ...args, "--json"], { cwd: app, env })) as Record<string, unknown>;
    cli("plan:create", "--name", "Footprint", "--monthly-limit", "100000000", "--max-accounts", "2", "--requests-per-second", "1000000", "--request-burst", "1000000");
    const tenant = cli("tenant:create", "--name", "Footprint", "--plan", "Footprint", "--ends", "2099-12-31");
    cli(...benchNumber(tenant.id, "0551000001", { name: "F" }), ...unpaced);
    const key = cli("key:create", "--tenant", String(tenant.id));

    console.log("ready time…");
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const ready: number[] = [];
    for (let i = 0; i < runs; i++) {
      const { child, readyMs } = await startServer(env, port);
      ready.push(readyMs);
      await stop(child);
    }

    console.log("idle and loaded memory…");
    const memory = async (label: string, e: NodeJS.ProcessEnv) => {
      const { child } = await startServer(e, port);
      await sleep(10_000);
      const idle = rssMb(child.pid!);
      const load = await autocannon({
        url: `http://127.0.0.1:${port}/api/v1/send`,
        connections: 32,
        duration: 10,
        method: "POST",
        headers: { authorization: `Bearer ${String(key.key)}`, "content-type": "application/json" },
        body: JSON.stringify({ to: "0501234567", message: "footprint" }),
      });
      const row = { label, idle, peak: peakRssMb(child.pid!), after: rssMb(child.pid!), rps: Math.round(load.requests.average), errors: load.errors + load.non2xx };
      await stop(child);
      return row;
    };
    const memoryRows = [await memory("as the image runs it", env), await memory("plain `node dist/main.js`", plainEnv)];

    console.log("admin CLI…");
    const cliPg = Array.from({ length: runs }, () => timeCommand(["dist/admin/cli.js", "plan:list", "--json"], env));
    const dataDir = path.join(work, "data");
    const embeddedEnv: NodeJS.ProcessEnv = { ...env, DATABASE_URL: "", DATA_DIR: dataDir, NODE_ENV: "production" };
    const embedded = await startServer(embeddedEnv, port);
    const cliEmbedded = Array.from({ length: runs }, () => timeCommand(["dist/admin/cli.js", "plan:list", "--json"], embeddedEnv));
    await stop(embedded.child);

    const mb = (kb: number) => (kb / 1024).toFixed(0);
    const verdict = (ok: boolean) => (ok ? "met" : "**missed**");
    const body = [
      `Command: \`tsx bench/footprint.ts\` (last step of \`npm run bench\`), ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}, PostgreSQL on localhost.`,
      `The release is staged by \`scripts/stage-release.sh\` and installed with \`npm ci --omit=dev\`, as the Dockerfile does; processes run from there with the Dockerfile's ENV lines (${Object.entries(
        image,
      )
        .map(([k, v]) => `\`${k}=${v}\``)
        .join(", ")}). Medians of ${runs} runs.`,
      "",
      "| Figure | Measured | Target | |",
      "|---|---|---|---|",
      `| production \`node_modules\` (du) | ${mb(installKb)} MB (+ dist/ ${mb(distKb)} MB, half of it source maps) | ≤ 150 MB | ${verdict(installKb / 1024 <= 150)} |`,
      `| process start → /readyz 200, PostgreSQL, migrations applied | ${median(ready)} ms (runs: ${ready.join(", ")}) | ≤ 1,000 ms | ${verdict(median(ready) <= 1000)} |`,
      `| idle RSS after 10 s, PostgreSQL | ${memoryRows[0]!.idle} MB | ≤ 150 MB | ${verdict(memoryRows[0]!.idle <= 150)} |`,
      `| admin CLI wall time (\`node dist/admin/cli.js plan:list\`), PostgreSQL | ${median(cliPg)} ms (runs: ${cliPg.join(", ")}) | ≤ 1,500 ms | ${verdict(median(cliPg) <= 1500)} |`,
      `| admin CLI wall time through a running embedded server | ${median(cliEmbedded)} ms (runs: ${cliEmbedded.join(", ")}) | ≤ 1,500 ms | ${verdict(median(cliEmbedded) <= 1500)} |`,
      "",
      "Memory around a 10 s REST /send load (32 connections, one tenant, simulator latency 0):",
      "",
      "| Server | idle RSS | peak RSS during load | RSS after | sends/s | errors |",
      "|---|---|---|---|---|---|",
      ...memoryRows.map((r) => `| ${r.label} | ${r.idle} MB | ${r.peak} MB | ${r.after} MB | ${r.rps} | ${r.errors} |`),
    ].join("\n");
    writeSection("Footprint (release install, start-up, memory, admin CLI)", body);
    console.log(body);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
