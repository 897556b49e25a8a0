import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, readFileSync } from "node:fs";

// The server the guides talk to, started the way they say: `npm start` in the project, with the
// settings the guide's `… npm start` line gives. A later `npm start` line in a guide stops it and
// starts it again on the same data directory, as a reader would in the server's terminal.

// The line that names the demo key, in the JSON log or a plain banner ("Demo API key (shown once): gw_…").
const KEY_LINE = /\bdemo\b.*\bkey\b/i;
const KEY = /gw_[A-Za-z0-9_-]+/;
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

export class Server {
  private proc: ChildProcess | undefined;
  private starts = 0;
  demoKey: string | undefined;

  constructor(
    private readonly root: string,
    private readonly port: number,
    private readonly logFile: string,
  ) {}

  private async answers(): Promise<boolean> {
    try {
      return (await fetch(`http://127.0.0.1:${this.port}/healthz`, { signal: AbortSignal.timeout(1_000) })).ok;
    } catch {
      return false;
    }
  }

  async start(env: NodeJS.ProcessEnv): Promise<void> {
    if (await this.answers()) throw new Error(`something already answers on port ${this.port}; stop it, or run with DOCS_RUN_PORT=<a free port>`);
    const log = createWriteStream(this.logFile, { flags: "a" });
    log.write(`\n==> npm start #${++this.starts}\n`);
    const proc = spawn("npm", ["start"], { cwd: this.root, env: { ...env, PORT: String(this.port) }, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    this.proc = proc;
    let seen = "";
    const take = (chunk: Buffer) => {
      log.write(chunk);
      seen += chunk.toString("utf8");
    };
    proc.stdout.on("data", take);
    proc.stderr.on("data", take);
    const deadline = Date.now() + 120_000;
    while (!(await this.answers())) {
      if (proc.exitCode !== null || Date.now() > deadline) throw new Error(`npm start did not come up (see ${this.logFile}):\n${this.tail()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    // The key is printed once, on the first start of a fresh database, around when it starts listening.
    const keyLine = () =>
      seen
        .replace(ANSI, "")
        .split("\n")
        .find((l) => KEY_LINE.test(l) && KEY.test(l));
    const keyDeadline = Date.now() + (this.demoKey ? 0 : 5_000);
    while (!keyLine() && Date.now() < keyDeadline) await new Promise((r) => setTimeout(r, 50));
    const line = keyLine();
    if (line) this.demoKey = KEY.exec(line)![0];
  }

  async stop(): Promise<void> {
    const proc = this.proc;
    if (!proc || proc.exitCode !== null) return;
    const exited = new Promise((r) => proc.once("exit", r));
    process.kill(-proc.pid!, "SIGTERM");
    const timer = setTimeout(() => process.kill(-proc.pid!, "SIGKILL"), 20_000);
    await exited;
    // npm may exit before the server it started has let go of the data directory: wait for the group.
    while (groupAlive(proc.pid!)) await new Promise((r) => setTimeout(r, 50));
    clearTimeout(timer);
    this.proc = undefined;
  }

  tail(lines = 20): string {
    try {
      return readFileSync(this.logFile, "utf8").split("\n").slice(-lines).join("\n");
    } catch {
      return "";
    }
  }
}
