import http from "node:http";
import { createHmac, randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import * as o from "./stripe-objects.js";
import { StripeFault, StripeWorld, type CardOutcome } from "./stripe-world.js";

// A stand-in for Stripe's API v1, built from Stripe's OpenAPI document (stripe/openapi
// latest/openapi.spec3.json, info.version 2026-09-30.endive, commit 18fa2cc; notes:
// /work/shared/notes/references.md §2), for exactly the endpoints the gateway's adapter calls:
// GET/POST /v1/prices, GET /v1/customers/search, POST /v1/customers, POST /v1/checkout/sessions,
// GET /v1/checkout/sessions/{id}, GET/POST /v1/subscriptions/{id}, GET /v1/invoices/{id},
// POST /v1/refunds. Bodies are form-encoded as the SDK sends them, answers JSON, errors
// `{error:{type,message,code,param}}`. `Idempotency-Key` (docs.stripe.com/api/idempotent_requests):
// the first answer of an executed POST is kept 24 h and replayed (`Idempotent-Replayed: true`); the
// same key with other parameters is an `idempotency_error`; a request refused before it ran keeps
// nothing. A lookup_key already held by an active price is refused unless transfer_lookup_key.
// Webhooks (docs.stripe.com/webhooks): `Stripe-Signature: t=<unix>,v1=<HMAC-SHA256 of "t.body">`.
// Checkout sessions in `subscription` and `payment` mode, payable until their `expires_at`
// (30 minutes to 24 hours, default 24 hours); failed renewal invoices charged again on a schedule and
// the subscription canceled after the last attempt (Smart Retries' default end).
// Deliveries answered with a 5xx or not at all are sent again (docs.stripe.com/webhooks, "Retry
// behavior"). Awkward on request: every event delivered twice, events held back and released in any order
// (late, out of order), an answer written only after the client's timeout, latency before each answer.

export interface StripeStandIn {
  url: string;
  /** For StripeSettings.api. */
  api: { host: string; port: number; protocol: "http" };
  secretKey: string;
  webhookSecret: string;
  world: StripeWorld;
  /** POST requests that ran (a replay does not count), by path. */
  executed: (path: string) => number;
  /** Where events go; unset: recorded, not sent. */
  webhookUrl: string | undefined;
  /** Each event is delivered this many times (2: duplicates). */
  deliveries: number;
  /** Hold events until released. */
  holdEvents: boolean;
  /** Sends the held events in this order: "reverse", or the held indexes; returns the types sent. */
  releaseEvents(order?: "reverse" | number[]): Promise<string[]>;
  /** Every event made so far (the delivered body), oldest first. */
  events: o.Obj[];
  /** Settles once every delivery started so far has been answered. */
  delivered(): Promise<void>;
  /** The next `n` requests run at once but are answered only after `ms` (past the client's timeout). */
  answerLate(ms: number, n?: number): void;
  latencyMs: number;
  /** The hosted checkout page's pay step. */
  pay(sessionId: string, card: CardOutcome): boolean;
  /** Renewals and charges of this customer use this card from now on. */
  setCard(customerId: string, card: CardOutcome): void;
  /** Renews every subscription whose period ended by the clock's now; answers their ids, once per period. */
  renew(): string[];
  /** Charges again every failed invoice whose next attempt is due; answers their ids. */
  retry(): string[];
  /** Signs a body as Stripe does, at `t` (seconds), with this or another secret. */
  sign(body: string, t: number, secret?: string): string;
  close(): Promise<void>;
}

const IDEMPOTENCY_MS = 24 * 3_600_000;
/** Attempts at one delivery that gets a 5xx or no answer: a sandbox's first and its three retries (live mode goes on for three days). */
const WEBHOOK_ATTEMPTS = 4;

interface Kept {
  fingerprint: string;
  status: number;
  body: unknown;
  at: number;
}

type Route = (params: o.Obj, id: string) => o.Obj;

function routes(world: StripeWorld, url: () => string): Record<string, Route> {
  const expandOf = (p: o.Obj): string[] => (Array.isArray(p.expand) ? p.expand : p.expand ? [p.expand] : []);
  return {
    "GET /v1/prices": (p) => {
      const keys: string[] = Array.isArray(p.lookup_keys) ? p.lookup_keys : [];
      const found = [...world.prices.values()].filter((x) => (keys.length === 0 || keys.includes(x.lookup_key)) && (p.active === undefined || String(x.active) === p.active));
      return o.list(found.slice(0, Number(p.limit ?? 10)), "/v1/prices");
    },
    "POST /v1/prices": (p) => {
      if (!p.currency || (p.unit_amount === undefined && !p.product_data && !p.product))
        throw new StripeFault(400, o.stripeError("invalid_request_error", "Missing required param: currency.", "parameter_missing", "currency"));
      const holder = [...world.prices.values()].find((x) => x.active && p.lookup_key && x.lookup_key === p.lookup_key);
      if (holder && p.transfer_lookup_key !== "true") {
        throw new StripeFault(400, o.stripeError("invalid_request_error", `A price (\`${holder.id}\`) already uses that lookup key.`, "lookup_key_exists", "lookup_key"));
      }
      if (holder) holder.lookup_key = null;
      const created = o.price(world.now(), p, p.product ?? o.newId("prod"));
      world.prices.set(created.id, created);
      return created;
    },
    "GET /v1/customers/search": (p) => {
      const m = /^metadata\['([^']+)'\]:'([^']*)'$/.exec(String(p.query ?? ""));
      if (!m) throw new StripeFault(400, o.stripeError("invalid_request_error", "The stand-in searches only metadata['key']:'value'.", "parameter_invalid_string", "query"));
      const found = [...world.customers.values()].filter((c) => c.metadata[m[1]!] === m[2]);
      return { object: "search_result", data: found.slice(0, Number(p.limit ?? 10)), has_more: false, next_page: null, url: "/v1/customers/search" };
    },
    "POST /v1/customers": (p) => {
      const c = o.customer(world.now(), p);
      world.customers.set(c.id, c);
      return c;
    },
    "POST /v1/checkout/sessions": (p) => {
      if (!p.success_url && p.ui_mode !== "embedded")
        throw new StripeFault(400, o.stripeError("invalid_request_error", "Missing required param: success_url.", "parameter_missing", "success_url"));
      const item = p.line_items?.[0];
      const priceObj = world.get(world.prices, item?.price ?? "", "price");
      if (p.mode === "subscription" && !priceObj.recurring)
        throw new StripeFault(
          400,
          o.stripeError("invalid_request_error", "You must provide at least one recurring price in `subscription` mode when using prices.", undefined, "line_items"),
        );
      if (p.customer) world.get(world.customers, p.customer, "customer");
      const expires = p.expires_at === undefined ? null : Number(p.expires_at) - world.now();
      if (expires !== null && (expires < 1800 || expires > 86_400))
        throw new StripeFault(
          400,
          o.stripeError("invalid_request_error", "The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.", undefined, "expires_at"),
        );
      const s = o.checkoutSession(world.now(), p, priceObj.unit_amount, "");
      s.url = `${url()}/c/pay/${s.id}`;
      s.line_items = p.line_items;
      s.subscription_data = p.subscription_data;
      s.payment_intent_data = p.payment_intent_data;
      world.sessions.set(s.id, s);
      return visibleSession(s);
    },
    "GET /v1/checkout/sessions/:id": (_p, id) => visibleSession(world.get(world.sessions, id, "checkout.session")),
    "GET /v1/subscriptions/:id": (_p, id) => world.get(world.subscriptions, id, "subscription"),
    "POST /v1/subscriptions/:id": (p, id) => {
      const sub = world.changePrice(world.get(world.subscriptions, id, "subscription"), p);
      return expandOf(p).includes("latest_invoice") && sub.latest_invoice ? { ...sub, latest_invoice: withoutPayments(world.invoices.get(sub.latest_invoice)!) } : sub;
    },
    "GET /v1/invoices/:id": (p, id) => {
      const inv = world.get(world.invoices, id, "invoice");
      return expandOf(p).includes("payments") ? { ...inv, payments: inv.payments ?? o.list([], `/v1/invoices/${id}/payments`) } : withoutPayments(inv);
    },
    "POST /v1/refunds": (p) => world.refund(p),
  };
}

/** What the API shows of a session: the parameters the stand-in keeps for the pay step stay inside. */
const visibleSession = ({ line_items: _l, subscription_data: _s, payment_intent_data: _p, ...shown }: o.Obj) => shown;
const withoutPayments = ({ payments: _p, ...shown }: o.Obj) => shown;

function match(table: Record<string, Route>, method: string, path: string): { route: Route; id: string } | null {
  for (const [key, route] of Object.entries(table)) {
    const [m, pattern] = key.split(" ") as [string, string];
    if (m !== method) continue;
    const re = new RegExp(`^${pattern.replace(":id", "([A-Za-z0-9_]+)")}$`);
    const found = re.exec(path);
    if (found) return { route, id: found[1] ?? "" };
  }
  return null;
}

function signer(secret: string) {
  return (body: string, t: number, other?: string) =>
    `t=${t},v1=${createHmac("sha256", other ?? secret)
      .update(`${t}.${body}`)
      .digest("hex")}`;
}

export async function startStripeStandIn(opts: { now: () => Date }): Promise<StripeStandIn> {
  const world = new StripeWorld(() => opts.now().getTime());
  const kept = new Map<string, Kept>();
  const ran = new Map<string, number>();
  const held: o.Obj[] = [];
  const inFlight = new Set<Promise<void>>();
  let late: { ms: number; n: number } = { ms: 0, n: 0 };
  const s: StripeStandIn = {
    url: "",
    api: { host: "127.0.0.1", port: 0, protocol: "http" },
    secretKey: `sk_test_${randomBytes(12).toString("hex")}`,
    webhookSecret: `whsec_${randomBytes(16).toString("hex")}`,
    world,
    executed: (path) => ran.get(path) ?? 0,
    webhookUrl: undefined,
    deliveries: 1,
    holdEvents: false,
    events: [],
    latencyMs: 0,
    releaseEvents: async (order) => {
      const picked = order === "reverse" ? [...held].reverse() : order ? order.map((i) => held[i]!) : [...held];
      held.length = 0;
      for (const e of picked) send(e);
      await s.delivered();
      return picked.map((e) => String(e.type));
    },
    delivered: async () => {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    answerLate: (ms, n = 1) => void (late = { ms, n }),
    pay: (id, card) => world.completeCheckout(id, card),
    setCard: (customerId, card) => void world.cards.set(customerId, card),
    renew: () => world.renewDue(),
    retry: () => world.retryDue(),
    sign: (body, t, other) => signer(s.webhookSecret)(body, t, other),
    close: async () => {
      await s.delivered();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  /**
   * One delivery, signed at the moment it is sent. Stripe sends an event again when the endpoint
   * answers with an error or not at all (in a sandbox three times over a few hours, in live mode for
   * up to three days); here a 5xx or no answer is sent again at once, up to WEBHOOK_ATTEMPTS in all, so an endpoint that could not apply an
   * event just then (its call to Stripe timed out) applies it on the next attempt, as it would. A
   * 4xx is not sent again by itself: the tests that meet one (409 NOT_YET_KNOWN) send it again
   * themselves, when they say Stripe's later attempt comes.
   */
  function deliver(target: string, body: string, attempt: number) {
    const header = s.sign(body, Math.floor(opts.now().getTime() / 1000));
    const p: Promise<void> = fetch(target, { method: "POST", headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": header }, body })
      .then(
        async (r) => (await r.arrayBuffer(), r.status),
        () => 0,
      )
      .then((status) => {
        if ((status === 0 || status >= 500) && attempt < WEBHOOK_ATTEMPTS) deliver(target, body, attempt + 1);
      })
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  }

  function send(event: o.Obj) {
    const target = s.webhookUrl;
    if (!target) return;
    const body = JSON.stringify(event);
    for (let i = 0; i < s.deliveries; i++) deliver(target, body, 1);
  }

  let requestContext: { id: string; idempotencyKey: string | null; apiVersion: string | null } = { id: "", idempotencyKey: null, apiVersion: null };
  world.onEvent = (type, object, previous) => {
    const data = { object: structuredClone(object), ...(previous ? { previous_attributes: previous } : {}) };
    const event = {
      id: o.newId("evt"),
      object: "event",
      api_version: requestContext.apiVersion,
      created: world.now(),
      data,
      livemode: false,
      pending_webhooks: 1,
      request: { id: requestContext.id || null, idempotency_key: requestContext.idempotencyKey },
      type,
    };
    s.events.push(event);
    if (s.holdEvents) held.push(event);
    else send(event);
  };

  const table = routes(world, () => s.url);

  function answer(req: http.IncomingMessage, text: string): { status: number; body: unknown; replayed: boolean } {
    const url = new URL(req.url ?? "/", "http://stand-in");
    const method = req.method ?? "GET";
    if (req.headers.authorization !== `Bearer ${s.secretKey}`) {
      return { status: 401, body: o.stripeError("invalid_request_error", "Invalid API Key provided."), replayed: false };
    }
    const found = match(table, method, url.pathname);
    if (!found) return { status: 404, body: o.stripeError("invalid_request_error", `Unrecognized request URL (${method}: ${url.pathname}).`), replayed: false };
    const params = method === "GET" ? o.parseForm(url.search.slice(1)) : o.parseForm(text);
    const key = method === "POST" ? (req.headers["idempotency-key"] as string | undefined) : undefined;
    const fingerprint = `${method} ${url.pathname} ${text}`;
    const now = opts.now().getTime();
    const before = key ? kept.get(key) : undefined;
    if (before && now - before.at < IDEMPOTENCY_MS) {
      if (before.fingerprint !== fingerprint) {
        const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`;
        return { status: 400, body: o.stripeError("idempotency_error", message), replayed: false };
      }
      return { status: before.status, body: before.body, replayed: true };
    }
    requestContext = { id: o.newId("req"), idempotencyKey: key ?? null, apiVersion: (req.headers["stripe-version"] as string | undefined) ?? null };
    let result: { status: number; body: unknown };
    try {
      result = { status: 200, body: found.route(params, found.id) };
    } catch (err) {
      if (!(err instanceof StripeFault)) throw err;
      // A request refused before it ran (400) keeps nothing; a declined card (402) ran.
      if (err.status !== 402) return { status: err.status, body: err.body, replayed: false };
      result = { status: err.status, body: err.body };
    }
    if (method === "POST") ran.set(url.pathname, (ran.get(url.pathname) ?? 0) + 1);
    if (key) kept.set(key, { fingerprint, ...result, at: now });
    return { ...result, replayed: false };
  }

  const server = http.createServer((req, res) => {
    // The hosted page a payer is sent to; paying on it is `pay`, which the test does as the payer.
    const hosted = /^\/c\/pay\/(cs_test_[0-9a-f]+)$/.exec(req.url ?? "");
    if (req.method === "GET" && hosted) {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(`<!doctype html><title>Checkout</title><h1>Pay ${hosted[1]}</h1>`);
      return;
    }
    void (async () => {
      let text = "";
      for await (const chunk of req) text += chunk;
      if (s.latencyMs > 0) await new Promise((r) => setTimeout(r, s.latencyMs));
      const a = answer(req, text);
      if (late.n > 0) {
        late.n -= 1;
        await new Promise((r) => setTimeout(r, late.ms));
      }
      if (res.destroyed) return;
      res.writeHead(a.status, { "content-type": "application/json", "request-id": o.newId("req"), ...(a.replayed ? { "idempotent-replayed": "true" } : {}) });
      res.end(JSON.stringify(a.body));
    })().catch((err: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify(o.stripeError("api_error", String(err))));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  s.url = `http://127.0.0.1:${port}`;
  s.api = { host: "127.0.0.1", port, protocol: "http" };
  return s;
}
