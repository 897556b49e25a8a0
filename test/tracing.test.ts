import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "./kit/server.js";
import { waitFor } from "./kit/wait.js";

// Traces (docs/operations.md, "Traces"): with OTEL_EXPORTER_OTLP_ENDPOINT set, each request is a
// server span sent to the collector over OTLP/HTTP, a child of the caller's W3C traceparent when it
// sends one, and every log line of the request names the trace and the span. The collector here is
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

beforeAll(async () => {
  await new Promise<void>((resolve) => collector.listen(0, "127.0.0.1", resolve));
  const endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}/`;
  server = await startServer(
    { LOG_LEVEL: "info", OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_SERVICE_NAME: "gateway-under-test" },
    { logTo: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) } },
  );
});
afterAll(async () => {
  await server?.close();
  collector.close();
});

describe("traces", () => {
  it("a request is a server span under the caller's traceparent, sent over OTLP/HTTP, and its log lines name it", async () => {
    const t = await server.seed.tenant().account().create();
    const [traceId, parentId] = [randomBytes(16).toString("hex"), randomBytes(8).toString("hex")];
    const sent = await server.client(t.key).post("/send", { to: "0501234567", message: "traced" }, { traceparent: `00-${traceId}-${parentId}-01`, "x-request-id": "req-traced" });
    expect(sent.status).toBe(200);

    const span = (await waitFor(
      () => Promise.resolve(spans().find((s) => s.traceId === traceId)),
      (s) => s !== undefined,
      20_000,
    ))!;
    expect(span).toMatchObject({ name: "POST /api/v1/send", kind: 2, parentSpanId: parentId });
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
});
