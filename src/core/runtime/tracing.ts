import type http from "node:http";
import { defaultTextMapGetter, ROOT_CONTEXT, SpanKind, SpanStatusCode, type Span, type TextMapPropagator, type Tracer } from "@opentelemetry/api";
import type { Logger } from "pino";
import type { TracingConfig } from "./service-settings.js";
import { runInSpan, type TraceIds } from "./trace-context.js";

// OpenTelemetry traces, off unless OTEL_EXPORTER_OTLP_ENDPOINT names a collector: then the trace
// SDK and its OTLP/HTTP exporter are loaded (never otherwise, so a gateway without tracing pays
// for neither their code nor their memory), and spans are batched out. Nothing here is global: the
// tracer and the W3C propagator live in the app, and a span's ids reach the log lines of the
// request that made it through the request's own context (core/http/request-id.ts), so several
// apps in one process (tests) each trace their own.

/** A live span, as features see it: they pass it to spanFailed and read its context for headers. */
export type { Span };

export interface Tracing {
  tracer: Tracer;
  propagator: TextMapPropagator;
  /** Sends what is batched and stops. */
  shutdown(): Promise<void>;
}

export async function startTracing(config: TracingConfig, log: Logger): Promise<Tracing | undefined> {
  const { endpoint, serviceName } = config.tracing;
  if (!endpoint) return undefined;
  const [{ TracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, { resourceFromAttributes }, { W3CTraceContextPropagator }] = await Promise.all([
    import("@opentelemetry/sdk-trace"),
    import("@opentelemetry/exporter-trace-otlp-http"),
    import("@opentelemetry/resources"),
    import("@opentelemetry/core"),
  ]);
  // The collector's base URL, to which OTLP/HTTP adds its signal's path (the OpenTelemetry spec's rule for this setting).
  const url = `${endpoint.replace(/\/+$/, "")}/v1/traces`;
  const exporter = new OTLPTraceExporter({ url });
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ "service.name": serviceName }),
    spanProcessors: [new BatchSpanProcessor({ exporter, scheduledDelayMillis: 1_000 })],
  });
  log.info({ url }, "tracing: spans go to the OTLP collector");
  return { tracer: provider.getTracer("gateway"), propagator: new W3CTraceContextPropagator(), shutdown: () => provider.shutdown() };
}

/** A server span for one HTTP request, a child of the caller's `traceparent` when it sends one. */
export function startRequestSpan(tracing: Tracing, req: http.IncomingMessage): Span {
  const parent = tracing.propagator.extract(ROOT_CONTEXT, req.headers, defaultTextMapGetter);
  return tracing.tracer.startSpan(req.method ?? "HTTP", { kind: SpanKind.SERVER, attributes: { "http.request.method": req.method ?? "" } }, parent);
}

/** Ends a request's span with the route that served it and the status it answered. */
export function endRequestSpan(span: Span, method: string, route: string, status: number): void {
  span.updateName(`${method} ${route}`);
  span.setAttributes({ "http.route": route, "http.response.status_code": status });
  if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
  span.end();
}

/** A span of work done after its request: delivering a queued message, calling a provider, posting a webhook. */
export interface SpanOpening {
  name: string;
  kind: "client" | "consumer";
  /** The W3C traceparent the span continues (a stored row's, or currentTraceParent()); null: a trace of its own. */
  parent: string | null;
  attributes: Record<string, string | number | boolean>;
}

const KIND = { client: SpanKind.CLIENT, consumer: SpanKind.CONSUMER } as const;

/**
 * Runs `work` under a new span, which its log lines name and what it stores continues (trace-context.ts),
 * and ends the span when the work settles, as an error when it throws. Without tracing it only runs
 * `work` (with no span), and `open` is never called: one branch on the path of every message.
 */
export async function traced<T>(tracing: Tracing | undefined, open: () => SpanOpening, work: (span: Span | undefined) => Promise<T>): Promise<T> {
  if (!tracing) return work(undefined);
  const opening = open();
  const parent = opening.parent ? tracing.propagator.extract(ROOT_CONTEXT, { traceparent: opening.parent }, defaultTextMapGetter) : ROOT_CONTEXT;
  const span = tracing.tracer.startSpan(opening.name, { kind: KIND[opening.kind], attributes: opening.attributes }, parent);
  try {
    return await runInSpan(idsOf(span), () => work(span));
  } catch (err) {
    span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
    throw err;
  } finally {
    span.end();
  }
}

/** Marks a span's work as failed for a reason it answered with (a provider's refusal, a receiver's 500). */
export function spanFailed(span: Span | undefined, reason: string, attributes: Record<string, string | number> = {}): void {
  span?.setAttributes(attributes);
  span?.setStatus({ code: SpanStatusCode.ERROR, message: reason });
}

export const idsOf = (span: Span): TraceIds => {
  const { traceId, spanId } = span.spanContext();
  return { traceId, spanId };
};
