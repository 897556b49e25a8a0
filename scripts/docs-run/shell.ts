import { spawn, type ChildProcess } from "node:child_process";

// One bash for the whole run, as a reader keeps one terminal: variables a step sets (KEY,
// MESSAGE_ID…) are there for the next. Each command is followed by a marker line on stdout and
// stderr, so its output and exit code can be told apart from the next one's. curl reads
// $CURL_HOME/.curlrc, which writes each answer's HTTP status to stderr: the command runs as
// written and its stdout stays what a reader sees.

export interface Result {
  stdout: string;
  stderr: string;
  rc: number;
  statuses: number[];
  timedOut: boolean;
}

export const CURLRC = 'write-out = "%{stderr}@@curl-status %{http_code}\\n"\n';

export class Shell {
  private readonly proc: ChildProcess;
  private out = "";
  private err = "";
  private count = 0;

  constructor(cwd: string, env: NodeJS.ProcessEnv) {
    this.proc = spawn("bash", ["--norc", "--noprofile"], { cwd, env, detached: true, stdio: ["pipe", "pipe", "pipe"] });
    this.proc.stdout!.setEncoding("utf8").on("data", (s: string) => (this.out += s));
    this.proc.stderr!.setEncoding("utf8").on("data", (s: string) => (this.err += s));
  }

  async run(text: string, timeoutMs: number): Promise<Result> {
    const mark = `@@docs-run-end-${++this.count}`;
    this.proc.stdin!.write(`${text}\n__rc=$?; printf '\\n${mark} %s\\n' "$__rc"; printf '\\n${mark}\\n' >&2\n`);
    const deadline = Date.now() + timeoutMs;
    const done = new RegExp(`\\n${mark} (\\d+)\\n`);
    while (!(done.test(this.out) && this.err.includes(`\n${mark}\n`))) {
      if (Date.now() > deadline || this.proc.exitCode !== null) {
        const partial = { stdout: this.out, stderr: this.err, rc: -1, statuses: [], timedOut: true };
        this.out = this.err = "";
        return partial;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    const rc = Number(done.exec(this.out)![1]);
    const stdout = this.out.slice(0, this.out.search(done));
    const stderrAll = this.err.slice(0, this.err.indexOf(`\n${mark}\n`));
    this.out = this.out.slice(this.out.search(done)).replace(done, "");
    this.err = this.err.slice(this.err.indexOf(`\n${mark}\n`) + mark.length + 2);
    const statuses = [...stderrAll.matchAll(/@@curl-status (\d{3})/g)].map((m) => Number(m[1]));
    const stderr = stderrAll.replace(/@@curl-status \d{3}\n?/g, "");
    return { stdout, stderr, rc, statuses, timedOut: false };
  }

  /** A shell variable's value, as the next command would see it. */
  async variable(name: string): Promise<string> {
    const r = await this.run(`printf '%s' "\${${name}-}"`, 5_000);
    return r.stdout;
  }

  /** Ends the shell and whatever the guides started in the background from it (its process group). */
  close(): void {
    try {
      process.kill(-this.proc.pid!, "SIGTERM");
    } catch {
      // Already gone.
    }
  }
}
