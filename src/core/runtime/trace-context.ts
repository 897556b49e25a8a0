import { AsyncLocalStorage } from "node:async_hooks";

// The span that code runs under, when tracing is on: a request's server span, or a worker's span
// for the message or webhook it is delivering. Log lines name it (logger.ts) and rows stored under
// it keep it as a W3C traceparent, so work done later, elsewhere, joins the same trace.

/** The ids a log line carries, as trace backends show them. */
export interface TraceIds {
  traceId: string;
  spanId: string;
}

const current = new AsyncLocalStorage<TraceIds>();

/** Runs `work` under the span `ids` names (nothing is kept when they are undefined: tracing is off). */
export const runInSpan = <T>(ids: TraceIds | undefined, work: () => T): T => (ids ? current.run(ids, work) : work());

/** The trace and span this code runs under, if any. */
export const currentTraceIds = (): TraceIds | undefined => current.getStore();

/** The W3C traceparent of the span this code runs under (sampled, as every span here is), or null when none. */
export function currentTraceParent(): string | null {
  const ids = current.getStore();
  return ids ? traceParentOf(ids) : null;
}

export const traceParentOf = (ids: TraceIds): string => `00-${ids.traceId}-${ids.spanId}-01`;
