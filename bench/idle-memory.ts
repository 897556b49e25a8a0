import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { readServerMemory } from "./soak-memory.js";

// npx tsx bench/idle-memory.ts [build directory…]: the API server's resident memory at rest, 10 s
// after it was started, on PostgreSQL and on the embedded database, as the image runs it
// (`node dist/main.js`, NODE_ENV=production, MALLOC_ARENA_MAX=2). Each build directory (default:
// this checkout) must hold a built dist/ and its node_modules; several directories are started in
// turn, IDLE_RUNS times each (default 5), so a shared machine's phases fall on all of them alike.
// Each reading splits RSS by where it lives (/proc/<pid>/smaps): the node binary's pages, malloc's
// brk heap, anonymous mappings (V8's heap, WebAssembly memory, malloc's other arenas) and other
// files; and the V8 heap by the server's own /metrics, read after the RSS.
// IDLE_DATABASES=postgres,embedded (default both) picks the databases. The embedded database's data
// directory is made by one start first, as a deployment's is, so the measured starts open it.

const serverUrl = process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/test";
const runs = Number(process.env.IDLE_RUNS ?? 5);
const idleMs = Number(process.env.IDLE_SECONDS ?? 10) * 1000;
const builds = process.argv.slice(2).length > 0 ? process.argv.slice(2).map((d) => path.resolve(d)) : [path.resolve(import.meta.dirname, "..")];
const databases = (process.env.IDLE_DATABASES ?? "postgres,embedded").split(",");
const KB = 1024;

interface Reading {
  readyMs: number;
  rss: number;
  binary: number;
  brk: number;
  anonymous: number;
  otherFiles: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
}

/** RSS of the process split by mapping kind, in MB. */
function rssByMapping(pid: number, binary: string): Omit<Reading, "readyMs" | "heapTotal" | "heapUsed" | "external"> {
  const parts = { rss: 0, binary: 0, brk: 0, anonymous: 0, otherFiles: 0 };
  let kind: keyof typeof parts = "anonymous";
  for (const line of fs.readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
    const header = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (header) {
      const name = header[1] ?? "";
      kind = name === binary ? "binary" : name === "[heap]" ? "brk" : name === "" || name.startsWith("[") ? "anonymous" : "otherFiles";
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) {
      parts[kind] += Number(rss[1]);
      parts.rss += Number(rss[1]);
    }
  }
  return Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, Math.round(v / KB)])) as typeof parts;
}

async function startServer(dir: string, env: NodeJS.ProcessEnv, port: number): Promise<{ child: ChildProcess; readyMs: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, ["dist/main.js"], { cwd: dir, env: { ...env, PORT: String(port) }, stdio: ["ignore", "ignore", "inherit"] });
  for (;;) {
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready) return { child, readyMs: Math.round(performance.now() - started) };
    if (child.exitCode !== null) throw new Error(`server in ${dir} exited ${child.exitCode}`);
    await sleep(5);
  }
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

async function measure(dir: string, env: NodeJS.ProcessEnv): Promise<Reading> {
  const port = 20_000 + Math.floor(Math.random() * 10_000);
  const { child, readyMs } = await startServer(dir, env, port);
  await sleep(idleMs);
  const mapped = rssByMapping(child.pid!, fs.realpathSync(process.execPath));
  const heap = await readServerMemory(`http://127.0.0.1:${port}`, 0);
  await stop(child);
  return { readyMs, ...mapped, heapTotal: heap?.heapTotal ?? 0, heapUsed: heap?.heapUsed ?? 0, external: heap?.external ?? 0 };
}

const baseEnv: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: "production",
  SMTP_URL: "smtp://127.0.0.1:9",
  MALLOC_ARENA_MAX: "2",
  HOST: "127.0.0.1",
  LOG_LEVEL: "warn",
  ENV_FILE: "",
  NODE_OPTIONS: "",
};

/** One environment per build and database: a fresh PostgreSQL database with the build's migrations, or an embedded data directory made by one start. */
async function environments(admin: pg.Client, work: string): Promise<Array<{ build: string; database: string; env: NodeJS.ProcessEnv }>> {
  const out: Array<{ build: string; database: string; env: NodeJS.ProcessEnv }> = [];
  for (const [i, build] of builds.entries()) {
    if (databases.includes("postgres")) {
      const name = `idle_memory_${i}_${Date.now().toString(36)}`;
      await admin.query(`CREATE DATABASE ${name}`);
      const env = { ...baseEnv, DATABASE_URL: Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString() };
      const migrated = spawnSync(process.execPath, ["dist/db/migrate-cli.js", "apply"], { cwd: build, env, stdio: ["ignore", "ignore", "inherit"] });
      if (migrated.status !== 0) throw new Error(`migrations of ${build} exited ${migrated.status}`);
      out.push({ build, database: "postgres", env });
    }
    if (databases.includes("embedded")) {
      const env = { ...baseEnv, DATABASE_URL: "", DATA_DIR: path.join(work, `data-${i}`) };
      await stop((await startServer(build, env, 20_000 + Math.floor(Math.random() * 10_000))).child);
      out.push({ build, database: "embedded", env });
    }
  }
  return out;
}

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `${s[0]} / ${s[Math.floor((s.length - 1) / 2)]} / ${s[s.length - 1]}`;
};

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "idle-memory-"));
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const created: string[] = [];
  try {
    const cases = await environments(admin, work);
    for (const c of cases) if (c.env.DATABASE_URL) created.push(new URL(c.env.DATABASE_URL).pathname.slice(1));
    const readings = new Map(cases.map((c) => [c, [] as Reading[]]));
    for (let run = 0; run < runs; run++) {
      for (const c of cases) {
        const r = await measure(c.build, c.env);
        readings.get(c)!.push(r);
        console.log(`${path.basename(c.build)} ${c.database} run ${run + 1}: ${JSON.stringify(r)}`);
      }
    }
    console.log(
      `\n${runs} starts each, ${idleMs / 1000} s idle, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}; min / median / max, MB (ready: ms)\n`,
    );
    console.log("| build | database | RSS | node binary | malloc brk | anonymous | other files | V8 heap total (used) | external | ready |");
    console.log("|---|---|---|---|---|---|---|---|---|---|");
    for (const [c, rs] of readings) {
      const f = (k: keyof Reading) => stats(rs.map((r) => r[k]));
      console.log(
        `| ${path.basename(c.build)} | ${c.database} | ${f("rss")} | ${f("binary")} | ${f("brk")} | ${f("anonymous")} | ${f("otherFiles")} | ${f("heapTotal")} (${f("heapUsed")}) | ${f("external")} | ${f("readyMs")} |`,
      );
    }
  } finally {
    for (const name of created) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
