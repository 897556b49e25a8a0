import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { NO_SMTP, root, startServerProcess, tsxLoader } from "./spawn.js";
import { PROCESS_START_MS } from "./limits.js";

// Long-lived gateway processes for the fault tests: an API server or a worker on settings the test
// names, whose JSON log lines are kept, so a test can say what a process logged while it survived
// (or did not survive) a fault.

export interface Proc {
  child: ChildProcess;
  /** Every JSON log line the process wrote so far, parsed. */
  logs: Array<{ level: number; msg: string; [k: string]: unknown }>;
  /** True while the process runs. */
  alive(): boolean;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
}

function track(child: ChildProcess, initial = ""): Proc {
  const logs: Proc["logs"] = [];
  let partial = "";
  const take = (text: string) => {
    partial += text;
    const lines = partial.split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) {
      if (!line.startsWith("{")) continue;
      try {
        logs.push(JSON.parse(line) as Proc["logs"][number]);
      } catch {
        // not a log line
      }
    }
  };
  take(initial);
  child.stdout?.on("data", (d: Buffer) => take(d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    child,
    logs,
    alive: () => child.exitCode === null && child.signalCode === null,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill("SIGTERM");
      return exited;
    },
  };
}

/** The settings every fault-test process shares: production logging (JSON), no demo seed. */
const base = { NODE_ENV: "production", LOG_LEVEL: "info", SEED_DEMO: "false", DATA_DIR: "", MIGRATE_ON_START: "true", SMTP_URL: NO_SMTP };

export async function startApi(env: Record<string, string>): Promise<Proc & { url: string }> {
  const { child, url } = await startServerProcess({ ...base, ...env });
  return { ...track(child), url };
}

/** `npm run worker` as its own process; resolves once it logs that it started. */
export async function startWorkerProcess(env: Record<string, string>): Promise<Proc> {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== "DATABASE_URL" && k !== "REDIS_URL"));
  const child = spawn(process.execPath, ["--import", tsxLoader, path.join(root, "src/worker-main.ts")], {
    cwd: root,
    env: { ...inherited, ...base, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const proc = track(child);
  const deadline = Date.now() + PROCESS_START_MS;
  while (!proc.logs.some((l) => l.msg === "queue worker and webhook dispatcher started")) {
    if (!proc.alive()) throw new Error(`worker exited before starting: ${JSON.stringify(proc.logs)}`);
    if (Date.now() > deadline) throw new Error(`worker did not start within ${PROCESS_START_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return proc;
}

/** Message ids the simulator delivered, one per line of its ledger file (each delivery once). */
export const ledgerIds = (file: string): string[] =>
  fs.existsSync(file)
    ? fs
        .readFileSync(file, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((l) => (JSON.parse(l) as { messageId: string }).messageId)
    : [];

/** How often each id occurs in a list. */
export function occurrences(ids: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
}
