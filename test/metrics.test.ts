import pg from "pg";
import { describe, expect, it } from "vitest";
import { lateInMonth, startPassDone, startServer, useServer, type TestServer } from "./kit/server.js";
import { waitFor } from "./kit/wait.js";
import { wsClient } from "./kit/ws.js";
import { MANY_STEPS_MS } from "./kit/limits.js";
import { foldMessageCounts } from "../src/core/runtime/metrics-sql.js";

// Prometheus metrics at /metrics, read after real traffic through the server.
const server = useServer();

async function scrape(): Promise<string> {
  const r = await fetch(`${server().url}/metrics`);
  expect(r.status).toBe(200);
  expect(r.headers.get("content-type")).toContain("text/plain");
  return r.text();
}

/** The value of one sample line, e.g. value(text, 'gateway_messages{status="sent"}'); undefined when absent. */
function value(text: string, sample: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${sample} `));
  return line === undefined ? undefined : Number(line.slice(sample.length + 1));
}

const DAY = 86_400_000;
const STATUSES = ["pending", "sending", "sent", "failed"] as const;
type ByStatus = Record<(typeof STATUSES)[number], number>;

/** gateway_messages as one scrape of `server` reports it. */
async function reported(server: TestServer): Promise<ByStatus> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  return Object.fromEntries(STATUSES.map((status) => [status, value(text, `gateway_messages{status="${status}"}`)])) as ByStatus;
}

/** The same figures counted from the message table itself. */
async function counted(server: TestServer): Promise<ByStatus> {
  const rows = await server.app.deps.db.$queryRaw<Array<{ status: string; n: number }>>`SELECT status::text AS status, count(*)::int AS n FROM message GROUP BY status`;
  return Object.fromEntries(STATUSES.map((status) => [status, rows.find((r) => r.status === status)?.n ?? 0])) as ByStatus;
}

/** Scrapes `server`, checks the report against the table and answers it. */
async function exactly(server: TestServer): Promise<ByStatus> {
  const figures = await reported(server);
  expect(figures).toEqual(await counted(server));
  return figures;
}

/** The admin command `command` on `server`, as `npm run admin` sends it; answers its result. */
async function admin(server: TestServer, command: string, args: Record<string, unknown> = {}) {
  const r = await fetch(`${server.url}/admin/commands`, {
    method: "POST",
    headers: { authorization: `Bearer ${server.app.adminToken}`, "content-type": "application/json" },
    body: JSON.stringify({ command, args }),
  });
  expect(r.status).toBe(200);
  return ((await r.json()) as { result: Record<string, number> }).result;
}

describe("/metrics", () => {
  it("counts requests, operations, messages, channel errors, delivery latency and websockets", async () => {
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    const ok = await api.post("/send", { to: "0501234567", message: "a" });
    expect(ok.status).toBe(200);
    expect((await api.post("/send", { to: "0500000001", message: "b" })).status).toBe(502);
    const bulk = await api.post("/send-bulk", { numbers: ["0501230001", "0501230002"], message: "c" });
    await waitFor(
      () => api.get(`/batches/${bulk.body.batch_id}`),
      (b) => b.body.status === "completed",
    );
    await api.get(`/messages/${ok.body.message_id}`);
    const ws = wsClient(server().url, { connectionParams: { apiKey: t.key } });
    await ws.subscribe(`{ balance { plan } }`).done;

    const text = await scrape();
    expect(value(text, 'gateway_http_request_duration_seconds_count{method="POST",route="/api/v1/send",status="200"}')).toBe(1);
    expect(value(text, 'gateway_http_request_duration_seconds_count{method="POST",route="/api/v1/send",status="502"}')).toBe(1);
    expect(value(text, 'gateway_http_request_duration_seconds_count{method="GET",route="/api/v1/messages/:id",status="200"}')).toBe(1);
    expect(value(text, 'gateway_graphql_operation_duration_seconds_count{operation="sendMessage",type="mutation"}')).toBe(2);
    expect(value(text, 'gateway_graphql_operation_duration_seconds_count{operation="balance",type="query"}')).toBe(1);
    expect(value(text, 'gateway_messages{status="sent"}')).toBe(3);
    expect(value(text, 'gateway_messages{status="failed"}')).toBe(1);
    expect(value(text, "gateway_queue_depth")).toBe(0);
    expect(value(text, "gateway_queue_oldest_pending_age_seconds")).toBe(0);
    expect(value(text, 'gateway_channel_errors_total{driver="simulator",error="recipient_not_on_whatsapp",code="SIM_NOT_ON_WHATSAPP"}')).toBe(1);
    expect(value(text, 'gateway_delivery_latency_seconds_count{driver="simulator"}')).toBe(3);
    expect(value(text, "gateway_websocket_connections")).toBe(1);
    await ws.close();
  });

  it("shows the queue's depth and the age of its oldest due message", async () => {
    // A server with no worker, so queued messages stay queued.
    const idle = await startServer({ WORKER_ENABLED: "false" });
    try {
      const t = await idle.seed.tenant().account().create();
      await idle.client(t.key).post("/send-bulk", { numbers: ["0501230001", "0501230002", "0501230003"], message: "q" });
      const aged = Date.now();
      await idle.app.deps.db.$executeRaw`UPDATE message SET run_at = now() - interval '90 seconds' WHERE tenant_id = ${t.id}`;
      const text = await (await fetch(`${idle.url}/metrics`)).text();
      expect(value(text, "gateway_queue_depth")).toBe(3);
      expect(value(text, 'gateway_messages{status="pending"}')).toBe(3);
      const age = value(text, "gateway_queue_oldest_pending_age_seconds")!;
      // 90 s, and the real time the update and the scrape took.
      expect(age).toBeGreaterThanOrEqual(90);
      expect(age).toBeLessThanOrEqual(90 + (Date.now() - aged) / 1000);
    } finally {
      await idle.close();
    }
  });

  it("shows the webhook backlog due or in flight and the age of its oldest event", async () => {
    // No worker, so no dispatcher: the deliveries the sends queue stay due.
    const idle = await startServer({ WORKER_ENABLED: "false", WEBHOOK_ALLOW_PRIVATE_ADDRESSES: "true" });
    try {
      const t = await idle.seed.tenant().account().create();
      const api = idle.client(t.key);
      expect((await api.post("/webhooks", { url: "http://127.0.0.1:9/hook", events: ["message.status"] })).status).toBe(200);
      const before = await (await fetch(`${idle.url}/metrics`)).text();
      expect([value(before, "gateway_webhook_backlog"), value(before, "gateway_webhook_backlog_oldest_age_seconds")]).toEqual([0, 0]);
      await api.post("/send-bulk", { numbers: ["0501230001", "0501230002", "0501230003"], message: "q" });
      const queued = await idle.app.deps.db.webhookDelivery.count({ where: { tenantId: t.id } });
      // Each queued message's `pending` status, one delivery apiece.
      expect(queued).toBe(3);
      // One of them ended long ago: it is history, not backlog.
      const aged = Date.now();
      await idle.app.deps.db.$executeRaw`UPDATE webhook_delivery SET created_at = now() - interval '90 seconds' WHERE tenant_id = ${t.id}`;
      await idle.app.deps.db.$executeRaw`UPDATE webhook_delivery SET status = 'delivered', created_at = now() - interval '2 hours'
        WHERE id = (SELECT max(id) FROM webhook_delivery WHERE tenant_id = ${t.id})`;
      const text = await (await fetch(`${idle.url}/metrics`)).text();
      expect(value(text, "gateway_webhook_backlog")).toBe(queued - 1);
      const age = value(text, "gateway_webhook_backlog_oldest_age_seconds")!;
      // 90 s, and the real time the update and the scrape took.
      expect(age).toBeGreaterThanOrEqual(90);
      expect(age).toBeLessThanOrEqual(90 + (Date.now() - aged) / 1000);
    } finally {
      await idle.close();
    }
  });

  it("labels requests by route template, so invented paths add no series", async () => {
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    const series = (text: string) => text.split("\n").filter((l) => l.startsWith("gateway_http_request_duration_seconds_count{"));
    // Each kind of path once, so every label they need exists; then 500 more that are all new paths.
    const paths = (i: number) => [`/api/v1/nothing-${i}`, `/api/v1/messages/${i}`, `/webhooks/x${i}`, `/x/${i}`, `/api/v1/docs/assets/${i}.js`, `/graphql/assets/${i}`];
    for (const p of paths(0)) await api.request("GET", p);
    const before = series(await scrape());
    for (let i = 1; i <= 100; i++) for (const p of paths(i)) await api.request("GET", p);
    const after = series(await scrape());
    expect(after.length).toBe(before.length);
    const routes = new Set(after.map((l) => /route="([^"]*)"/.exec(l)![1]));
    expect(
      [...routes].filter(
        (r) =>
          r !== "unmatched" &&
          !/^\/(api\/v1\/[a-z-]+(\/:id)?(\/[a-z]+)?|api\/v1\/docs\/assets|graphql(\/assets)?|webhooks\/(waha|whatsapp-cloud)|admin\/commands|metrics|healthz|readyz)?$/.test(r!),
      ),
    ).toEqual([]);
    expect(routes).toContain("unmatched");
    expect(routes).toContain("/api/v1/messages/:id");
  });

  it("keeps gateway_messages exact through sends, failures, cancels, deletes row by row and a month dropped whole", { timeout: MANY_STEPS_MS }, async () => {
    const s = await startServer({ MESSAGE_RETENTION_DAYS: "30" });
    try {
      await startPassDone(s);
      lateInMonth(s);
      const clock = s.app.deps.clock;
      const moveTo = (at: Date) => clock.advance(at.getTime() - clock.now().getTime());
      expect(await exactly(s)).toEqual({ pending: 0, sending: 0, sent: 0, failed: 0 });

      const t = await s.seed.tenant().account().create();
      const api = s.client(t.key);
      for (const to of ["0501000001", "0501000002"]) expect((await api.post("/send", { to, message: "a" })).status).toBe(200);
      expect((await api.post("/send", { to: "0500000001", message: "b" })).status).toBe(502);
      const bulk = await api.post("/send-bulk", { numbers: ["0501000011", "0501000012", "0501000013"], message: "c" });
      await waitFor(
        () => api.get(`/batches/${bulk.body.batch_id}`),
        (b) => b.body.status === "completed",
      );
      const later = new Date(clock.now().getTime() + DAY).toISOString();
      const scheduled = await api.post("/send", { to: "0501000031", message: "d", send_at: later });
      const scheduledBulk = await api.post("/send-bulk", { numbers: ["0501000041", "0501000042"], message: "e", send_at: later });
      expect(await exactly(s)).toEqual({ pending: 3, sending: 0, sent: 5, failed: 1 });

      expect((await api.post(`/messages/${scheduled.body.message_id}/cancel`, {})).body.cancelled).toBe(true);
      expect((await api.post(`/batches/${scheduledBulk.body.batch_id}/cancel`, {})).body.cancelled).toBe(2);
      expect(await exactly(s)).toEqual({ pending: 0, sending: 0, sent: 5, failed: 4 });

      // Next month: one message early on and one three weeks later.
      const start = clock.now();
      moveTo(new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1, 1)));
      await admin(s, "maintenance:prune");
      const early = await api.post("/send", { to: "0501000051", message: "early" });
      moveTo(new Date(clock.now().getTime() + 20 * DAY));
      await admin(s, "maintenance:prune");
      const fresh = await api.post("/send", { to: "0501000052", message: "fresh" });
      expect([early.body.status, fresh.body.status]).toEqual(["sent", "sent"]);
      expect(await exactly(s)).toEqual({ pending: 0, sending: 0, sent: 7, failed: 4 });

      // Twenty days on: the first month has all expired and goes whole; of the second only `early`, row by row.
      moveTo(new Date(clock.now().getTime() + 20 * DAY));
      expect(await admin(s, "maintenance:prune")).toMatchObject({ messagePartitions: 1, expiredMessages: 1 });
      expect(await exactly(s)).toEqual({ pending: 0, sending: 0, sent: 1, failed: 0 });

      // A session of its own changes a status and ends; the housekeeper's fold moves its counts and keeps the figures.
      const db = s.app.deps.db;
      let ended: number | undefined;
      if (s.databaseUrl) {
        const url = new URL(s.databaseUrl);
        const schema = url.searchParams.get("schema")!;
        url.searchParams.delete("schema");
        const session = new pg.Client({ connectionString: url.toString(), options: `-c search_path="${schema}"` });
        await session.connect();
        ended = (await session.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]!.pid;
        await session.query("UPDATE message SET status = 'failed' WHERE id = $1", [fresh.body.message_id]);
        await session.end();
        expect(await exactly(s)).toEqual({ pending: 0, sending: 0, sent: 0, failed: 1 });
      }
      const before = await reported(s);
      const folded = await foldMessageCounts(db);
      expect(await exactly(s)).toEqual(before);
      // The embedded database has one session, which never ends while the server runs.
      if (ended !== undefined) {
        // The ended session moved one message from sent to failed: a row for each of the two.
        expect(folded).toBe(2);
        const [left] = await db.$queryRaw<Array<{ n: number }>>`SELECT count(*)::int AS n FROM message_count WHERE slot = ${ended}`;
        expect(left?.n).toBe(0);
      }
    } finally {
      await s.close();
    }
  });
});
