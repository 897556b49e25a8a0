import { timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { EventRefused, ProviderUnavailable, type PaymentProvider, type ProviderPayment, type TokenCharge } from "./provider.js";

// Moyasar's REST API (docs.moyasar.com, read 2026-11; /work/shared/notes/references.md §1): Basic
// auth with the secret key as user, amounts in halalas, `given_id` as the idempotency key, a token
// charge `source: {type: "token", token, "3ds"}`, 3-D Secure as `initiated` + `source.transaction_url`,
// a decline as 201 + `failed`, webhooks carrying the shared `secret_token` in the body and no signature.

export interface MoyasarSettings {
  secretKey: string;
  webhookSecret: string;
  apiUrl: string;
  /** Per request; a lost answer is retried with the same given_id. */
  timeoutMs?: number;
}

const paymentSchema = z.object({
  id: z.string(),
  status: z.string(),
  amount: z.number().int(),
  refunded: z.number().int().nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
  source: z
    .object({
      company: z.string().nullish(),
      number: z.string().nullish(),
      message: z.string().nullish(),
      transaction_url: z.string().nullish(),
    })
    .passthrough()
    .nullish(),
});

const webhookSchema = z.object({ id: z.string().min(1), type: z.string(), secret_token: z.string(), data: z.unknown() });

const statusOf = (s: string): ProviderPayment["status"] => (s === "paid" || s === "captured" ? "paid" : s === "initiated" ? "initiated" : s === "refunded" ? "refunded" : "failed");

function toPayment(raw: unknown): ProviderPayment {
  const p = paymentSchema.parse(raw);
  const number = p.source?.number ?? null;
  return {
    id: p.id,
    status: statusOf(p.status),
    amount: p.amount,
    refunded: p.refunded ?? 0,
    message: p.source?.message ?? null,
    redirectUrl: p.status === "initiated" ? (p.source?.transaction_url ?? null) : null,
    card: p.source ? { brand: p.source.company ?? null, last4: number ? number.slice(-4) : null } : null,
    reference: typeof p.metadata?.gateway_payment === "string" ? p.metadata.gateway_payment : null,
  };
}

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export class MoyasarProvider implements PaymentProvider {
  readonly name = "moyasar";
  readonly keepsSubscriptions = false;

  constructor(private readonly settings: MoyasarSettings) {}

  private async call(method: "GET" | "POST", path: string, body?: object): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${this.settings.apiUrl}${path}`, {
        method,
        headers: { authorization: `Basic ${Buffer.from(`${this.settings.secretKey}:`).toString("base64")}`, "content-type": "application/json" },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(this.settings.timeoutMs ?? 15_000),
      });
    } catch (err) {
      throw new ProviderUnavailable(`Moyasar did not answer: ${(err as Error).message}`);
    }
    const text = await response.text().catch(() => "");
    if (response.status >= 500) throw new ProviderUnavailable(`Moyasar answered ${response.status}`);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new ProviderUnavailable(`Moyasar answered ${response.status} without JSON`);
    }
    if (!response.ok) {
      const message = (json as { message?: unknown }).message;
      throw new Error(`Moyasar refused the request (${response.status}): ${typeof message === "string" ? message : "no message"}`);
    }
    return json;
  }

  async chargeToken(c: TokenCharge): Promise<ProviderPayment> {
    const body = {
      given_id: c.givenId,
      amount: c.amount,
      currency: "SAR",
      description: c.description,
      callback_url: c.callbackUrl,
      // Brings our payment's id back on the webhook, which may arrive before this call's answer.
      metadata: { gateway_payment: c.givenId },
      source: { type: "token", token: c.token, "3ds": c.payerPresent },
    };
    // An answer lost after the charge: the same given_id makes the second call return the first payment.
    try {
      return toPayment(await this.call("POST", "/payments", body));
    } catch (err) {
      if (!(err instanceof ProviderUnavailable)) throw err;
      return toPayment(await this.call("POST", "/payments", body));
    }
  }

  async fetchPayment(id: string): Promise<ProviderPayment> {
    return toPayment(await this.call("GET", `/payments/${encodeURIComponent(id)}`));
  }

  async refund(id: string, amount?: number): Promise<ProviderPayment> {
    return toPayment(await this.call("POST", `/payments/${encodeURIComponent(id)}/refund`, amount === undefined ? {} : { amount }));
  }

  readEvent(body: unknown) {
    const parsed = webhookSchema.safeParse(body);
    if (!parsed.success) throw new EventRefused("not a Moyasar webhook");
    if (!sameSecret(parsed.data.secret_token, this.settings.webhookSecret)) throw new EventRefused("the webhook's secret_token does not match");
    const type = parsed.data.type === "payment_paid" || parsed.data.type === "payment_failed" || parsed.data.type === "payment_refunded" ? parsed.data.type : "other";
    const data = paymentSchema.safeParse(parsed.data.data);
    return { id: parsed.data.id, type, payment: data.success ? toPayment(parsed.data.data) : null } as const;
  }
}
