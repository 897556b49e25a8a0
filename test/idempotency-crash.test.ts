import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { onPostgres, useServer } from "./kit/server.js";
import { adminOf, startServerProcess } from "./kit/spawn.js";
import { waitFor } from "./kit/wait.js";
import { Client } from "./kit/http.js";
import { OWN_PROCESSES_MS } from "./kit/limits.js";
import { ledgerIds } from "./kit/processes.js";

// An Idempotency-Key whose request died with its process: the request holds the key under a lease
// (IDEMPOTENCY_LEASE_SECONDS, 1 s here) and records on it the message(s) it created, so a retry
// after the lease answers from them instead of waiting for an answer that will never come. The
// process dies after the simulator took the message and before its answer came back, so the
// message the new process delivers reaches the simulator a second time: the delivery promise's
// one extra copy per lost answer, counted on the message (docs/design.md, "Delivery promise").
// This file's own server runs no worker: on PostgreSQL it only lends its schema to the processes.
const server = useServer({ WORKER_ENABLED: "false" });
const withKey = (key: string) => ({ "idempotency-key": key });
const ADMIN_TOKEN = "idempotency-crash-admin-token";

describe("an Idempotency-Key whose request died", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gw-idem-crash-"));
  const ledgerFile = path.join(dir, "ledger.jsonl");
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const c of children) c.kill("SIGKILL");
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A server process on this file's database (PostgreSQL schema, or an embedded one on disk). */
  async function startProcess(latencyMs: number, stallAfterAccept = false) {
    const started = await startServerProcess({
      ...(onPostgres ? { DATABASE_URL: server().databaseUrl!, DATA_DIR: "" } : { DATABASE_URL: "", DATA_DIR: path.join(dir, "db") }),
      REDIS_URL: "",
      ENV_FILE: "",
      SEED_DEMO: "false",
      ADMIN_TOKEN,
      SIMULATOR_LATENCY_MS: String(latencyMs),
      SIMULATOR_STALL_AFTER_ACCEPT: String(stallAfterAccept),
      SIMULATOR_LEDGER_FILE: ledgerFile,
      IDEMPOTENCY_LEASE_SECONDS: "1",
      WORKER_LEASE_SECONDS: "5",
      WORKER_POLL_MS: "50",
    });
    children.push(started.child);
    return started;
  }

  const deliveries = (id: string) =>
    fs.existsSync(ledgerFile)
      ? fs
          .readFileSync(ledgerFile, "utf8")
          .split("\n")
          .filter(Boolean)
          .filter((l) => (JSON.parse(l) as { messageId: string }).messageId === id).length
      : 0;

  it("a server SIGKILLed after the simulator took the send, restarted: the retry with the key gets 2xx, one message, two deliveries, one lost answer", {
    timeout: OWN_PROCESSES_MS,
  }, async () => {
    // The first process's simulator takes the message, then holds its answer for a minute: the
    // process dies with the send accepted and unknown to it.
    const first = await startProcess(60_000, true);
    const admin = adminOf(first.url, ADMIN_TOKEN);
    // Polling for the recovered delivery (every 25 ms, up to a lease's length) must not spend the
    // key's request allowance, or the reads after it would be answered 429 instead.
    await admin("plan:create", { name: "Crash", monthlyLimit: "100", maxAccounts: "2", requestsPerSecond: "1000", requestBurst: "2000" });
    const tenant = await admin("tenant:create", { name: "Shop", plan: "Crash", ends: "2099-12-31" });
    await admin("account:create", { tenant: String(tenant.id), name: "Main", phone: "0551000001", warmUp: "false" });
    const { key } = (await admin("key:create", { tenant: String(tenant.id) })) as { key: string };

    const body = { to: "0501234567", message: "code 4242" };
    const inFlight = new Client(first.url, key).request("POST", "/api/v1/send", body, withKey("crash-1")).catch(() => undefined);
    // Accepted (allowance taken, message stored and held by the request) and taken by the
    // simulator, whose answer has not come back.
    await waitFor(
      () => ledgerIds(ledgerFile).length,
      (n) => n === 1,
      30_000,
    );
    expect((await new Client(first.url, key).get("/balance")).body.messages.used).toBe(1);
    const exited = new Promise((resolve) => first.child.once("exit", resolve));
    first.child.kill("SIGKILL");
    await exited;
    await inFlight;

    const second = await startProcess(1);
    const api = new Client(second.url, key);
    const retry = await api.request("POST", "/api/v1/send", body, withKey("crash-1"));
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({ success: true, to: "966501234567" });
    const id = String(retry.body.message_id);
    // The answer is kept: a further retry gets it unchanged.
    const again = await api.request("POST", "/api/v1/send", body, withKey("crash-1"));
    expect(again.status).toBe(200);
    expect(again.body).toEqual(retry.body);

    // The worker's lease recovery delivers the message the first process created; the simulator
    // took it before the crash too, so the contact has it twice: one lost answer, counted.
    await waitFor(
      () => api.get(`/messages/${id}`),
      (r) => r.body.status === "sent",
      60_000,
    );
    const listed = await api.request("POST", "/graphql", { query: "{ messages(first: 10) { edges { node { id lostAnswers } } } }" });
    expect(listed.body.data.messages.edges).toEqual([{ node: { id, lostAnswers: 1 } }]);
    expect(deliveries(id)).toBe(2);
    const metrics = await (await fetch(`${second.url}/metrics`)).text();
    expect(/^gateway_message_lost_answers (\d+)$/m.exec(metrics)?.[1]).toBe("1");
    expect((await api.get("/balance")).body.messages.used).toBe(1);
  });
});

// The states a crash leaves between the claim and the answer, set on the key row of this file's
// own server: a holder that stopped renewing after creating a batch, and one that created nothing.
describe("taking over a key whose holder stopped renewing its lease", () => {
  const expireHolder = (tenantId: number, key: string) => server().app.deps.db.$executeRaw`
    UPDATE idempotency_key SET response = NULL, completed_at = NULL, owner = 'vanished', lease_until = now() - interval '1 second'
    WHERE tenant_id = ${tenantId} AND key = ${key}`;
  const messagesOf = (tenantId: number) => server().app.deps.db.message.count({ where: { tenantId } });

  it("answers from the batch the holder created, queueing nothing again", async () => {
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    const body = { numbers: ["0501110001", "0501110002", "0501110003"], message: "sale" };
    const first = await api.request("POST", "/api/v1/send-bulk", body, withKey("bulk-crash"));
    expect(first.status).toBe(200);
    expect(await expireHolder(t.id, "bulk-crash")).toBe(1);
    const again = await api.request("POST", "/api/v1/send-bulk", body, withKey("bulk-crash"));
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await messagesOf(t.id)).toBe(3);
    expect((await api.get("/balance")).body.messages.used).toBe(3);
  });

  it("runs the request when the holder created nothing", async () => {
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    const body = { to: "0501234567", message: "hello" };
    const done = await api.request("POST", "/api/v1/send", body, withKey("done"));
    expect(done.status).toBe(200);
    // The same request under another key, claimed by a holder that died before accepting anything.
    await server().app.deps.db.$executeRaw`
      INSERT INTO idempotency_key (tenant_id, key, request_hash, owner, lease_until)
      SELECT tenant_id, 'died-early', request_hash, 'vanished', now() - interval '1 second'
      FROM idempotency_key WHERE tenant_id = ${t.id} AND key = 'done'`;
    const retry = await api.request("POST", "/api/v1/send", body, withKey("died-early"));
    expect(retry.status).toBe(200);
    expect(retry.body.status).toBe("sent");
    expect(retry.body.message_id).not.toBe(done.body.message_id);
    expect(await messagesOf(t.id)).toBe(2);
    expect(server().app.channel.ledger.filter((e) => e.messageId === BigInt(retry.body.message_id))).toHaveLength(1);
  });
});
