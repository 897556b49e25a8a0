import { spawn } from "node:child_process";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "../..");
/** tsx's loader by its own address, so a child can run from any working directory. */
export const tsxLoader = import.meta.resolve("tsx");

/** Runs a project script under tsx as its own process; resolves when it exits. */
export function runScript(script: string, args: string[], env: Record<string, string>, timeoutMs = 60_000, cwd = root) {
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
