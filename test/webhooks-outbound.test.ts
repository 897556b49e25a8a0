import { createHmac, timingSafeEqual } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { graphql } from "../src/gql/index.js";
import { runAdminCommand } from "../src/features/admin/admin.js";
import { WebhookDispatcher } from "../src/features/webhooks/webhook-dispatcher.js";
import { loadConfig } from "../src/core/config.js";
import { createApp } from "../src/app/app.js";
import { createLogger } from "../src/core/runtime/logger.js";
import { onPostgres, startServer, useServer, type TestServer } from "./kit/server.js";
import { startFakeProvider, type Recorded, type Reply } from "./kit/fake-provider.js";
import { waitFor } from "./kit/wait.js";
import type { SeededTenant } from "./kit/seed.js";

// Outbound webhooks: a tenant's endpoints get every change of its messages, signed, retried,
// in order per message. Receivers are local HTTP servers, so this server allows loopback targets;
// the address rules themselves are tested on a server with the default (strict) settings.

const MAX_ATTEMPTS = 3;
const webhookSettings = {
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: "true",
  WEBHOOK_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
  WEBHOOK_RETRY_BASE_MS: "20",
  WEBHOOK_RETRY_MAX_MS: "100",
  WEBHOOK_TIMEOUT_MS: "10000",
};
const server = useServer(webhookSettings);

const CreateEndpoint = graphql(`
  mutation WhCreate($input: CreateWebhookEndpointInput!) {
    createWebhookEndpoint(input: $input) { secret endpoint { id url events enabled createdAt } }
  }
`);

const Endpoints = graphql(`
  query WhEndpoints { webhookEndpoints { id url events } }
`);

const DeleteEndpoint = graphql(`
  mutation WhDelete($id: ID!) { deleteWebhookEndpoint(id: $id) { endpoint { id url } } }
`);

const Deliveries = graphql(`
  query WhDeliveries($first: Int, $after: String, $filter: WebhookDeliveryFilter) {
    webhookDeliveries(first: $first, after: $after, filter: $filter) {
      edges { node { id endpointId eventId eventType messageId status attempts responseStatus lastError payload deliveredAt } }
      pageInfo { hasNextPage endCursor }
    }
  }
`);

const Replay = graphql(`
  mutation WhReplay($id: ID!) { replayWebhookDelivery(id: $id) { delivery { id eventId status attempts } } }
`);

type Receiver = Awaited<ReturnType<typeof startFakeProvider>>;
const receivers: Receiver[] = [];
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
});

async function receiver(answer: (req: Recorded) => Reply | Promise<Reply> = () => ({ status: 200 })): Promise<Receiver> {
  const r = await startFakeProvider(answer);
  receivers.push(r);
  return r;
}

async function tenantWithEndpoint(url: string, events?: Array<"STATUS" | "DELIVERED" | "READ">) {
  const tenant = await server().seed.tenant().account().create();
  const api = server().client(tenant.key);
  const created = await api.graphql(CreateEndpoint, { input: { url, events } });
  expect(created.errors).toBeUndefined();
  return { tenant, api, secret: created.data!.createWebhookEndpoint.secret, endpointId: created.data!.createWebhookEndpoint.endpoint.id };
}

async function deliveriesOf(api: ReturnType<TestServer["client"]>, filter: Record<string, unknown> = {}) {
  const r = await api.graphql(Deliveries, { first: 100, filter });
  expect(r.errors).toBeUndefined();
  return r.data!.webhookDeliveries.edges.map((e) => e.node);
}

/** What a receiver does with X-Signature (docs/webhooks.md's snippet): constant-time compare, fresh timestamp. */
function verify(secret: string, req: Recorded): { valid: boolean; ageSeconds: number } {
  const header = String(req.headers["x-signature"] ?? "");
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!match) return { valid: false, ageSeconds: Infinity };
  const expected = createHmac("sha256", secret).update(`${match[1]}.${req.raw}`).digest();
  return { valid: timingSafeEqual(expected, Buffer.from(match[2]!, "hex")), ageSeconds: Math.abs(Date.now() / 1000 - Number(match[1])) };
}

const eventIdOf = (req: Recorded) => String(req.headers["x-event-id"]);
const versionOf = (req: Recorded) => (req.body as { data: { status_version: number } }).data.status_version;

/** A receiver's answer that fails the first attempt of every event with `status`, then accepts. */
function failsFirstAttempts(status: number) {
  const seen = new Set<string>();
  return (req: Recorded): Reply => {
    const first = !seen.has(eventIdOf(req));
    seen.add(eventIdOf(req));
    return { status: first ? status : 200 };
  };
}

/** Each queued message's events (pending 1, sending 2, sent 3) arrived in order, each failed once then accepted. */
function expectEachFailedOnceInOrder(r: Receiver, ids: number[]) {
  for (const id of ids) {
    const arrivals = r.requests.filter((req) => (req.body as { data: { message_id: number } }).data.message_id === id).map(versionOf);
    expect(arrivals, `message ${id}`).toEqual([1, 1, 2, 2, 3, 3]);
  }
}

describe("outbound webhooks", () => {
  it("POSTs every status change, signed with the secret shown once, with a fresh timestamp", async () => {
    const r = await receiver();
    const { api, secret, endpointId } = await tenantWithEndpoint(`${r.url}/hooks`);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const listed = await api.graphql(Endpoints);
    expect(listed.data?.webhookEndpoints).toEqual([{ id: endpointId, url: `${r.url}/hooks`, events: [] }]);

    const sent = await api.post("/send", { to: "0501234567", message: "hello" });
    expect(sent.status).toBe(200);
    const id = sent.body.message_id as number;
    await waitFor(
      () => Promise.resolve(r.requests.length),
      (n) => n >= 2,
    );
    expect(r.requests.map(eventIdOf)).toEqual([`evt_${id}_1`, `evt_${id}_2`]);
    for (const req of r.requests) {
      expect(req.method).toBe("POST");
      expect(req.path).toBe("/hooks");
      expect(req.headers["content-type"]).toBe("application/json");
      const { valid, ageSeconds } = verify(secret, req);
      expect(valid).toBe(true);
      expect(ageSeconds).toBeLessThan(300);
      expect(verify("whsec_wrong", req).valid).toBe(false);
    }
    expect(r.requests[1]!.body).toEqual({
      id: `evt_${id}_2`,
      type: "message.status",
      created_at: expect.stringMatching(/Z$/),
      data: expect.objectContaining({ message_id: id, status: "sent", status_version: 2, to: "966501234567", batch_id: null, error: null }),
    });
    // The receiver has answered; the dispatcher records that a moment later.
    const log = await waitFor(
      () => deliveriesOf(api),
      (l) => l.every((d) => d.status === "delivered"),
    );
    expect(log.map((d) => [d.eventId, d.status, d.attempts, d.responseStatus])).toEqual([
      [`evt_${id}_2`, "delivered", 1, 200],
      [`evt_${id}_1`, "delivered", 1, 200],
    ]);
    // The log shows the body exactly as it was signed and sent.
    expect(log[0]!.payload).toBe(r.requests[1]!.raw);
  });

  it("retries a 500 with backoff: the same event id arrives three times and ends delivered after 3 attempts", async () => {
    const seen = new Map<string, number>();
    const r = await receiver((req) => {
      const n = (seen.get(eventIdOf(req)) ?? 0) + 1;
      seen.set(eventIdOf(req), n);
      return { status: n <= 2 ? 500 : 200 };
    });
    const { api } = await tenantWithEndpoint(r.url);
    const id = (await api.post("/send", { to: "0501234567", message: "retry me" })).body.message_id as number;
    const log = await waitFor(
      () => deliveriesOf(api),
      (ds) => ds.length === 2 && ds.every((d) => d.status === "delivered"),
    );
    expect(log.map((d) => d.attempts)).toEqual([3, 3]);
    expect(log.every((d) => d.responseStatus === 200 && d.lastError === null)).toBe(true);
    // The second event waited until the first was through, failures included.
    expect(r.requests.map(eventIdOf)).toEqual([...Array(3).fill(`evt_${id}_1`), ...Array(3).fill(`evt_${id}_2`)]);
  });

  it("keeps each message's events in status_version order when the receiver fails every first attempt", async () => {
    const r = await receiver(failsFirstAttempts(503));
    const { api } = await tenantWithEndpoint(r.url);
    const numbers = ["0501234561", "0501234562", "0501234563", "0501234564"];
    const bulk = await api.post("/send-bulk", { numbers, message: "in order" });
    expect(bulk.status).toBe(200);
    const ids: number[] = bulk.body.messages.map((m: { message_id: number }) => m.message_id);
    await waitFor(
      () => deliveriesOf(api, { statuses: ["delivered"] }),
      (ds) => ds.length === ids.length * 3,
    );
    expectEachFailedOnceInOrder(r, ids);
  });

  it("fails a delivery after WEBHOOK_MAX_ATTEMPTS, never holding up message delivery, then lets later events through", async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const r = await receiver(async () => {
      await held;
      return { status: 500, body: "receiver broken" };
    });
    const { api } = await tenantWithEndpoint(r.url);
    const bulk = await api.post("/send-bulk", { numbers: ["0501234571", "0501234572"], message: "not held up" });
    const batchId = bulk.body.batch_id as number;
    // Every message is sent while no webhook attempt has come back yet.
    await waitFor(
      () => api.get(`/batches/${batchId}`),
      (b) => b.body.status === "completed",
    );
    const during = await deliveriesOf(api);
    expect(during.every((d) => d.lastError === null && d.responseStatus === null)).toBe(true);
    // The test's premise, not a count: an attempt was already held by the receiver while the sends
    // went on (how many the dispatcher has in flight at once is its own affair).
    expect(r.requests.length).toBeGreaterThan(0);

    // A delivery still in flight cannot be replayed: it will be sent anyway.
    const inFlight = await waitFor(
      () => deliveriesOf(api, { statuses: ["sending"] }),
      (ds) => ds.length > 0,
    );
    const refused = await api.graphql(Replay, { id: inFlight[0]!.id });
    expect(refused.status).toBe(422);
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: "DELIVERY_NOT_FINISHED" });

    release();
    const log = await waitFor(
      () => deliveriesOf(api),
      (ds) => ds.length === 6 && ds.every((d) => d.status === "failed"),
    );
    for (const d of log) expect(d).toMatchObject({ attempts: MAX_ATTEMPTS, responseStatus: 500, lastError: "HTTP 500", deliveredAt: null });
    const perEvent = new Map<string, number>();
    for (const req of r.requests) perEvent.set(eventIdOf(req), (perEvent.get(eventIdOf(req)) ?? 0) + 1);
    expect([...perEvent.values()]).toEqual(Array(6).fill(MAX_ATTEMPTS));
  });

  it.runIf(onPostgres)("shares the outbox between two dispatchers on one PostgreSQL: each event delivered once, in order per message", async () => {
    // A second instance on the same database, with its own worker and dispatcher.
    const config = loadConfig({
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: "0",
      LOG_LEVEL: "silent",
      SEED_DEMO: "false",
      SIMULATOR_LATENCY_MS: "0",
      WORKER_POLL_MS: "20",
      DATABASE_URL: server().databaseUrl!,
      ...webhookSettings,
    });
    const second = await createApp(config, { log: createLogger(config) });
    await second.listen();
    try {
      const r = await receiver(failsFirstAttempts(500));
      const { api } = await tenantWithEndpoint(r.url);
      const numbers = Array.from({ length: 12 }, (_, i) => `05012346${String(i).padStart(2, "0")}`);
      const ids: number[] = (await api.post("/send-bulk", { numbers, message: "two dispatchers" })).body.messages.map((m: { message_id: number }) => m.message_id);
      await waitFor(
        () => deliveriesOf(api, { statuses: ["delivered"] }),
        (ds) => ds.length === ids.length * 3,
      );
      expectEachFailedOnceInOrder(r, ids);
    } finally {
      await second.close();
    }
  });

  it("sends only the event types an endpoint asked for", async () => {
    const all = await receiver();
    const { api } = await tenantWithEndpoint(all.url);
    const receiptsOnly = await api.graphql(CreateEndpoint, { input: { url: `${all.url}/receipts`, events: ["DELIVERED", "READ"] } });
    expect(receiptsOnly.data?.createWebhookEndpoint.endpoint.events).toEqual(["DELIVERED", "READ"]);
    const receiptsEndpoint = receiptsOnly.data!.createWebhookEndpoint.endpoint.id;
    await api.post("/send", { to: "0501234567", message: "status only" });
    // Both endpoints' rows are written in the same transaction as the change they report.
    await waitFor(
      () => deliveriesOf(api),
      (ds) => ds.length >= 2,
    );
    expect(await deliveriesOf(api, { endpointId: receiptsEndpoint })).toEqual([]);
  });

  it("lists deliveries newest first with filters and paging, and replays one as a new delivery of the same event", async () => {
    const r = await receiver();
    const { api } = await tenantWithEndpoint(r.url);
    const first = (await api.post("/send", { to: "0501234567", message: "one" })).body.message_id as number;
    const second = (await api.post("/send", { to: "0501234568", message: "two" })).body.message_id as number;
    await waitFor(
      () => deliveriesOf(api, { statuses: ["delivered"] }),
      (ds) => ds.length === 4,
    );

    const page1 = await api.graphql(Deliveries, { first: 3 });
    expect(page1.data?.webhookDeliveries.edges.map((e) => e.node.eventId)).toEqual([`evt_${second}_2`, `evt_${second}_1`, `evt_${first}_2`]);
    expect(page1.data?.webhookDeliveries.pageInfo.hasNextPage).toBe(true);
    const page2 = await api.graphql(Deliveries, { first: 3, after: page1.data!.webhookDeliveries.pageInfo.endCursor });
    expect(page2.data?.webhookDeliveries.edges.map((e) => e.node.eventId)).toEqual([`evt_${first}_1`]);
    const ofFirst = await deliveriesOf(api, { messageId: String(first) });
    expect(ofFirst.map((d) => [d.eventId, d.eventType, d.messageId])).toEqual([
      [`evt_${first}_2`, "STATUS", String(first)],
      [`evt_${first}_1`, "STATUS", String(first)],
    ]);

    const original = ofFirst[1]!;
    const replay = await api.graphql(Replay, { id: original.id });
    expect(replay.errors).toBeUndefined();
    const queued = replay.data!.replayWebhookDelivery.delivery;
    expect(queued).toMatchObject({ eventId: original.eventId, attempts: 0 });
    expect(BigInt(queued.id)).toBeGreaterThan(BigInt(original.id));
    await waitFor(
      () => deliveriesOf(api, { messageId: String(first) }),
      (ds) => ds.find((d) => d.id === queued.id)?.status === "delivered",
    );
    expect(r.requests.map(eventIdOf).filter((e) => e === original.eventId)).toHaveLength(2);
  });

  it("keeps each tenant's endpoints and deliveries its own: another tenant's ids are NOT_FOUND", async () => {
    const r = await receiver();
    const { api: owner, endpointId } = await tenantWithEndpoint(r.url);
    await owner.post("/send", { to: "0501234567", message: "mine" });
    const [delivery] = await waitFor(
      () => deliveriesOf(owner),
      (ds) => ds.length > 0,
    );

    const stranger = server().client((await server().seed.tenant().account().create()).key);
    expect((await stranger.graphql(Endpoints)).data?.webhookEndpoints).toEqual([]);
    expect(await deliveriesOf(stranger)).toEqual([]);
    expect(await deliveriesOf(stranger, { endpointId })).toEqual([]);
    for (const id of [delivery!.id, "999999999", "abc"]) {
      const replay = await stranger.graphql(Replay, { id });
      expect(replay.status).toBe(404);
      expect(replay.errors?.[0]?.extensions).toMatchObject({ code: "NOT_FOUND" });
    }
    const deleted = await stranger.graphql(DeleteEndpoint, { id: endpointId });
    expect(deleted.errors?.[0]?.extensions).toMatchObject({ code: "NOT_FOUND" });

    expect((await owner.graphql(DeleteEndpoint, { id: endpointId })).data?.deleteWebhookEndpoint.endpoint.id).toBe(endpointId);
    expect((await owner.graphql(Endpoints)).data?.webhookEndpoints).toEqual([]);
    expect(await deliveriesOf(owner)).toEqual([]);
  });

  it("validates input: unknown event types, bad URLs, and the per-tenant endpoint limit", async () => {
    const tenant = await server().seed.tenant().create();
    const api = server().client(tenant.key);
    const ftp = await api.graphql(CreateEndpoint, { input: { url: "ftp://127.0.0.1/x" } });
    expect(ftp.status).toBe(422);
    expect(ftp.errors?.[0]?.extensions).toMatchObject({ code: "VALIDATION_ERROR", fields: { url: "must use http or https" } });
    const relative = await api.graphql(CreateEndpoint, { input: { url: "/hooks" } });
    expect(relative.errors?.[0]?.extensions).toMatchObject({ code: "VALIDATION_ERROR", fields: { url: "must be an absolute http(s) URL" } });
    const withPassword = await api.graphql(CreateEndpoint, { input: { url: "http://user:pw@127.0.0.1/x" } });
    expect(withPassword.errors?.[0]?.extensions).toMatchObject({ code: "VALIDATION_ERROR", fields: { url: expect.stringContaining("password") } });

    const admin = (args: Record<string, unknown>) => runAdminCommand(server().app.deps.db, "webhook:create", args, server().app.deps.config);
    await expect(admin({ tenant: tenant.id, url: "http://127.0.0.1:1/x", events: "message.status,message.sent" })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
      fields: { events: expect.stringContaining("message.sent") },
    });
    for (let i = 0; i < 10; i++) await admin({ tenant: tenant.id, url: `http://127.0.0.1:1/${i}` });
    const eleventh = await api.graphql(CreateEndpoint, { input: { url: "http://127.0.0.1:1/10" } });
    expect(eleventh.errors?.[0]?.extensions).toMatchObject({ code: "VALIDATION_ERROR", fields: { url: expect.stringContaining("at most 10") } });
  });

  it("has admin commands to create (secret shown once), list (no secret) and delete endpoints", async () => {
    const tenant: SeededTenant = await server().seed.tenant().create();
    const run = (command: string, args: Record<string, unknown>) => runAdminCommand(server().app.deps.db, command, args, server().app.deps.config);
    const created = (await run("webhook:create", { tenant: tenant.id, url: "http://127.0.0.1:1/ops", events: "message.read" })) as Record<string, unknown>;
    expect(created).toMatchObject({ tenantId: tenant.id, url: "http://127.0.0.1:1/ops", events: ["message.read"], secret: expect.stringMatching(/^whsec_/) });
    const listed = (await run("webhook:list", { tenant: tenant.id })) as Array<Record<string, unknown>>;
    expect(listed).toHaveLength(1);
    expect(listed[0]).not.toHaveProperty("secret");
    expect(await run("webhook:delete", { id: created.id })).toMatchObject({ id: created.id });
    await expect(run("webhook:delete", { id: created.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    // Without settings, the admin commands keep the strict address rules.
    await expect(runAdminCommand(server().app.deps.db, "webhook:create", { tenant: tenant.id, url: "http://127.0.0.1:1/ops" })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
    });
  });
});

describe("webhook address rules (default settings)", () => {
  let strict: TestServer;
  beforeAll(async () => {
    strict = await startServer({ WEBHOOK_MAX_ATTEMPTS: "1" });
  });
  afterAll(async () => {
    await strict?.close();
  });

  it("refuses loopback, private, link-local and other internal targets at registration with 422 VALIDATION_ERROR", async () => {
    const tenant = await strict.seed.tenant().create();
    const api = strict.client(tenant.key);
    const cases: Array<[string, string]> = [
      ["http://127.0.0.1:8080/hook", "127.0.0.1 is a loopback address"],
      ["http://10.1.2.3/hook", "10.1.2.3 is a private (RFC 1918) address"],
      ["http://192.168.0.10/hook", "private (RFC 1918)"],
      ["http://169.254.169.254/latest/meta-data", "169.254.169.254 is a link-local address"],
      ["http://[::1]:8080/hook", "::1 is a loopback address"],
      ["https://[fd00::1]/hook", "unique-local IPv6"],
      ["http://[::ffff:10.0.0.1]/hook", "10.0.0.1 is a private (RFC 1918) address"],
      ["http://100.64.0.1/hook", "carrier-grade NAT"],
      ["http://0.0.0.0/hook", "unspecified"],
      ["http://224.0.0.1/hook", "multicast"],
      ["http://localhost:8080/hook", "loopback"],
    ];
    for (const [url, reason] of cases) {
      const r = await api.graphql(CreateEndpoint, { input: { url } });
      expect(r.status, url).toBe(422);
      expect(r.errors?.[0]?.extensions, url).toMatchObject({ code: "VALIDATION_ERROR", fields: { url: expect.stringContaining(reason) } });
    }
    expect((await api.graphql(Endpoints)).data?.webhookEndpoints).toEqual([]);
  });

  it("refuses them again when sending, so a name that later points inward reaches nothing", async () => {
    const r = await receiver();
    const tenant = await strict.seed.tenant().account().create();
    const api = strict.client(tenant.key);
    // As if registered while the names pointed elsewhere: one literal, one resolved at connect time.
    const port = new URL(r.url).port;
    for (const url of [`${r.url}/literal`, `http://localhost:${port}/resolved`]) {
      await strict.app.deps.db.webhookEndpoint.create({ data: { tenantId: tenant.id, url, secret: "whsec_test" } });
    }
    await api.post("/send", { to: "0501234567", message: "no inward requests" });
    const log = await waitFor(
      () => deliveriesOf(api),
      (ds) => ds.length === 4 && ds.every((d) => d.status === "failed"),
    );
    for (const d of log) expect(d.lastError).toMatch(/^address not allowed: (127\.0\.0\.1|::1) is a loopback address$/);
    expect(r.requests).toEqual([]);
  });
});

describe("webhook dispatcher shutdown", () => {
  let quiet: TestServer;
  beforeAll(async () => {
    // No worker or dispatcher of its own: the test runs the dispatchers itself.
    quiet = await startServer({ ...webhookSettings, WORKER_ENABLED: "false", WORKER_SHUTDOWN_MS: "200" });
  });
  afterAll(async () => {
    await quiet?.close();
  });

  it("stops within WORKER_SHUTDOWN_MS, handing a stalled delivery back to the queue for the next dispatcher", async () => {
    let answering = false;
    const r = await receiver(() => (answering ? { status: 200 } : { status: 200, hang: true }));
    const tenant = await quiet.seed.tenant().account().create();
    const api = quiet.client(tenant.key);
    await api.graphql(CreateEndpoint, { input: { url: r.url } });
    const id = (await api.post("/send", { to: "0501234567", message: "stalled" })).body.message_id as number;

    const first = new WebhookDispatcher(quiet.app.deps);
    first.start();
    await waitFor(
      () => Promise.resolve(r.requests.length),
      (n) => n === 1,
    );
    await first.stop();
    const handedBack = await deliveriesOf(api);
    expect(handedBack.map((d) => [d.eventId, d.status, d.attempts, d.lastError])).toEqual([
      [`evt_${id}_2`, "pending", 0, null],
      [`evt_${id}_1`, "pending", 0, null],
    ]);

    answering = true;
    const next = new WebhookDispatcher(quiet.app.deps);
    next.start();
    try {
      await waitFor(
        () => deliveriesOf(api),
        (ds) => ds.every((d) => d.status === "delivered"),
      );
    } finally {
      await next.stop();
    }
    expect(r.requests.map(eventIdOf)).toEqual([`evt_${id}_1`, `evt_${id}_1`, `evt_${id}_2`]);
  });
});
