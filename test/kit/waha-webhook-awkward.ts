// What WAHA's webhook sender does that a receiver cannot count on (WAHA 2026.7.1, reference
// test/kit/references/waha-sessions-and-graph.md A.2 and A.5, from https://waha.devlike.pro/docs/how-to/events/):
// a delivery the receiver did not take (no 2xx, no answer) is tried again by the webhook's `retries`
// ({delaySeconds, attempts, policy}), and a retried or slow delivery lands after the events that
// followed it, so `session.status` deliveries are not chained in order.
// Assumed where the reference is silent: `attempts` counts the tries after the first; a retry carries
// the same body and headers (the same event id) as the first try.

export interface Retries {
  delaySeconds?: number;
  attempts?: number;
  policy?: "linear" | "exponential" | "constant";
}

/**
 * The waits before each retry, in milliseconds (W-EVT: constant 2,2,2,2; linear 2,4,6,8; exponential
 * 2,4.1,8.4,16.3 with 20% jitter). `scale` shortens WAHA's clock for a test (1: as WAHA waits).
 */
export function retryDelaysMs(retries: Retries | null | undefined, scale = 1, random = Math.random): number[] {
  const attempts = retries?.attempts ?? 0;
  const base = (retries?.delaySeconds ?? 2) * 1000 * scale;
  return Array.from({ length: attempts }, (_, i) => {
    if (retries?.policy === "linear") return base * (i + 1);
    if (retries?.policy === "exponential") return base * 2 ** i * (1 + (random() - 0.5) * 0.4);
    return base;
  });
}

/** Waits `ms`, or less when `stop` aborts (the stand-in closes). */
const pause = (ms: number, stop: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    stop.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });

export const taken = (status: number) => status >= 200 && status < 300;

/**
 * After a first try answered `status`, posts again after each of the policy's waits while the
 * receiver did not take it, until `stop` aborts; `record` sees every try. Resolves with the last status.
 */
export async function retryUntilTaken(status: number, post: () => Promise<number>, delaysMs: number[], record: (status: number) => void, stop: AbortSignal): Promise<number> {
  for (const wait of delaysMs) {
    if (taken(status) || stop.aborted) break;
    await pause(wait, stop);
    if (stop.aborted) break;
    status = await post();
    record(status);
  }
  return status;
}

/**
 * Deliveries a test has taken out of the session's order: the session's next event waits until
 * the test lets it go, while the events after it are delivered at once (a retry or a busy worker
 * makes it late).
 */
export function lateEvents() {
  const marked = new Map<string, number>();
  const waiting = new Map<string, Array<() => void>>();
  return {
    /** The session's next `count` events are late. */
    delayNext(name: string, count = 1): void {
      marked.set(name, (marked.get(name) ?? 0) + count);
    },
    /** A gate for this event when it is to be late; undefined when it keeps its place. */
    gateFor(name: string): Promise<void> | undefined {
      const left = marked.get(name) ?? 0;
      if (left === 0) return undefined;
      marked.set(name, left - 1);
      return new Promise<void>((resolve) => waiting.set(name, [...(waiting.get(name) ?? []), resolve]));
    },
    /** Lets the session's late events go, the oldest first; answers how many. */
    release(name: string): number {
      const gates = waiting.get(name) ?? [];
      waiting.delete(name);
      for (const open of gates) open();
      return gates.length;
    },
    releaseAll(): void {
      for (const name of [...waiting.keys()]) this.release(name);
      marked.clear();
    },
  };
}
