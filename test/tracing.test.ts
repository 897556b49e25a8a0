import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "./kit/server.js";
import { startFakeProvider } from "./kit/fake-provider.js";
import { waitFor } from "./kit/wait.js";

// Traces (docs/operations.md, "Traces"): with OTEL_EXPORTER_OTLP_ENDPOINT set, each request is a
// server span sent to the collector over OTLP/HTTP, a child of the caller's W3C traceparent when it
// sends one, and every log line of the request names the trace and the span. A queued message
// keeps the request's traceparent: the worker's delivery, its provider call and its webhooks (whose
// receiver is sent a traceparent) are spans of the same trace. The collector here is
// a plain HTTP server of the test's own that keeps what it is sent, read back as OTLP's JSON
// encoding (opentelemetry-proto's trace service, ids in hex).

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Array<{ key: string; value: Record<string, unknown> }>;
  status?: { code?: number };
}
interface OtlpExport {
  resourceSpans: Array<{ resource: { attributes: Array<{ key: string; value: { stringValue?: string } }> }; scopeSpans: Array<{ spans: OtlpSpan[] }> }>;
}

const exports: OtlpExport[] = [];
const paths: string[] = [];
const collector = http.createServer((req, res) => {
  let body = "";
  req.on("data", (c: Buffer) => (body += c.toString()));
  req.on("end", () => {
    paths.push(`${req.method} ${req.url} ${req.headers["content-type"]}`);
    exports.push(JSON.parse(body) as OtlpExport);
    res.writeHead(200, { "content-type": "application/json" }).end("{}");
  });
});
const spans = () => exports.flatMap((e) => e.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)));
const attribute = (span: OtlpSpan, key: string) => Object.values(span.attributes.find((a) => a.key === key)?.value ?? {})[0];

const lines: Array<Record<string, unknown>> = [];
let server: TestServer;
const receiver = await startFakeProvider(() => ({ status: 200, body: {} }));

beforeAll(async () => {
  await new Promise<void>((resolve) => collector.listen(0, "127.0.0.1", resolve));
  const endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}/`;
  server = await startServer(
    { LOG_LEVEL: "info", OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_SERVICE_NAME: "gateway-under-test", WEBHOOK_ALLOW_PRIVATE_ADDRESSES: "true" },
    { logTo: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) } },
  );
});
afterAll(async () => {
  await server?.close();
  collector.close();
  await receiver.close();
});

describe("traces", () => {
  it("a request is a server span under the caller's traceparent, sent over OTLP/HTTP, and its log lines name it", async () => {
    const t = await server.seed.tenant().account().create();
    const [traceId, parentId] = [randomBytes(16).toString("hex"), randomBytes(8).toString("hex")];
    const sent = await server.client(t.key).post("/send", { to: "0501234567", message: "traced" }, { traceparent: `00-${traceId}-${parentId}-01`, "x-request-id": "req-traced" });
    expect(sent.status).toBe(200);

    const span = (await waitFor(
      () => Promise.resolve(spans().find((s) => s.traceId === traceId && s.kind === 2)),
      (s) => s !== undefined,
      20_000,
    ))!;
    expect(span).toMatchObject({ name: "POST /api/v1/send", kind: 2, parentSpanId: parentId });
    // Sent within the request: the provider call is the request's child.
    const call = spans().find((s) => s.traceId === traceId && s.name === "send to simulator");
    expect([call?.kind, call?.parentSpanId, attribute(call!, "gateway.message_id")]).toEqual([3, span.spanId, String(sent.body.message_id)]);
    expect([attribute(span, "http.route"), attribute(span, "http.request.method"), String(attribute(span, "http.response.status_code"))]).toEqual(["/api/v1/send", "POST", "200"]);
    expect(span.status?.code ?? 0).toBe(0);
    const resource = exports.find((e) => e.resourceSpans.some((r) => r.scopeSpans.some((s) => s.spans.includes(span))))!.resourceSpans[0]!.resource;
    expect(resource.attributes.find((a) => a.key === "service.name")?.value.stringValue).toBe("gateway-under-test");
    expect(paths[0]).toBe("POST /v1/traces application/json");

    const logged = lines.filter((l) => l.requestId === "req-traced");
    // The request's own line (written once its answer has gone) among them, and each names the trace.
    expect(logged.filter((l) => l.msg === "request").length).toBe(1);
    for (const line of logged) expect([line.traceId, line.spanId]).toEqual([traceId, span.spanId]);
  });

  it("a request without a traceparent starts a trace of its own; a route no one serves is named unmatched", async () => {
    const before = spans().length;
    const missing = await fetch(`${server.url}/nowhere`, { headers: { "x-request-id": "req-untraced" } });
    expect(missing.status).toBe(404);
    const span = (await waitFor(
      () =>
        Promise.resolve(
          spans()
            .slice(before)
            .find((s) => s.name.endsWith("unmatched")),
        ),
      (s) => s !== undefined,
      20_000,
    ))!;
    expect(span.parentSpanId ?? "").toBe("");
    expect(span.traceId).toMatch(/^[0-9a-f]{32}$/);
    const [line] = lines.filter((l) => l.requestId === "req-untraced");
    expect([line?.traceId, line?.spanId]).toEqual([span.traceId, span.spanId]);
  });

  it("a bulk send's trace goes on through the worker's delivery, the provider call and each webhook POST", async () => {
    const t = await server.seed.tenant().account().create();
    const api = server.client(t.key);
    expect((await api.post("/webhooks", { url: `${receiver.url}/hook` })).status).toBe(200);
    const [traceId, parentId] = [randomBytes(16).toString("hex"), randomBytes(8).toString("hex")];
    // The second number fails for good at the simulator (its default SIMULATOR_FAIL_PATTERN).
    const bulk = await api.post("/send-bulk", { numbers: ["0501234567", "966500000011"], message: "traced bulk" }, { traceparent: `00-${traceId}-${parentId}-01` });
    expect(bulk.status).toBe(200);
    const [okId, failedId] = (bulk.body.messages as Array<{ message_id: number }>).map((m) => String(m.message_id)) as [string, string];

    // Each message: queued, sending, then sent or failed, each event one webhook POST.
    const inTrace = () => spans().filter((s) => s.traceId === traceId);
    const named = (name: string) => inTrace().filter((s) => s.name === name);
    await waitFor(
      () => Promise.resolve(named("webhook POST").length),
      (n) => n >= 6,
      20_000,
    );
    const [request] = inTrace().filter((s) => s.kind === 2);
    expect(request).toMatchObject({ name: "POST /api/v1/send-bulk", parentSpanId: parentId });

    const deliveries = named("deliver queued message");
    expect(deliveries.map((d) => String(attribute(d, "gateway.message_id"))).sort()).toEqual([okId, failedId].sort());
    for (const d of deliveries) expect([d.kind, d.parentSpanId]).toEqual([5, request!.spanId]);
    const calls = named("send to simulator");
    expect(calls).toHaveLength(2);
    const deliveryOf = (id: string) => deliveries.find((d) => attribute(d, "gateway.message_id") === id)!;
    for (const id of [okId, failedId]) {
      const call = calls.find((c) => attribute(c, "gateway.message_id") === id)!;
      expect([call.kind, call.parentSpanId]).toEqual([3, deliveryOf(id).spanId]);
      expect(call.status?.code ?? 0).toBe(id === failedId ? 2 : 0);
    }

    // The webhooks continue the request's span, and tell the receiver their own.
    const posts = named("webhook POST");
    expect(posts.every((p) => p.parentSpanId === request!.spanId && p.kind === 3)).toBe(true);
    const sentParents = receiver.requests.filter((r) => r.path === "/hook").map((r) => r.headers.traceparent);
    expect(sentParents).toHaveLength(6);
    expect(new Set(sentParents)).toEqual(new Set(posts.map((p) => `00-${traceId}-${p.spanId}-01`)));

    // The worker's log line about the failed one names the trace and its delivery's span.
    const failedLine = lines.find((l) => l.msg === "delivery failed" && l.messageId === failedId);
    expect([failedLine?.traceId, failedLine?.spanId]).toEqual([traceId, deliveryOf(failedId).spanId]);
  });
});
