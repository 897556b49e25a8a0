import { createHmac, randomBytes, randomUUID } from "node:crypto";
import http from "node:http";
import type { StandInSession } from "./waha-sessions.js";
import { lateEvents, type Retries, retryDelaysMs, retryUntilTaken, taken } from "./waha-webhook-awkward.js";

// The `session.status` webhooks of the WAHA sessions stand-in (test/kit/waha-sessions.ts), sent the
// way WAHA 2026.7.1 sends them. Reference: test/kit/references/waha-sessions-and-graph.md section A.5,
// from WAHA's OpenAPI (devlikeapro/waha-docs `static/swagger/openapi.json`, commit c9de9539cc4b24e5e957d178406826277e9fafa7,
// info.version 2026.7.1) and https://waha.devlike.pro/docs/how-to/events/ (envelope, headers, HMAC).
//
// Each try is recorded with the receiver's status, or 0 when it could not connect (or got no answer
// within DELIVERY_TIMEOUT_MS); a try the receiver did not take is retried by the webhook's `retries`
// (test/kit/waha-webhook-awkward.ts), and a test can make an event late, out of the session's order.

export type Engine = "NOWEB" | "WEBJS" | "GOWS";

export interface Delivery {
  url: string;
  headers: Record<string, string>;
  raw: string;
  status: number;
}

/** How long a delivery waits for the receiver's answer before it is recorded with status 0 (not from the reference). */
const DELIVERY_TIMEOUT_MS = 10_000;

/** Crockford base32 in lower case, as a ULID is written (`evt_01aaaaaaaaaaaaaaaaaaaaaaaa` in the reference). */
const CROCKFORD = "0123456789abcdefghjkmnpqrstvwxyz";

/** `evt_` and 26 ULID-like characters: 10 of time (ms), 16 random. */
export function eventId(now = Date.now()): string {
  let time = "";
  for (let t = now, i = 0; i < 10; i++, t = Math.floor(t / 32)) time = CROCKFORD[t % 32] + time;
  const random = [...randomBytes(16)].map((b) => CROCKFORD[b % 32]).join("");
  return `evt_${time}${random}`;
}

/** The envelope (A.5, required `id, timestamp, session, engine, event, payload, environment`) of one `session.status` change. */
export function sessionStatusEnvelope(session: StandInSession, engine: Engine): Record<string, unknown> {
  // Made as the session changes: the event's time is its newest status's.
  const now = session.statuses.at(-1)?.timestamp ?? Date.now();
  return {
    id: eventId(now),
    timestamp: now,
    session: session.name,
    metadata: session.config?.metadata ?? {},
    engine,
    event: "session.status",
    // WASessionStatusBody: `statuses` = the recent 3 (W-EVT); `data` null except for the PASSKEY_* statuses.
    payload: { name: session.name, status: session.status, statuses: session.statuses.slice(-3), data: null },
    // `me` only when authenticated and WORKING (W-EVT).
    ...(session.status === "WORKING" && session.me ? { me: session.me } : {}),
    // WAHAEnvironment; `browser` null as for an engine without a browser, `worker.id` null: no worker in front.
    environment: { version: "2026.7.1", engine, tier: "PLUS", browser: null, platform: "linux/x64", worker: { id: null } },
  };
}

/** POSTs `raw` to `url` with `headers`; resolves with the receiver's status, 0 when it failed to connect or answer. */
function post(url: string, headers: Record<string, string>, raw: string): Promise<number> {
  return new Promise((resolve) => {
    let done = false;
    const finish = (status: number) => {
      if (!done) resolve(status);
      done = true;
    };
    // agent: false, so no kept-alive connection holds the receiver open after the test.
    const req = http.request(url, { method: "POST", headers: { ...headers, "Content-Length": String(Buffer.byteLength(raw)) }, agent: false }, (res) => {
      res.resume();
      res.on("end", () => finish(res.statusCode ?? 0));
      res.on("error", () => finish(res.statusCode ?? 0));
    });
    req.setTimeout(DELIVERY_TIMEOUT_MS, () => req.destroy());
    req.on("error", () => finish(0));
    req.end(raw);
  });
}

/** The headers of one delivery (W-EVT "Headers"); `X-Webhook-Request-Id` format is not given by the reference (a UUID here). */
function deliveryHeaders(webhook: any, raw: string): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    "X-Webhook-Request-Id": randomUUID(),
    "X-Webhook-Timestamp": String(Date.now()),
  };
  const key: unknown = webhook.hmac?.key;
  if (typeof key === "string" && key !== "") {
    headers["X-Webhook-Hmac"] = createHmac("sha512", key).update(raw).digest("hex");
    headers["X-Webhook-Hmac-Algorithm"] = "sha512";
  }
  for (const { name, value } of (webhook.customHeaders ?? []) as Array<{ name: string; value: string }>) headers[name] = value;
  return headers;
}

/**
 * The webhook sender: `emit(session)` snapshots the session's current status as an envelope now,
 * and delivers it to every `config.webhooks` entry subscribed to `session.status` (or `*`), after
 * the deliveries queued before it for that session (in order per session). Resolves once delivered.
 * `hold(name)` keeps the session's events made from then on until `release(name)`: WAHA's own
 * delivery can be late (a retry after a refused or unanswered delivery, a busy worker), and the
 * receiver must not depend on the event that follows a change arriving soon after it.
 */
export function sessionEvents(engine: Engine, clock: { retryScale: number } = { retryScale: 1 }) {
  const deliveries: Delivery[] = [];
  const queues = new Map<string, Promise<void>>();
  const held = new Map<string, { gate: Promise<void>; open: () => void }>();
  const late = lateEvents();
  const stop = new AbortController();
  const stray = new Set<Promise<unknown>>();
  /** A delivery outside the session's chain (late, or retrying), awaited when the stand-in closes. */
  const track = <T>(p: Promise<T>): Promise<T> => {
    stray.add(p);
    return p.finally(() => stray.delete(p));
  };
  const emit = (session: StandInSession): Promise<void> => {
    const webhooks = ((session.config?.webhooks ?? []) as Array<{ url: string; events?: string[]; retries?: Retries | null }>).filter(
      (w) => w.events?.includes("session.status") || w.events?.includes("*"),
    );
    const raw = JSON.stringify(sessionStatusEnvelope(session, engine));
    const send = async () => {
      for (const webhook of webhooks) {
        const headers = deliveryHeaders(webhook, raw);
        const record = (status: number) => void deliveries.push({ url: webhook.url, headers, raw, status });
        const first = await post(webhook.url, headers, raw);
        record(first);
        // Retried on its own time: the session's next events do not wait for it, so they can arrive first.
        if (!taken(first)) void track(retryUntilTaken(first, () => post(webhook.url, headers, raw), retryDelaysMs(webhook.retries, clock.retryScale), record, stop.signal));
      }
    };
    const gate = held.get(session.name)?.gate;
    const lateGate = late.gateFor(session.name);
    // A late event leaves the session's chain: the events after it do not wait for it.
    if (lateGate) return track(lateGate.then(send));
    const next = (queues.get(session.name) ?? Promise.resolve()).then(() => gate).then(send);
    queues.set(session.name, next);
    return next;
  };
  const hold = (name: string): void => {
    if (held.has(name)) return;
    let open = () => undefined as void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    held.set(name, { gate, open });
  };
  const release = (name: string): void => {
    held.get(name)?.open();
    held.delete(name);
  };
  const drain = async () => {
    stop.abort();
    late.releaseAll();
    for (const name of [...held.keys()]) release(name);
    await Promise.allSettled([...queues.values(), ...stray]);
  };
  /** Resolves once every delivery made so far ended, retries included (held and late ones must be released first). */
  const settled = async () => {
    while (stray.size > 0 || queues.size > 0) {
      const pending = [...queues.values(), ...stray];
      await Promise.allSettled(pending);
      if (pending.length === stray.size + queues.size && [...stray].every((p) => pending.includes(p))) break;
    }
  };
  return { deliveries, emit, hold, release, drain, late, settled };
}
