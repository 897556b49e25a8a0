import { spawn } from "node:child_process";
import fs from "node:fs";
import { Session } from "node:inspector/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { isMainThread, parentPort, Worker } from "node:worker_threads";

// The path one REST request takes through the project's own code: which files of src/ a send
// passes through, in order, and how often it comes back to a file it had left. The server runs
// from source; a thread of its own process holds an inspector session on it, puts a breakpoint on
// every function of src/ that a send runs (their precise coverage during one send), then sends
// once more and reads the stack at each function entry (resuming at once). Between two entries
// the request returned through the frames the second stack lacks and called down from the frame
// both share, so the stacks give the walk, returns included. A pause counts when the request's
// first frame is on its stack, sync or awaited: a timer's or the worker's poll does not.
//
//   npx tsx bench/trace-request.ts [--json]        one POST /api/v1/send, delivered at once
//
// It needs no build and no database server: the embedded one, in a temporary folder.

const root = path.resolve(import.meta.dirname, "..");
const ADMIN_TOKEN = "trace-admin-token-0123456789";
const ENTRY_FILE = "src/core/http/server.ts";
/** The first statement of the HTTP listener's request callback, however tsx lays it out. */
const ENTRY_STATEMENT = /const started\s*=\s*performance\.now\(\)/;

interface CallFrame {
  functionName: string;
  url: string;
  location: { scriptId: string; lineNumber: number };
}
/** A frame of an async stack (the protocol's Runtime.CallFrame). */
interface AsyncFrame {
  functionName: string;
  url: string;
  scriptId: string;
}
interface StackTrace {
  callFrames: AsyncFrame[];
  parent?: StackTrace;
}
interface Paused {
  callFrames: CallFrame[];
  asyncStackTrace?: StackTrace;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

async function waitHealthy(base: string) {
  for (let i = 0; i < 600; i++) {
    if (
      await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the server did not start");
}

async function admin(base: string, command: string, args: Record<string, string>) {
  const r = await fetch(`${base}/admin/commands`, {
    method: "POST",
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, "content-type": "application/json" },
    body: JSON.stringify({ command, args }),
  });
  const body = (await r.json()) as { result?: Record<string, unknown> };
  if (!r.ok || !body.result) throw new Error(`${command}: ${r.status} ${JSON.stringify(body)}`);
  return body.result;
}

/** A tenant with one unpaced number and a key. */
async function seed(base: string): Promise<string> {
  await admin(base, "plan:create", { name: "Trace", monthlyLimit: "1000000", maxAccounts: "5", requestsPerSecond: "100000", requestBurst: "100000" });
  const tenant = await admin(base, "tenant:create", { name: "trace", plan: "Trace", ends: "2099-12-31" });
  const limits = { dailyLimit: "1000000", monthlyLimit: "1000000", minIntervalMs: "0", jitterMs: "0", warmUp: "false" };
  await admin(base, "account:create", { tenant: String(tenant.id), phone: "966500000001", name: "trace", ...limits });
  const key = await admin(base, "key:create", { tenant: String(tenant.id), label: "trace" });
  return String(key.key);
}

const send = (base: string, key: string, to: string) =>
  fetch(`${base}/api/v1/send`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ to, message: "Hello {{name}}", variables: { name: "Sara" } }),
  });

const inSrc = (url: string) => url.startsWith(`file://${root}/src/`);
const lineAndColumn = (source: string, offset: number) => {
  const before = source.slice(0, offset).split("\n");
  return { lineNumber: before.length - 1, columnNumber: before.at(-1)!.length };
};

const relative = (url: string) => (url.startsWith("file://") ? path.relative(root, new URL(url).pathname) : url);

/** Whether the request's first frame is on this pause's stack, its own or an awaited chain's. */
function ofRequest(p: Paused, scriptId: string): boolean {
  const isEntry = (f: AsyncFrame) => f.scriptId === scriptId && f.functionName === "";
  if (p.callFrames.some((f) => isEntry({ ...f, scriptId: f.location.scriptId }))) return true;
  for (let s = p.asyncStackTrace; s; s = s.parent) if (s.callFrames.some(isEntry)) return true;
  return false;
}

/** Where the entry statement is in tsx's output of ENTRY_FILE (not laid out like the source: found by its text). */
async function entryLocation(session: Session, scripts: Map<string, string>) {
  const scriptId = [...scripts].find(([, url]) => url.endsWith(ENTRY_FILE))?.[0];
  if (!scriptId) throw new Error(`${ENTRY_FILE} is not loaded`);
  const { scriptSource } = await session.post("Debugger.getScriptSource", { scriptId });
  const at = ENTRY_STATEMENT.exec(scriptSource)?.index;
  if (at === undefined) throw new Error(`the request callback's first statement is not in ${ENTRY_FILE}`);
  return { scriptId, ...lineAndColumn(scriptSource, at) };
}

interface Coverage {
  scriptId: string;
  url: string;
  functions: Array<{ functionName: string; ranges: Array<{ startOffset: number; count: number }> }>;
}

/** A breakpoint at the start of every function of src/ that one send runs (its precise coverage). */
async function breakOnFunctionsOfASend(session: Session, run: () => Promise<unknown>): Promise<number> {
  await session.post("Profiler.enable");
  await session.post("Profiler.startPreciseCoverage", { callCount: true, detailed: false });
  await session.post("Profiler.takePreciseCoverage");
  await run();
  const { result } = (await session.post("Profiler.takePreciseCoverage")) as unknown as { result: Coverage[] };
  await session.post("Profiler.stopPreciseCoverage");
  let count = 0;
  for (const script of result.filter((s) => inSrc(s.url))) {
    const { scriptSource } = await session.post("Debugger.getScriptSource", { scriptId: script.scriptId });
    // Offset 0 is the module's own top level, which ran when it was loaded.
    for (const fn of script.functions.filter((f) => f.ranges[0]!.count > 0 && f.ranges[0]!.startOffset > 0)) {
      await session.post("Debugger.setBreakpoint", { location: { scriptId: script.scriptId, ...lineAndColumn(scriptSource, fn.ranges[0]!.startOffset) } });
      count++;
    }
  }
  return count;
}

/** The request's frames in src/, outermost first: the awaiting chain, then the running stack; a frame is its file and function. */
function stackOf(p: Paused, scripts: Map<string, string>): string[] {
  const frames: string[] = [];
  const chains: AsyncFrame[][] = [];
  for (let s = p.asyncStackTrace; s; s = s.parent) chains.push(s.callFrames);
  for (const chain of chains.reverse()) for (const f of [...chain].reverse()) if (inSrc(f.url)) frames.push(`${relative(f.url)}\u0000${f.functionName}`);
  for (const f of [...p.callFrames].reverse()) {
    const url = scripts.get(f.location.scriptId) ?? "";
    if (inSrc(url)) frames.push(`${relative(url)}\u0000${f.functionName}`);
  }
  return frames;
}

/**
 * The files in the order the request is in them, from the stacks at each function entry: between
 * two entries it returned through the frames the second stack no longer has, back to the frame
 * both share, and called down from there.
 */
function filesWalked(stacks: string[][]): string[] {
  const files: string[] = [];
  const fileOf = (frame: string) => frame.slice(0, frame.indexOf("\u0000"));
  let prev: string[] = [];
  for (const cur of [...stacks, []]) {
    let shared = 0;
    while (shared < prev.length && shared < cur.length && prev[shared] === cur[shared]) shared++;
    for (let i = prev.length - 2; i >= Math.max(shared - 1, 0); i--) files.push(fileOf(prev[i]!));
    for (let i = shared; i < cur.length; i++) files.push(fileOf(cur[i]!));
    prev = cur;
  }
  return files;
}

/**
 * Walks one send from a worker thread of the server's own process, whose inspector session pauses
 * the main thread: a breakpoint on each function of src/ a send runs (found by a send before it),
 * and at each the stack, read and resumed at once.
 */
async function walk(base: string, key: string): Promise<{ calls: number; functions: number; files: string[] }> {
  // The session's replies hold nothing open: without a handle of its own the thread would end while it waits for one.
  const alive = setInterval(() => undefined, 1000);
  const session = new Session();
  session.connectToMainThread();
  const scripts = new Map<string, string>();
  session.on("Debugger.scriptParsed", ({ params }) => scripts.set(params.scriptId, params.url));
  await session.post("Debugger.enable");
  await session.post("Debugger.setAsyncCallStackDepth", { maxDepth: 64 });
  const entry = await entryLocation(session, scripts);
  const stacks: string[][] = [];
  let tracing = false;
  // Other work (a timer, the worker's poll) stops at these breakpoints too, from the moment they are set.
  session.on("Debugger.paused", ({ params }) => {
    const p = params as unknown as Paused;
    if (tracing && ofRequest(p, entry.scriptId)) stacks.push(stackOf(p, scripts));
    void session.post("Debugger.resume");
  });
  const functions = await breakOnFunctionsOfASend(session, async () => (await send(base, key, "0501234599")).json());
  tracing = true;
  const answer = await send(base, key, "0501234567");
  const body = (await answer.json()) as { status?: string };
  tracing = false;
  await session.post("Debugger.disable");
  session.disconnect();
  clearInterval(alive);
  if (body.status !== "sent") throw new Error(`the traced send answered ${JSON.stringify(body)}`);
  return { calls: stacks.length, functions, files: filesWalked(stacks) };
}

/** Consecutive visits of one file are one stay; a return is a stay in a file the request had left before. */
function summarise({ calls, functions, files }: Awaited<ReturnType<typeof walk>>) {
  const stays = files.filter((f, i) => f !== files[i - 1]);
  const distinct = [...new Set(stays)];
  return { calls, functions, stays: stays.length, files: distinct.length, returns: stays.length - distinct.length, walk: stays };
}

type Summary = ReturnType<typeof summarise>;

/** In the server's worker thread: seed, warm up, walk one send, hand the summary back. */
async function traceInServer(): Promise<void> {
  const base = `http://127.0.0.1:${process.env.PORT}`;
  await waitHealthy(base);
  const key = await seed(base);
  // Warm: the first sends load and compile what later ones only run.
  for (let i = 0; i < 5; i++) await (await send(base, key, `05012345${String(10 + i)}`)).json();
  parentPort!.postMessage(summarise(await walk(base, key)));
}

/** In the server's main thread (imported before it starts): the tracing thread, and the server's stop when it is done. */
function startTracer(): void {
  const tracer = new Worker(new URL(import.meta.url), { execArgv: ["--import", "tsx"] });
  tracer.once("message", (summary: Summary) => {
    fs.writeFileSync(process.env.TRACE_REQUEST_OUT!, JSON.stringify(summary));
    process.kill(process.pid, "SIGTERM");
  });
  tracer.once("error", (err) => {
    console.error(err);
    process.exit(1);
  });
}

/** The command: a server from source with the tracer in it, and its summary printed. */
async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "trace-request-"));
  const out = path.join(dataDir, "summary.json");
  const child = spawn(process.execPath, ["--import", "tsx", "--import", import.meta.filename, "src/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      TRACE_REQUEST_OUT: out,
      PORT: String(await freePort()),
      DATA_DIR: path.join(dataDir, "data"),
      ADMIN_TOKEN,
      LOG_LEVEL: "warn",
      SIMULATOR_LATENCY_MS: "0",
      // Stepping makes a send take minutes: bounds that would end it early are set out of the way.
      CHANNEL_TIMEOUT_MS: "120000",
      SEND_GROUP_MAX_WAIT_MS: "60000",
      DATABASE_URL: "",
      REDIS_URL: "",
      // A relaunch for the V8 flags would start the process again without the tracer's import order mattering; the walk does not depend on them.
      GATEWAY_V8_FLAGS_RELAUNCHED: "1",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await new Promise((resolve) => child.once("exit", resolve));
  const summary = JSON.parse(fs.readFileSync(out, "utf8")) as Summary;
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (process.argv.includes("--json")) return console.log(JSON.stringify(summary, null, 2));
  console.log(
    `POST /api/v1/send: ${summary.files} files, ${summary.returns} returns to a file it had left (${summary.stays} stays; ${summary.calls} calls of ${summary.functions} functions)`,
  );
  console.log(summary.walk.map((f, i) => `${String(i + 1).padStart(3)}  ${f}`).join("\n"));
}

if (!isMainThread) await traceInServer();
else if (process.env.TRACE_REQUEST_OUT) startTracer();
else await main();
