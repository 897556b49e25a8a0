import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import type { ChildProcess } from "node:child_process";
import { startServerProcess, stopServerProcess } from "./kit/spawn.js";
import { waitFor } from "./kit/wait.js";
import { OWN_PROCESSES_MS } from "./kit/limits.js";
import { HEAP_GROWING_PERCENT, SCAVENGER_MAX_NEW_SPACE_MB, serviceV8Flags } from "../src/core/runtime/v8-settings.js";
import { embeddedPass } from "./kit/server.js";

// The API server runs with its V8 flags on its own command line (src/core/runtime/v8-settings.ts): V8
// 13.6 and later honour some of them only there, so a server started without them replaces itself
// with one started with them. The process stays the one its parent started (same id), and a flag
// the operator gave node wins over ours. Once started, it gives back the heap start-up grew.

const embedded = { DATA_DIR: "memory://", SEED_DEMO: "false", DATABASE_URL: "", REDIS_URL: "" };
let child: ChildProcess | undefined;
afterEach(async () => stopServerProcess(child));

/** The command line the kernel has for `pid`: what V8 was started with. */
const commandLine = (pid: number) => fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);

/** The flags the server's listening line says it runs with. */
const loggedFlags = (stdout: string) => {
  const line = stdout.split("\n").find((l) => l.includes('"messaging gateway listening"'));
  return (JSON.parse(line ?? "{}") as { v8Flags?: string[] }).v8Flags;
};

// Every test starts a server process of its own (twice, when it replaces itself with its flags).
describe.runIf(embeddedPass && process.platform === "linux")("the server's V8 flags", { timeout: OWN_PROCESSES_MS }, () => {
  it("are on the command line of the process its parent started, and in its listening line", async () => {
    const started = await startServerProcess(embedded);
    child = started.child;
    const wanted = serviceV8Flags({ postgres: false, v8: process.versions.v8 }, []);
    expect(wanted).toContain(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
    const argv = commandLine(child.pid!);
    for (const flag of wanted) expect(argv).toContain(flag);
    expect(argv.indexOf(wanted[0]!)).toBeLessThan(argv.findIndex((a) => a.endsWith("main.ts")));
    expect(loggedFlags(started.stdout())).toEqual(wanted);
    expect((await fetch(`${started.url}/readyz`)).status).toBe(200);
  });

  it("leave a flag the operator gave node as it was given", async () => {
    const started = await startServerProcess(embedded, { nodeArgs: ["--heap_growing_percent=30"] });
    child = started.child;
    const argv = commandLine(child.pid!);
    expect(argv).toContain("--heap_growing_percent=30");
    expect(argv).not.toContain(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
    expect(loggedFlags(started.stdout())).not.toContain(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  });

  it("give back the young generation start-up grew, once the server has started", async () => {
    const started = await startServerProcess(embedded);
    child = started.child;
    const line = await waitFor(
      () =>
        started
          .stdout()
          .split("\n")
          .find((l) => l.includes('"start-up garbage collected"')),
      (found) => found !== undefined,
    );
    const { heapMb } = JSON.parse(line!) as { heapMb: { before: number; after: number } };
    expect(heapMb.after).toBeLessThan(heapMb.before);
    const metrics = await (await fetch(`${started.url}/metrics`)).text();
    const newSpace = Number(/^gateway_nodejs_heap_space_size_total_bytes\{space="new"\} (\d+)/m.exec(metrics)?.[1]);
    // Start-up leaves it at its cap (four times the flag: 32 MB); the collection shrinks it to V8's least.
    // Read, not missing (NaN fails both bounds); how little V8 keeps is its own choice.
    expect(newSpace).toBeGreaterThan(0);
    expect(newSpace).toBeLessThan(SCAVENGER_MAX_NEW_SPACE_MB * 1_048_576);
  });
});
