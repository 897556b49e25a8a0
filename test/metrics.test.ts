import { describe, expect, it } from "vitest";
import { startServer, useServer } from "./kit/server.js";
import { waitFor } from "./kit/wait.js";
import { wsClient } from "./kit/ws.js";

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
      await idle.app.deps.db.$executeRaw`UPDATE message SET run_at = now() - interval '90 seconds' WHERE tenant_id = ${t.id}`;
      const text = await (await fetch(`${idle.url}/metrics`)).text();
      expect(value(text, "gateway_queue_depth")).toBe(3);
      expect(value(text, 'gateway_messages{status="pending"}')).toBe(3);
      const age = value(text, "gateway_queue_oldest_pending_age_seconds")!;
      expect(age).toBeGreaterThanOrEqual(90);
      expect(age).toBeLessThan(3600);
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
      expect(queued).toBeGreaterThanOrEqual(3);
      // One of them ended long ago: it is history, not backlog.
      await idle.app.deps.db.$executeRaw`UPDATE webhook_delivery SET created_at = now() - interval '90 seconds' WHERE tenant_id = ${t.id}`;
      await idle.app.deps.db.$executeRaw`UPDATE webhook_delivery SET status = 'delivered', created_at = now() - interval '2 hours'
        WHERE id = (SELECT max(id) FROM webhook_delivery WHERE tenant_id = ${t.id})`;
      const text = await (await fetch(`${idle.url}/metrics`)).text();
      expect(value(text, "gateway_webhook_backlog")).toBe(queued - 1);
      const age = value(text, "gateway_webhook_backlog_oldest_age_seconds")!;
      expect(age).toBeGreaterThanOrEqual(90);
      expect(age).toBeLessThan(3600);
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
});
