import { setTimeout as sleep } from "node:timers/promises";
import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";

// One measuring process of bench/subscribers.ts (forked by subscriber-pool.ts): it holds its share
// of the graphql-ws subscribers so that parsing hundreds of thousands of frames a second is spread
// over processes and the server, not the measuring side, bounds the figures. It answers the parent
// over IPC. Each event's latency is Date.now() minus its `at`: both are whole milliseconds, so 1 ms
// buckets lose nothing, and millions of samples cost a fixed 240 KB.

/** Latencies at or past this (ms) share the last bucket; the exact maximum is kept apart. */
export const HISTOGRAM_MS = 60_000;

export type ToClient =
  | { type: "connect"; url: string; apiKey: string; count: number; query: string }
  | { type: "status" }
  | { type: "reset"; after: number }
  | { type: "summary"; expected: string[]; waitUntil: number }
  | { type: "close" };

export interface Summary {
  /** Events received since the reset, of messages with an id above its `after`. */
  events: number;
  /** Non-empty histogram buckets: [latency ms, count]. */
  buckets: Array<[number, number]>;
  max: number;
  /** Expected (client, event) pairs never received. */
  missing: number;
  /** Receipts of an expected event by a client beyond its first. */
  duplicates: number;
  /** Events of messages past `after` that the parent did not expect (should be none). */
  unexpected: number;
  firstArrival: number;
  lastArrival: number;
  /** Largest latency among the events that arrived in each second after the reset. */
  perSecondMax: number[];
  /** Subscription errors and sockets that closed since start. */
  errors: number;
}

export type FromClient = { type: "connected" } | { type: "status"; live: number } | { type: "reset" } | { type: "summary"; summary: Summary } | { type: "failed"; error: string };

const clients: Client[] = [];
/** Per client: 1 once it received any event, which proves its subscription is live on the server. */
let live = new Uint8Array(0);
let errors = 0;
let closing = false;

// Per phase (cleared by "reset"). `after` starts infinite so that warm-up events only mark liveness.
let after = Number.POSITIVE_INFINITY;
let resetAt = 0;
let histogram = new Uint32Array(HISTOGRAM_MS + 1);
let max = 0;
let events = 0;
let firstArrival = 0;
let lastArrival = 0;
let perSecondMax: number[] = [];
/** Per event id, how often each client of this process received it; ids name (message, status version). */
let counts = new Map<string, Uint16Array>();

const send = (m: FromClient) => process.send?.(m);

function onEvent(client: number, event: { id: string; at: string }): void {
  const now = Date.now();
  live[client] = 1;
  // Event ids are evt_<message id>_<status version>; earlier messages belong to an earlier phase.
  const messageId = Number(event.id.slice(4, event.id.indexOf("_", 4)));
  if (!(messageId > after)) return;
  const latency = Math.max(0, now - Date.parse(event.at));
  histogram[Math.min(HISTOGRAM_MS, latency)]!++;
  if (latency > max) max = latency;
  const second = Math.floor((now - resetAt) / 1000);
  if (second >= 0 && !(perSecondMax[second]! >= latency)) perSecondMax[second] = latency;
  if (events++ === 0) firstArrival = now;
  lastArrival = now;
  let perClient = counts.get(event.id);
  if (!perClient) counts.set(event.id, (perClient = new Uint16Array(clients.length)));
  perClient[client]!++;
}

async function connect(url: string, apiKey: string, count: number, query: string): Promise<void> {
  live = new Uint8Array(count);
  const acked: Array<Promise<void>> = [];
  for (let i = 0; i < count; i++) {
    let ack!: () => void;
    acked.push(new Promise<void>((resolve) => (ack = resolve)));
    const client = createClient({
      url,
      webSocketImpl: WebSocket,
      connectionParams: { apiKey },
      lazy: false,
      retryAttempts: 0,
      on: {
        connected: () => ack(),
        // A socket that never got its ack must not hang the start; the error count reports it.
        closed: () => {
          if (!closing) errors++;
          ack();
        },
      },
    });
    clients.push(client);
    client.subscribe<{ messageEvents: { id: string; at: string } }>(
      { query },
      {
        next: (r) => r.data && onEvent(i, r.data.messageEvents),
        error: (e) => {
          errors++;
          console.error("subscription error", e);
        },
        complete: () => undefined,
      },
    );
    // Connecting in small steps keeps the server's accept queue and handshakes from timing out.
    if (i % 100 === 99) await sleep(50);
  }
  await Promise.all(acked);
}

/** Missing, duplicate and unexpected receipts against the event ids the parent expects. */
function account(expected: string[]): { missing: number; duplicates: number; unexpected: number } {
  let missing = 0;
  let duplicates = 0;
  let unexpected = 0;
  const wanted = new Set(expected);
  for (const id of wanted) {
    const perClient = counts.get(id);
    if (!perClient) {
      missing += clients.length;
      continue;
    }
    for (const n of perClient) {
      if (n === 0) missing++;
      else duplicates += n - 1;
    }
  }
  for (const [id, perClient] of counts) if (!wanted.has(id)) for (const n of perClient) unexpected += n;
  return { missing, duplicates, unexpected };
}

async function summarise(expected: string[], waitUntil: number): Promise<Summary> {
  let tally = account(expected);
  // Events still in flight when the parent asks are waited for, up to its deadline.
  while (tally.missing > 0 && Date.now() < waitUntil) {
    await sleep(100);
    tally = account(expected);
  }
  const buckets: Array<[number, number]> = [];
  histogram.forEach((n, ms) => n > 0 && buckets.push([ms, n]));
  return { events, buckets, max, ...tally, firstArrival, lastArrival, perSecondMax: Array.from(perSecondMax, (x) => x ?? 0), errors };
}

function reset(newAfter: number): void {
  after = newAfter;
  resetAt = Date.now();
  histogram = new Uint32Array(HISTOGRAM_MS + 1);
  max = events = firstArrival = lastArrival = 0;
  perSecondMax = [];
  counts = new Map();
}

async function handle(m: ToClient): Promise<void> {
  switch (m.type) {
    case "connect":
      await connect(m.url, m.apiKey, m.count, m.query);
      return void send({ type: "connected" });
    case "status":
      return void send({ type: "status", live: live.reduce((a, b) => a + b, 0) });
    case "reset":
      reset(m.after);
      return void send({ type: "reset" });
    case "summary":
      return void send({ type: "summary", summary: await summarise(m.expected, m.waitUntil) });
    case "close":
      closing = true;
      for (const c of clients) void c.dispose();
      // Lets the close frames go out, so the server sees clean closes rather than resets.
      await sleep(200);
      process.exit(0);
  }
}

process.on("message", (m: ToClient) => {
  handle(m).catch((err: unknown) => send({ type: "failed", error: String(err instanceof Error ? err.stack : err) }));
});
// Orphaned by a parent that died: nothing would ever close the sockets.
process.on("disconnect", () => process.exit(0));
