import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/core/config.js";
import { createApp } from "../src/app/app.js";
import { onPostgres } from "./kit/server.js";
import { runScript, startServerProcess } from "./kit/spawn.js";
import { wsClient } from "./kit/ws.js";
import { Client } from "./kit/http.js";
import { OWN_PROCESSES_MS } from "./kit/limits.js";

// SIGTERM to a real server process with a request in flight and a live websocket: the request is
// answered, the websocket closed as "going away", the process exits 0 in time, and the embedded
// database is released with the message kept. (The embedded database is what a lock can leak on;
// the same shutdown path serves PostgreSQL.)
/** A plan, a tenant with one number and an API key, made through the running server's admin endpoint. */
async function customerKey(url: string, adminToken: string): Promise<string> {
  const admin = async (command: string, args: Record<string, string>) => {
    const r = await fetch(`${url}/admin/commands`, {
      method: "POST",
      headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/json" },
      body: JSON.stringify({ command, args }),
    });
    return ((await r.json()) as { result: Record<string, any> }).result;
  };
  await admin("plan:create", { name: "Basic", monthlyLimit: "100", maxAccounts: "2" });
  const tenant = await admin("tenant:create", { name: "Shop", plan: "Basic", ends: "2099-12-31" });
  await admin("account:create", { tenant: String(tenant.id), name: "Main", phone: "0551000001", warmUp: "false" });
  const { key } = await admin("key:create", { tenant: String(tenant.id) });
  expect(key).toMatch(/^gw_/);
  return key as string;
}

describe.skipIf(onPostgres)("graceful shutdown", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gw-shutdown-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("finishes the request in flight, closes websockets with 1001, releases the database and exits 0", { timeout: OWN_PROCESSES_MS }, async () => {
    const { child, url } = await startServerProcess({
      DATABASE_URL: "",
      REDIS_URL: "",
      ENV_FILE: "",
      DATA_DIR: dir,
      SEED_DEMO: "false",
      ADMIN_TOKEN: "shutdown-test-admin-token",
      SIMULATOR_LATENCY_MS: "1500",
      WORKER_SHUTDOWN_MS: "3000",
    });
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

    const key = await customerKey(url, "shutdown-test-admin-token");
    const ws = wsClient(url, { connectionParams: { apiKey: key } });
    const live = ws.subscribe("subscription { messageEvents { status } }");
    // The socket must be live before the signal: on a loaded machine its handshake can take longer
    // than the wait below, and an upgrade that arrives after shutdown began is refused, not closed.
    await ws.connected;
    const api = new Client(url, key);
    // Waits for the simulator's 1.5 s: SIGTERM arrives while it is in flight.
    const inFlight = api.post("/send", { to: "0501234567", message: "in flight" });
    await new Promise((r) => setTimeout(r, 400));
    const started = Date.now();
    child.kill("SIGTERM");

    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe("sent");
    expect(await ws.closedWith).toBe(1001);
    await live.done;
    expect(await exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(3_000 + 5_000);

    // The directory is free again and the message is there, sent.
    const app = await createApp(loadConfig({ NODE_ENV: "test", DATA_DIR: dir, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "silent", SEED_DEMO: "false", WORKER_ENABLED: "false" }));
    try {
      const after = await new Client(await app.listen(), key).get(`/messages/${answer.body.message_id}`);
      expect(after.body).toMatchObject({ status: "sent", to: "966501234567" });
    } finally {
      await app.close();
    }
  });

  it("ignores a second SIGTERM during shutdown, and replaces an admin.json a killed server left", { timeout: OWN_PROCESSES_MS }, async () => {
    const dir2 = fs.mkdtempSync(path.join(os.tmpdir(), "gw-shutdown-twice-"));
    try {
      // What a SIGKILLed server leaves: admin.json naming a pid that is alive (this test's own
      // process, as after pid reuse) but does not hold the database. The CLI must not trust it.
      const stale = path.join(dir2, "admin.json");
      fs.writeFileSync(stale, JSON.stringify({ url: "http://127.0.0.1:9", token: "stale", pid: process.pid }));
      const cli = await runScript("src/features/admin/cli.ts", ["plan:create", "--name", "Basic", "--monthly-limit", "100", "--max-accounts", "2", "--json"], {
        DATABASE_URL: "",
        ENV_FILE: "",
        DATA_DIR: dir2,
      });
      expect(cli.code, cli.stderr).toBe(0);
      expect(JSON.parse(cli.stdout)).toMatchObject({ name: "Basic" });

      const { child, url } = await startServerProcess({
        DATABASE_URL: "",
        REDIS_URL: "",
        ENV_FILE: "",
        DATA_DIR: dir2,
        SEED_DEMO: "false",
        ADMIN_TOKEN: "twice-admin-token",
        SIMULATOR_LATENCY_MS: "1500",
        WORKER_SHUTDOWN_MS: "3000",
      });
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
      expect(JSON.parse(fs.readFileSync(stale, "utf8"))).toMatchObject({ pid: child.pid, url });

      const admin = async (command: string, args: Record<string, string>) => {
        const r = await fetch(`${url}/admin/commands`, {
          method: "POST",
          headers: { authorization: "Bearer twice-admin-token", "content-type": "application/json" },
          body: JSON.stringify({ command, args }),
        });
        return ((await r.json()) as { result: Record<string, any> }).result;
      };
      const tenant = await admin("tenant:create", { name: "Shop", plan: "Basic", ends: "2099-12-31" });
      await admin("account:create", { tenant: String(tenant.id), name: "Main", phone: "0551000001", warmUp: "false" });
      const { key } = await admin("key:create", { tenant: String(tenant.id) });

      const inFlight = new Client(url, key as string).post("/send", { to: "0501234567", message: "in flight" });
      await new Promise((r) => setTimeout(r, 400));
      child.kill("SIGTERM");
      await new Promise((r) => setTimeout(r, 200));
      child.kill("SIGTERM"); // what many supervisors send again; the drain must go on

      const answer = await inFlight;
      expect(answer.status).toBe(200);
      expect(answer.body.status).toBe("sent");
      expect(await exited).toEqual({ code: 0, signal: null });
      expect(fs.existsSync(stale)).toBe(false);
    } finally {
      fs.rmSync(dir2, { recursive: true, force: true });
    }
  });
});
