import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/core/config.js";
import { createApp } from "../src/app/app.js";
import { onPostgres } from "./kit/server.js";
import { waitFor } from "./kit/wait.js";
import { runScript, startServerProcess } from "./kit/spawn.js";
import { subscribeLive, wsClient } from "./kit/ws.js";
import { Client } from "./kit/http.js";
import { OWN_PROCESSES_MS } from "./kit/limits.js";

/** Waits until the server holds the message to `to` as being sent (the simulator's answer still to come). */
const inProviderCall = (url: string, key: string, to: string) =>
  waitFor(
    async () =>
      (
        await new Client(url, key).request("POST", "/graphql", {
          query: "query ($to: String) { messages(to: $to, status: [sending], first: 1) { edges { node { id } } } }",
          variables: { to },
        })
      ).body,
    (body) => body?.data?.messages?.edges?.length === 1,
  );

// SIGTERM to a real server process with a request in flight and a live websocket: the request is
// answered, the websocket closed as "going away", the process exits 0 in time, and the embedded
// database is released with the message kept. (The embedded database is what a lock can leak on;
// the same shutdown path serves PostgreSQL.)
/** A plan, a tenant with one number and an API key, made through the running server's admin endpoint. */
async function customerKey(url: string, adminToken: string): Promise<{ key: string; main: number; spare: number }> {
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
  const main = await admin("account:create", { tenant: String(tenant.id), name: "Main", phone: "0551000001", warmUp: "false" });
  // A second number for the warm-up sends, so the one in flight does not wait behind them for its pacing.
  const spare = await admin("account:create", { tenant: String(tenant.id), name: "Spare", phone: "0551000002", warmUp: "false" });
  const { key } = await admin("key:create", { tenant: String(tenant.id) });
  expect(key).toMatch(/^gw_/);
  return { key: key as string, main: main.id as number, spare: spare.id as number };
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

    const { key, main, spare } = await customerKey(url, "shutdown-test-admin-token");
    const ws = wsClient(url, { connectionParams: { apiKey: key } });
    const live = ws.subscribe("subscription { messageEvents { status } }");
    // The subscription must be live before the signal (an upgrade that arrives after shutdown
    // began is refused, not closed): it has heard a send's event.
    const api = new Client(url, key);
    expect(await subscribeLive(live, () => api.post("/send", { to: "0501234560", message: "warm-up", account_id: spare }))).toBe("live");
    // Waits for the simulator's 1.5 s: SIGTERM arrives while it is in flight.
    const inFlight = api.post("/send", { to: "0501234567", message: "in flight", account_id: main });
    await inProviderCall(url, key, "0501234567");
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

      const { child, url, stdout } = await startServerProcess({
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
      await inProviderCall(url, key as string, "0501234567");
      child.kill("SIGTERM");
      // Once its drain has begun (its log says so), the signal again, as many supervisors send it: the drain must go on.
      await waitFor(stdout, (out) => / stopping"/.test(out));
      child.kill("SIGTERM");
      await waitFor(stdout, (out) => /already stopping; SIGTERM ignored/.test(out));

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
