// `npm run test:docs`: the README's tour and every example in docs/, run in order against a
// server started as the guides say (`npm start`, embedded database in a fresh directory), each
// answer checked against the one the guide shows. docs/testing.md has the conventions.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { isRead, problem, startLine } from "./check.js";
import { operations, runOperation } from "./graphql.js";
import { guideOrder, readBlocks, shellCommands, type Block, type Command } from "./markdown.js";
import { CURLRC, Shell, type Result } from "./shell.js";
import { Server } from "./server.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const keepGoing = process.argv.includes("--keep-going");
const port = Number(process.env.DOCS_RUN_PORT ?? 4000);
const COMMAND_TIMEOUT_MS = 60_000;
// A reader who asks again a moment later: a read whose answer is not the guide's yet (a batch still
// sending) is asked again until it is, for at most this long.
const READ_AGAIN_MS = 30_000;

const work = mkdtempSync(path.join(os.tmpdir(), "docs-run-"));
writeFileSync(path.join(work, ".curlrc"), CURLRC);
// The shell is the reader's terminal: PORT there would move the examples' own helpers (the webhook receiver).
const { PORT: _port, ...inherited } = process.env;
const env = { ...inherited, DATA_DIR: path.join(work, "data"), CURL_HOME: work, DOCS_RUN_DIR: work };
// With --verbose every answer is printed, for writing the one a guide shows.
const verbose = process.argv.includes("--verbose");
const shell = new Shell(root, env);
const server = new Server(root, port, path.join(work, "server.log"));
const tally = { passed: 0, failed: 0, notRun: 0 };
let backgrounds = 0;

class Failure extends Error {}

const onPort = (text: string) => (port === 4000 ? text : text.replaceAll(":4000", `:${port}`));

function report(file: string, line: number, command: string, why: string, r?: Result): void {
  tally.failed++;
  const lines = [`\n✗ ${file}:${line}`, command.replace(/^/gm, "    "), `  ${why}`];
  if (r?.stdout.trim()) lines.push("  answer:", r.stdout.trim().slice(0, 2_000).replace(/^/gm, "    "));
  if (r && (r.rc !== 0 || r.timedOut) && r.stderr.trim()) lines.push("  stderr:", r.stderr.trim().slice(-1_000).replace(/^/gm, "    "));
  for (let n = 1; n <= backgrounds; n++) {
    const log = readFileSync(path.join(work, `background-${n}.log`), "utf8").trim();
    if (log) lines.push(`  background command ${n} wrote:`, log.split("\n").slice(-5).join("\n").replace(/^/gm, "    "));
  }
  console.error(lines.join("\n"));
  if (!keepGoing) throw new Failure();
}

async function setKey(): Promise<void> {
  if (server.demoKey) await shell.run(`KEY='${server.demoKey}'`, 5_000);
}

/** `… npm start`: the server starts again with the shell's exported settings and the ones on the line. */
async function restart(settings: string): Promise<void> {
  const envFile = path.join(work, "server.env");
  await shell.run(`${settings} env -0 > '${envFile}'`, 5_000);
  const serverEnv = Object.fromEntries(
    readFileSync(envFile, "utf8")
      .split("\0")
      .filter(Boolean)
      .map((kv) => [kv.slice(0, kv.indexOf("=")), kv.slice(kv.indexOf("=") + 1)]),
  );
  const started = Date.now();
  await server.stop();
  const stopped = Date.now();
  await server.start(serverEnv);
  await setKey();
  if (verbose) console.log(`npm start: stopped in ${((stopped - started) / 1000).toFixed(1)} s, up in ${((Date.now() - stopped) / 1000).toFixed(1)} s`);
}

/** Runs a command as the guide writes it, but for two things a reader does by hand (docs/testing.md). */
function asRun(text: string): string {
  // `KEY=gw_…` stands for pasting the key the server printed.
  if (/^KEY=gw_…/.test(text)) return `KEY='${server.demoKey}'`;
  // A reader starts a helper in another terminal; here it runs in the background, its output in a file.
  if (/[^&]&\s*(#.*)?$/.test(text)) return text.replace(/&\s*(#.*)?$/, `> "$DOCS_RUN_DIR/background-${++backgrounds}.log" 2>&1 &`);
  return onPort(text);
}

async function runCommand(cmd: Command): Promise<void> {
  const settings = startLine(cmd.text);
  if (settings !== undefined) {
    await restart(settings);
    tally.passed++;
    return;
  }
  const deadline = Date.now() + READ_AGAIN_MS;
  for (;;) {
    const r = await shell.run(asRun(cmd.text), COMMAND_TIMEOUT_MS);
    const why = problem(cmd.answer, r);
    const final = !why || !isRead(cmd.text) || Date.now() > deadline || r.timedOut;
    if (verbose && final) console.log(`${cmd.file}:${cmd.line} [${r.statuses.join(",")}] ${Date.now() - deadline + READ_AGAIN_MS} ms\n${r.stdout.trim()}`);
    if (!why) {
      tally.passed++;
      return;
    }
    if (final) return report(cmd.file, cmd.line, cmd.text, why, r);
    await new Promise((res) => setTimeout(res, 250));
  }
}

async function runGraphql(block: Block): Promise<void> {
  const key = await shell.variable("KEY");
  for (const op of operations(block)) {
    const variables: Record<string, unknown> = {};
    for (const v of op.variables) {
      const value = await shell.variable(v.shell);
      if (value === "") {
        report(block.file, op.line, op.text, `$${v.name} needs ${v.shell}, which no earlier step sets`);
        continue;
      }
      variables[v.name] = v.numeric ? Number(value) : value;
    }
    const why = await runOperation(op, `http://127.0.0.1:${port}`, key, variables).catch((e: Error) => e.message);
    if (why) report(block.file, op.line, op.text, why);
    else tally.passed++;
  }
}

async function runGuides(): Promise<void> {
  for (const file of guideOrder(root)) {
    const blocks = readBlocks(root, file);
    const started = Date.now();
    for (const block of blocks) {
      if (block.norun) tally.notRun++;
      else if (block.lang === "graphql") await runGraphql(block);
      else for (const cmd of shellCommands(block)) await runCommand(cmd);
    }
    if (blocks.length > 0) console.log(`${file}: ${blocks.length} blocks, ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

// Files the guides write where the reader works (a CSV sheet): removed again after the run.
const untracked = () => new Set(execFileSync("git", ["ls-files", "--others", "--exclude-standard"], { cwd: root, encoding: "utf8" }).split("\n").filter(Boolean));

async function main(): Promise<number> {
  const started = Date.now();
  const before = untracked();
  try {
    await runGuides();
  } catch (e) {
    if (!(e instanceof Failure)) {
      tally.failed++;
      console.error(e instanceof Error ? e.message : e);
    }
  } finally {
    shell.close();
    await server.stop();
    for (const file of untracked()) if (!before.has(file)) rmSync(path.join(root, file));
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (tally.failed > 0) console.error(`\nThe server's log: ${path.join(work, "server.log")}\n${server.tail()}`);
  else rmSync(work, { recursive: true, force: true });
  console.log(`\n${tally.passed} commands and operations as the guides show them, ${tally.notRun} blocks marked norun, ${seconds} s`);
  console.log(`docs: ${tally.passed} passed, ${tally.failed} failed, ${tally.notRun} skipped`);
  return tally.failed > 0 ? 1 : 0;
}

process.exitCode = await main();
