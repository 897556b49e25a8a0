import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { PROCESS_START_MS } from "./limits.js";

export const root = path.resolve(import.meta.dirname, "../..");
/**
 * SMTP_URL for production processes that send no mail in their test: a production process refuses
 * to start without one. Nothing listens on the discard port, so a mail would wait, retried.
 */
export const NO_SMTP = "smtp://127.0.0.1:9";
/** tsx's loader by its own address, so a child can run from any working directory. */
export const tsxLoader = import.meta.resolve("tsx");

/** Runs a project script under tsx as its own process; resolves when it exits. */
export function runScript(script: string, args: string[], env: Record<string, string>, timeoutMs = PROCESS_START_MS, cwd = root) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    // The child gets only the settings the test names (a test run's DATABASE_URL must not leak in).
    const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== "DATABASE_URL" && k !== "DATA_DIR"));
    const child = spawn(process.execPath, ["--import", tsxLoader, path.join(root, script), ...args], {
      cwd,
      env: { ...inherited, LOG_LEVEL: "warn", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${script} ${args.join(" ")} did not finish in ${timeoutMs} ms\n${stdout}\n${stderr}`));
    }, timeoutMs);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/**
 * Starts `src/main.ts` as its own process with exactly these settings over the inherited
 * environment (NODE_ENV=production and LOG_LEVEL=info unless given, so its log is JSON lines; it
 * migrates its own fresh database, MIGRATE_ON_START=true, unless told otherwise), and
 * resolves with its address once it logs that it listens, and with everything it has written to
 * stdout so far (`stdout()`, read again for what came later).
 */
export async function startServerProcess(env: Record<string, string>, opts: { cwd?: string; stderr?: "inherit" | "pipe"; nodeArgs?: string[] } = {}) {
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), "--import", tsxLoader, path.join(root, "src/main.ts")], {
    cwd: opts.cwd ?? root,
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "info", HOST: "127.0.0.1", PORT: "0", MIGRATE_ON_START: "true", SMTP_URL: NO_SMTP, ...env },
    stdio: ["ignore", "pipe", opts.stderr ?? "inherit"],
  });
  let out = "";
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no listening line within ${PROCESS_START_MS / 1000} s:\n${out}`)), PROCESS_START_MS);
    // Piped by the stdio above.
    child.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      const listening = out.split("\n").find((l) => l.startsWith("{") && l.includes('"messaging gateway listening"'));
      if (listening) {
        clearTimeout(timer);
        resolve((JSON.parse(listening) as { url: string }).url);
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`exited ${code} before listening:\n${out}`));
    });
  });
  return { child, url, stdout: () => out };
}

/** Starts `src/worker-main.ts` (npm run worker) as its own process; resolves once it says it started. */
export async function startWorkerProcess(env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", tsxLoader, path.join(root, "src/worker-main.ts")], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "info", MIGRATE_ON_START: "false", SMTP_URL: NO_SMTP, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the worker did not start within ${PROCESS_START_MS / 1000} s:\n${out}`)), PROCESS_START_MS);
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
      if (out.includes('"queue worker and webhook dispatcher started"')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the worker exited ${code} before starting:\n${out}`));
    });
  });
  return { child, stdout: () => out };
}

/** SIGTERM, then SIGKILL after 10 s; resolves once the process has exited (at once if it had). */
export async function stopServerProcess(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

/** The admin endpoint of a server process, as `admin(command, args)` answering the command's result; a refusal throws with its answer. */
export const adminOf =
  (url: string, adminToken: string) =>
  async (command: string, args: Record<string, string>): Promise<Record<string, any>> => {
    const r = await fetch(`${url}/admin/commands`, {
      method: "POST",
      headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/json" },
      body: JSON.stringify({ command, args }),
    });
    const body = (await r.json()) as { success: boolean; result: Record<string, any> };
    if (!body.success) throw new Error(`admin ${command}: ${r.status} ${JSON.stringify(body)}`);
    return body.result;
  };
