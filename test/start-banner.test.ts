import type { ChildProcess } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { startServerProcess, stopServerProcess } from "./kit/spawn.js";
import { OWN_PROCESSES_MS } from "./kit/limits.js";
import { embeddedPass } from "./kit/server.js";

// What `npm start` shows a person: outside production a few lines on stderr (where everything is,
// and the demo key), while stdout stays JSON lines that tools read; in production, JSON only.

let running: ChildProcess | undefined;
afterEach(() => stopServerProcess(running));

/** An embedded in-memory server process (so a development start seeds the demo tenant). */
async function start(nodeEnv: "development" | "production") {
  const server = await startServerProcess({ NODE_ENV: nodeEnv, DATABASE_URL: "", DATA_DIR: "memory://", ENV_FILE: "" }, { stderr: "pipe" });
  running = server.child;
  let stderr = "";
  server.child.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
  return { ...server, stderr: () => stderr };
}

/** Every line of stdout is a JSON object; returns them. */
function jsonLines(stdout: string): Record<string, unknown>[] {
  return stdout
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

async function until(what: string, check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
  if (!check()) throw new Error(`never saw ${what}`);
}

// Each test starts a server process of its own.
describe.runIf(embeddedPass)("the start banner", { timeout: OWN_PROCESSES_MS }, () => {
  it("outside production names every surface and the demo key on stderr, and the key works; stdout stays JSON", async () => {
    const server = await start("development");
    await until("the demo key line", () => server.stderr().includes("Try: curl"));
    const banner = server.stderr();
    expect(banner).toContain(`Messaging gateway (development) at ${server.url}`);
    for (const place of [`${server.url}/api/v1`, `${server.url}/api/v1/docs`, `${server.url}/graphql`, `${server.url}/console`]) expect(banner).toContain(place);
    expect(banner).toMatch(/GraphiQL +http/);
    const key = /Demo API key \(shown once\): (gw_\S+)/.exec(banner)?.[1];
    expect(key).toBeDefined();
    const balance = await fetch(`${server.url}/api/v1/balance`, { headers: { authorization: `Bearer ${key}` } });
    expect(balance.status).toBe(200);
    // Each place it names answers.
    for (const place of ["/api/v1/docs", "/graphql", "/console"]) {
      expect((await fetch(`${server.url}${place}`, { headers: { accept: "text/html" } })).status).toBe(200);
    }

    await stopServerProcess(server.child);
    const lines = jsonLines(server.stdout());
    expect(lines.map((l) => l.msg)).toContain("messaging gateway listening");
    expect(server.stdout()).not.toContain(key);
  });

  it("in production prints JSON lines only", async () => {
    const server = await start("production");
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);

    await stopServerProcess(server.child);
    expect(server.stderr()).toBe("");
    const lines = jsonLines(server.stdout());
    expect(lines.map((l) => l.msg)).toContain("messaging gateway listening");
    expect(server.stdout()).not.toMatch(/Demo API key|gw_/);
  });
});
