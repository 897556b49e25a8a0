import http from "node:http";
import type { AddressInfo } from "node:net";
import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";

// The parts of bench/soak.ts that make and watch the load: the webhook receiver (answers 200 at
// once and keeps what a lag, an order or a double needs), the paced REST sends and bulks, and the
// tenant-wide graphql-ws subscribers.

/** Whole seconds since `since` (ms from performance.now()). */
const secondOf = (since: number) => Math.floor((performance.now() - since) / 1000);

export interface Receiver {
  url: string;
  /** Events received in each second since the receiver started. */
  perSecond: number[];
  /** Largest lag (receipt minus the event's created_at, ms) among the events of each second. */
  lagPerSecond: number[];
  events: number;
  duplicates: number;
  /** Events of a message that arrived after one with a higher status_version. */
  outOfOrder: number;
  /** Messages whose `sent` event arrived. */
  sent: Set<number>;
  close: () => Promise<void>;
}

interface StatusEvent {
  id: string;
  created_at: string;
  data: { message_id?: number; status?: string; status_version?: number };
}

export async function startReceiver(): Promise<Receiver> {
  const started = performance.now();
  const seen = new Set<string>();
  const versions = new Map<number, number>();
  const receiver: Omit<Receiver, "url" | "close"> = { perSecond: [], lagPerSecond: [], events: 0, duplicates: 0, outOfOrder: 0, sent: new Set() };
  const record = (event: StatusEvent) => {
    const second = secondOf(started);
    receiver.events++;
    receiver.perSecond[second] = (receiver.perSecond[second] ?? 0) + 1;
    const lag = Date.now() - Date.parse(event.created_at);
    receiver.lagPerSecond[second] = Math.max(receiver.lagPerSecond[second] ?? 0, lag);
    if (seen.has(event.id)) receiver.duplicates++;
    seen.add(event.id);
    const { message_id: message, status_version: version, status } = event.data;
    if (message === undefined || version === undefined) return;
    if ((versions.get(message) ?? 0) > version) receiver.outOfOrder++;
    else versions.set(message, version);
    if (status === "sent") receiver.sent.add(message);
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      res.writeHead(200).end();
      record(JSON.parse(Buffer.concat(chunks).toString("utf8")) as StatusEvent);
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return Object.assign<typeof receiver, Pick<Receiver, "url" | "close">>(receiver, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

export interface Load {
  accepted: number;
  bulkAccepted: number;
  failed: Map<string, number>;
  /** Ends the pacing and waits for the requests still in flight. */
  stop: () => Promise<void>;
}

/**
 * REST /send at `perSecond` (open loop: a slow answer does not slow the pace), each request with
 * an Idempotency-Key of its own, and a bulk of `bulkSize` numbers every `bulkEverySeconds`.
 */
export function startLoad(apiUrl: string, key: string, o: { perSecond: number; bulkSize: number; bulkEverySeconds: number }): Load {
  const load: Load = { accepted: 0, bulkAccepted: 0, failed: new Map(), stop: () => Promise.resolve() };
  const inFlight = new Set<Promise<void>>();
  const fail = (what: string) => void load.failed.set(what, (load.failed.get(what) ?? 0) + 1);
  const post = (path: string, body: unknown, headers: Record<string, string>, done: (answer: Record<string, unknown>) => void) => {
    const request = fetch(`${apiUrl}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    })
      .then(async (r) => (r.ok ? done((await r.json()) as Record<string, unknown>) : fail(`${path} ${r.status}: ${(await r.text()).slice(0, 120)}`)))
      .catch((err: unknown) => fail(`${path} ${String(err)}`))
      .finally(() => inFlight.delete(request));
    inFlight.add(request);
  };
  const started = performance.now();
  let issued = 0;
  let bulks = 0;
  const tick = setInterval(() => {
    const elapsed = (performance.now() - started) / 1000;
    for (; issued < Math.floor(elapsed * o.perSecond); issued++) {
      const n = issued;
      post("/send", { to: `05${60_000_000 + (n % 20_000)}`, message: `soak ${n}` }, { "idempotency-key": `soak-${n}` }, () => load.accepted++);
    }
    if (elapsed >= bulks * o.bulkEverySeconds) {
      const first = 70_000_000 + (bulks % 50) * o.bulkSize;
      bulks++;
      const numbers = Array.from({ length: o.bulkSize }, (_, i) => `05${first + i}`);
      post("/send-bulk", { numbers, message: `soak bulk ${bulks}` }, {}, (answer) => (load.bulkAccepted += Number(answer.queued)));
    }
  }, 20);
  load.stop = async () => {
    clearInterval(tick);
    await Promise.allSettled([...inFlight]);
  };
  return load;
}

export interface Subscribers {
  events: () => number;
  errors: () => number;
  close: () => Promise<void>;
}

/** `count` graphql-ws clients, each subscribed to every message event of the key's tenant. */
export function startSubscribers(wsUrl: string, key: string, count: number): Subscribers {
  let events = 0;
  let errors = 0;
  const clients: Client[] = [];
  for (let i = 0; i < count; i++) {
    const client = createClient({ url: wsUrl, webSocketImpl: WebSocket, connectionParams: { apiKey: key }, retryAttempts: 0, lazy: false });
    client.subscribe({ query: "subscription { messageEvents { id status statusVersion } }" }, { next: () => void events++, error: () => void errors++, complete: () => undefined });
    clients.push(client);
  }
  return { events: () => events, errors: () => errors, close: async () => void (await Promise.all(clients.map((c) => Promise.resolve(c.dispose())))) };
}
