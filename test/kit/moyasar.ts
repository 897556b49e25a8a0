import http from "node:http";
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { expect } from "vitest";
import type { TestServer } from "./server.js";
import { waitFor } from "./wait.js";

// A stand-in for Moyasar's REST API v1, built from docs.moyasar.com as read 2026-11 (notes:
// /work/shared/notes/references.md §1; payment object: docs.moyasar.com/fetch-payment; tokens:
// /guides/tokenization/create-token; 3-D Secure: /guides/3d-secure; webhooks: /api/other/webhooks).
// Basic auth (secret key for payments, publishable key for tokens), amounts in halalas, `given_id`
// idempotency, a decline as 201 + failed, 3-D Secure as initiated + source.transaction_url and a
// return to callback_url?id&status&message, webhooks {id,type,created_at,secret_token,account_name,data}.
// Awkward on request: an answer lost after the charge, webhooks held (late), duplicated, reversed.
// Where the docs say nothing (what a repeated given_id answers), it answers the first payment.

/** The server settings that point billing at this stand-in, its webhook URL set once the server listens. */
export const moyasarSettings = (m: MoyasarStandIn) => ({
  MOYASAR_SECRET_KEY: m.secretKey,
  MOYASAR_PUBLISHABLE_KEY: m.publishableKey,
  MOYASAR_WEBHOOK_SECRET: m.webhookSecret,
  MOYASAR_API_URL: `${m.url}/v1`,
  BILLING_INTERVAL_SECONDS: "1",
});

export const PAID_CARD = "4201320111111010";
export const DECLINED_CARD = "4000000000000002";

interface Payment {
  id: string;
  given_id: string | null;
  status: "initiated" | "paid" | "failed" | "refunded";
  amount: number;
  refunded: number;
  currency: "SAR";
  description: string | null;
  callback_url: string | null;
  metadata: Record<string, string> | null;
  created_at: string;
  source: { type: "creditcard"; company: string; name: string; number: string; message: string | null; transaction_url: string | null; token: string };
}

interface Token {
  id: string;
  status: "active";
  brand: string;
  last_four: string;
  number: string;
  name: string;
}

export interface MoyasarStandIn {
  url: string;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  payments: Map<string, Payment>;
  /** Every POST /payments call that created a payment (a repeated given_id creates none). */
  charges: () => number;
  /** Where webhooks go; unset: none are sent. */
  webhookUrl: string | undefined;
  /** Hold webhooks until released (late); released in the order asked, each as often as asked. */
  holdWebhooks: boolean;
  /** A refund's payment_refunded webhook is delivered (and answered) before the refund's own answer goes. */
  webhookBeforeAnswer: boolean;
  releaseWebhooks(opts?: { reverse?: boolean; times?: number }): Promise<number[]>;
  /** The next POST /payments is carried out, then its connection cut before the answer. */
  loseNextAnswer(): void;
  /** Every card is declined while set (a card that stopped working). */
  declineAll: boolean;
  /** Wait this long before each answer (the bench's 50 ms). */
  latencyMs: number;
  /** What the payer's browser does at transaction_url: completes 3-D Secure and follows the redirect's Location. */
  completeThreeDs(transactionUrl: string): Promise<string>;
  webhookBody(type: string, payment: Payment, eventId?: string): object;
  /** What the operator does in Moyasar's dashboard: refunds (all that is left when no amount), then the webhook follows. */
  refundFromDashboard(paymentId: string, amount?: number): void;
  close(): Promise<void>;
}

const json = (res: http.ServerResponse, status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
const readBody = async (req: http.IncomingMessage) => {
  let text = "";
  for await (const chunk of req) text += chunk;
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
};
const userOf = (req: http.IncomingMessage) =>
  Buffer.from((req.headers.authorization ?? "").replace(/^Basic /, ""), "base64")
    .toString()
    .split(":")[0];

export async function startMoyasarStandIn(): Promise<MoyasarStandIn> {
  const tokens = new Map<string, Token>();
  const byGivenId = new Map<string, Payment>();
  const held: object[] = [];
  let created = 0;
  let loseNext = false;
  const s: MoyasarStandIn = {
    url: "",
    secretKey: "sk_test_standin",
    publishableKey: "pk_test_standin",
    webhookSecret: "whsec-standin-0123456789",
    payments: new Map(),
    charges: () => created,
    webhookUrl: undefined,
    holdWebhooks: false,
    webhookBeforeAnswer: false,
    declineAll: false,
    latencyMs: 0,
    loseNextAnswer: () => void (loseNext = true),
    refundFromDashboard: () => undefined,
    webhookBody: (type, payment, eventId = randomUUID()) => ({
      id: eventId,
      type,
      created_at: new Date().toISOString(),
      secret_token: s.webhookSecret,
      account_name: "Gateway test",
      data: payment,
    }),
    async releaseWebhooks(opts = {}) {
      const batch = held.splice(0);
      if (opts.reverse) batch.reverse();
      const statuses: number[] = [];
      for (let i = 0; i < (opts.times ?? 1); i++) for (const body of batch) statuses.push(await post(body));
      return statuses;
    },
    async completeThreeDs(transactionUrl) {
      const r = await fetch(transactionUrl, { redirect: "manual" });
      return r.headers.get("location") ?? "";
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const post = async (body: object) => {
    if (!s.webhookUrl) return 0;
    const r = await fetch(s.webhookUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    await r.text();
    return r.status;
  };
  const notify = async (type: string, p: Payment) => {
    const body = s.webhookBody(type, structuredClone(p));
    if (s.holdWebhooks) held.push(body);
    else await post(body);
  };
  let refundWebhook: Promise<void> = Promise.resolve();
  // `refunded` is the total refunded so far: partial refunds add up to at most the amount paid.
  const refund = (p: Payment, amount = p.amount - p.refunded): string | undefined => {
    if (p.status !== "paid" && p.status !== "refunded") return "Only a paid payment can be refunded";
    if (!Number.isInteger(amount) || amount < 1 || amount > p.amount - p.refunded) return "Amount exceeds the refundable amount";
    p.refunded += amount;
    p.status = "refunded";
    refundWebhook = notify("payment_refunded", p);
    return undefined;
  };
  s.refundFromDashboard = (id, amount) => {
    const p = s.payments.get(id);
    const refused = p ? refund(p, amount) : "Object not found";
    if (refused) throw new Error(refused);
  };
  const settle = (p: Payment, card: string) => {
    const paid = card !== DECLINED_CARD && !s.declineAll;
    p.status = paid ? "paid" : "failed";
    p.source.message = paid ? "APPROVED" : "Insufficient Funds";
    p.source.transaction_url = null;
  };

  async function createPayment(req: http.IncomingMessage, res: http.ServerResponse) {
    if (userOf(req) !== s.secretKey) return json(res, 401, { type: "authentication_error", message: "Invalid authorization credentials", errors: null });
    const b = await readBody(req);
    const source = (b.source ?? {}) as { type?: string; token?: string; "3ds"?: boolean };
    const givenId = typeof b.given_id === "string" ? b.given_id : null;
    const again = givenId ? byGivenId.get(givenId) : undefined;
    if (again) return json(res, 201, again);
    const token = source.type === "token" && source.token ? tokens.get(source.token) : undefined;
    if (!token || typeof b.amount !== "number" || !Number.isInteger(b.amount) || b.amount < 100) {
      return json(res, 400, { type: "invalid_request_error", message: "Validation Failed", errors: { source: ["is invalid"] } });
    }
    const p: Payment = {
      id: randomUUID(),
      given_id: givenId,
      status: "initiated",
      amount: b.amount,
      refunded: 0,
      currency: "SAR",
      description: typeof b.description === "string" ? b.description : null,
      callback_url: typeof b.callback_url === "string" ? b.callback_url : null,
      metadata: (b.metadata as Record<string, string> | undefined) ?? null,
      created_at: new Date().toISOString(),
      source: { type: "creditcard", company: token.brand, name: token.name, number: `XXXX-XXXX-XXXX-${token.last_four}`, message: null, transaction_url: null, token: token.id },
    };
    created++;
    s.payments.set(p.id, p);
    if (givenId) byGivenId.set(givenId, p);
    if (source["3ds"]) p.source.transaction_url = `${s.url}/transaction_auths/${p.id}/form`;
    else {
      settle(p, token.number);
      await notify(p.status === "paid" ? "payment_paid" : "payment_failed", p);
    }
    if (loseNext) {
      loseNext = false;
      return void req.socket.destroy();
    }
    json(res, 201, p);
  }

  async function route(req: http.IncomingMessage, res: http.ServerResponse) {
    if (s.latencyMs) await new Promise((r) => setTimeout(r, s.latencyMs));
    const url = new URL(req.url ?? "/", s.url);
    if (req.method === "POST" && url.pathname === "/v1/tokens") {
      if (userOf(req) !== s.publishableKey) return json(res, 401, { type: "authentication_error", message: "Invalid authorization credentials", errors: null });
      const b = await readBody(req);
      const number = typeof b.number === "string" ? b.number : "";
      const t: Token = {
        id: `token_${randomUUID().replaceAll("-", "")}`,
        status: "active",
        brand: number.startsWith("4201") ? "mada" : "visa",
        last_four: number.slice(-4),
        number,
        name: typeof b.name === "string" ? b.name : "",
      };
      tokens.set(t.id, t);
      return json(res, 201, { id: t.id, status: t.status, brand: t.brand, last_four: t.last_four, name: t.name });
    }
    if (req.method === "POST" && url.pathname === "/v1/payments") return createPayment(req, res);
    const one = /^\/v1\/payments\/([^/]+)(\/refund)?$/.exec(url.pathname);
    if (one) {
      if (userOf(req) !== s.secretKey) return json(res, 401, { type: "authentication_error", message: "Invalid authorization credentials", errors: null });
      const p = s.payments.get(one[1]!);
      if (!p) return json(res, 404, { type: "record_not_found", message: "Object not found", errors: null });
      if (req.method === "GET" && !one[2]) return json(res, 200, p);
      if (req.method === "POST" && one[2]) {
        const b = await readBody(req);
        const refused = refund(p, typeof b.amount === "number" ? b.amount : undefined);
        if (!refused && s.webhookBeforeAnswer) await refundWebhook;
        return refused ? json(res, 400, { type: "invalid_request_error", message: refused, errors: null }) : json(res, 200, p);
      }
    }
    const form = /^\/transaction_auths\/([^/]+)\/form$/.exec(url.pathname);
    const pending = form ? s.payments.get(form[1]!) : undefined;
    if (pending && pending.status === "initiated") {
      settle(pending, tokens.get(pending.source.token)?.number ?? "");
      await notify((pending.status as string) === "paid" ? "payment_paid" : "payment_failed", pending);
      const back = new URL(pending.callback_url ?? s.url);
      back.searchParams.set("id", pending.id);
      back.searchParams.set("status", pending.status);
      back.searchParams.set("message", pending.source.message ?? "");
      return void res.writeHead(302, { location: back.toString() }).end();
    }
    json(res, 404, { type: "record_not_found", message: "Object not found", errors: null });
  }

  const server = http.createServer((req, res) => void route(req, res).catch(() => res.destroy()));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  s.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return s;
}

/** What the console's card form does with the publishable key: a saved card's token. */
export async function tokenizeCard(standIn: MoyasarStandIn, number = PAID_CARD): Promise<string> {
  const r = await fetch(`${standIn.url}/v1/tokens`, {
    method: "POST",
    headers: { authorization: `Basic ${Buffer.from(`${standIn.publishableKey}:`).toString("base64")}`, "content-type": "application/json" },
    body: JSON.stringify({ name: "Test Payer", number, month: 12, year: 30, cvc: "123", callback_url: "http://127.0.0.1/unused", save_only: true }),
  });
  return ((await r.json()) as { id: string }).id;
}

/**
 * A new business that paid for `plan` monthly with a saved card through 3-D Secure on the stand-in,
 * once its first invoice is issued: the business, that invoice (as GET /invoices shows it) and the
 * stand-in's payment.
 */
export async function payingBusiness(server: TestServer, standIn: MoyasarStandIn, plan = "basic") {
  const t = await server.seed.tenant({ ends: server.app.deps.clock.day() }).create();
  const started = await server.client(t.key).post("/billing/checkout", { plan, interval: "month", token: await tokenizeCard(standIn) });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  await fetch(await standIn.completeThreeDs(started.body.redirect_url), { redirect: "manual" });
  const [invoice] = await waitFor(
    async () => (await server.client(t.key).get("/invoices")).body.invoices as Array<Record<string, any>>,
    (list) => list.length === 1,
  );
  return { ...t, invoice: invoice!, payment: [...standIn.payments.values()].at(-1)! };
}
