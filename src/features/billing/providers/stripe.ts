import Stripe from "stripe";
import { normaliseStripeEvent, planMetadata } from "./stripe-events.js";
import {
  SubscriptionEventRefused,
  SubscriptionProviderRefused,
  SubscriptionProviderUnavailable,
  type CheckoutStarted,
  type PaymentCheckout,
  type PlanChange,
  type PlanChanged,
  type PlanVersionPrice,
  type RefundDone,
  type RefundRequest,
  type SubscriptionCheckout,
  type SubscriptionEvent,
  type SubscriptionProvider,
} from "./subscription-provider.js";

/**
 * Stripe through its official SDK (`stripe` 23.1.0, pinned to the API version it ships with,
 * 2026-10-28.endive), as a SubscriptionProvider: Stripe keeps the subscription, renews it and
 * reports each renewal as an event.
 *
 * - `startCheckout`: a hosted Checkout session in subscription mode for a plan version and
 *   interval. The Stripe Price is made on first use, one per plan version and interval, found again
 *   by its lookup_key; its amount is the plan row's. One Stripe customer per tenant (metadata
 *   tenant_id); the session carries client_reference_id = tenant id, and the payer comes back to
 *   the console (CONSOLE_URL).
 * - `changePlan`: an upgrade moves the subscription's item to the new price now and invoices the
 *   prorated difference at once (`proration_behavior: always_invoice`, `payment_behavior:
 *   error_if_incomplete`: a declined card leaves the subscription as it was). A downgrade moves the
 *   item with `proration_behavior: none`: nothing is credited or charged now, and the next renewal
 *   bills the lower price. The gateway keeps the tenant on the higher plan until that renewal
 *   (billing's pending plan); undoing it before then is the same call back, with no charge.
 * - `refund`: all or part of an invoice's, payment intent's or charge's payment.
 * - `readEvent`: verifies `Stripe-Signature` over the raw body (300 s tolerance, measured on the
 *   service clock) and maps the event (stripe-events.ts).
 */

export const STRIPE_API_VERSION = "2026-10-28.endive" as const;
/** Stripe's own: the age a signature may have (docs.stripe.com/webhooks, stripe-node's default). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;
/**
 * A hosted checkout page stays payable this long (Stripe allows 30 minutes to 24 hours): shorter
 * than billing's hold on a second charge, so two checkouts of one tenant are never both open.
 */
export const CHECKOUT_OPEN_SECONDS = 35 * 60;

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Where the SDK sends requests: api.stripe.com:443 over https, or a stand-in. */
  api: { host: string; port: number; protocol: "http" | "https" };
  /** The console's origin, where the payer returns after Checkout. */
  consoleUrl: string;
  /** Per request; the SDK retries a lost answer with the same Idempotency-Key. */
  timeoutMs?: number | undefined;
  maxNetworkRetries?: number | undefined;
}

/** The gateway's Stripe Price for a plan version and interval. */
export const priceLookupKey = (plan: PlanVersionPrice) => `gateway_plan_${plan.planId}_v${plan.version}_${plan.interval}`;

function providerError(err: unknown): Error {
  if (err instanceof Stripe.errors.StripeConnectionError || err instanceof Stripe.errors.StripeAPIError || err instanceof Stripe.errors.StripeRateLimitError) {
    return new SubscriptionProviderUnavailable(`Stripe did not answer usefully: ${err.message}`);
  }
  if (err instanceof Stripe.errors.StripeError) {
    if ((err.statusCode ?? 0) >= 500) return new SubscriptionProviderUnavailable(`Stripe answered ${err.statusCode}: ${err.message}`);
    return new SubscriptionProviderRefused(`Stripe refused the request: ${err.message}`, err.code ?? err.rawType ?? null);
  }
  return err instanceof Error ? err : new Error(String(err));
}

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (err) {
    throw providerError(err);
  }
}

export class StripeProvider implements SubscriptionProvider {
  readonly name = "stripe";
  private readonly stripe: Stripe;

  constructor(
    private readonly settings: StripeSettings,
    private readonly clock: { now(): Date },
  ) {
    this.stripe = new Stripe(settings.secretKey, {
      apiVersion: STRIPE_API_VERSION,
      ...settings.api,
      timeout: settings.timeoutMs ?? 20_000,
      maxNetworkRetries: settings.maxNetworkRetries ?? 2,
      telemetry: false,
    });
  }

  /** The plan version's Price, made on first use; two servers making it at once end with one. */
  async priceFor(plan: PlanVersionPrice): Promise<string> {
    const key = priceLookupKey(plan);
    const found = await this.findPrice(key, plan);
    if (found) return found;
    try {
      const created = await this.stripe.prices.create(
        {
          currency: "sar",
          unit_amount: plan.amount,
          recurring: { interval: plan.interval },
          lookup_key: key,
          product_data: { name: `${plan.name} (v${plan.version})`, metadata: { plan_id: String(plan.planId) } },
          metadata: { plan_id: String(plan.planId), plan_version: String(plan.version), interval: plan.interval },
        },
        // The same key on every server: Stripe answers the second request with the first one's Price.
        { idempotencyKey: `${key}_${plan.amount}` },
      );
      return created.id;
    } catch (err) {
      // Another server's request holds the lookup key (or is still running under the same key).
      const again = await this.findPrice(key, plan);
      if (again) return again;
      throw providerError(err);
    }
  }

  private async findPrice(key: string, plan: PlanVersionPrice): Promise<string | null> {
    const list = await call(() => this.stripe.prices.list({ lookup_keys: [key], active: true, limit: 1 }));
    const price = list.data[0];
    if (!price) return null;
    if (price.unit_amount !== plan.amount || price.currency !== "sar" || price.recurring?.interval !== plan.interval) {
      throw new SubscriptionProviderRefused(
        `Stripe's price ${price.id} (${key}) is not the plan's ${plan.amount} halalas per ${plan.interval}: it was changed outside the gateway`,
        "price_mismatch",
      );
    }
    return price.id;
  }

  /** The tenant's Stripe customer, found by its metadata or made. */
  async customerFor(c: { tenantId: number; tenantName: string; email?: string | undefined }): Promise<string> {
    const found = await call(() => this.stripe.customers.search({ query: `metadata['tenant_id']:'${c.tenantId}'`, limit: 1 }));
    if (found.data[0]) return found.data[0].id;
    // Search lags behind writes; the idempotency key makes two checkouts of one tenant within 24 h share one customer.
    const created = await call(() =>
      this.stripe.customers.create(
        { name: c.tenantName, ...(c.email ? { email: c.email } : {}), metadata: { tenant_id: String(c.tenantId) } },
        { idempotencyKey: `gateway_tenant_${c.tenantId}_customer` },
      ),
    );
    return created.id;
  }

  /** Where the payer returns from the hosted page, and until when it may pay. */
  private sessionFrame(tenantId: number) {
    const origin = this.settings.consoleUrl.replace(/\/+$/, "");
    return {
      client_reference_id: String(tenantId),
      // The console's billing page says what came back (`?payment=` after the page, as Moyasar's return does).
      success_url: `${origin}/console/#/billing?payment=submitted&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${origin}/console/#/billing?payment=cancelled`,
      expires_at: Math.floor(this.clock.now().getTime() / 1000) + CHECKOUT_OPEN_SECONDS,
    };
  }

  async startCheckout(c: SubscriptionCheckout): Promise<CheckoutStarted> {
    const [priceId, customerId] = await Promise.all([this.priceFor(c.plan), this.customerFor(c)]);
    const metadata = planMetadata(c.tenantId, c.plan, c.idempotencyKey);
    return this.openSession(c, customerId, priceId, { mode: "subscription", metadata, subscription_data: { metadata } });
  }

  /** A hosted page for one of the price, for the tenant's customer; the payment row's UUID is its idempotency key. */
  private async openSession(
    c: { tenantId: number; idempotencyKey: string },
    customerId: string,
    priceId: string,
    params: Pick<Stripe.Checkout.SessionCreateParams, "mode" | "metadata" | "subscription_data" | "payment_intent_data">,
  ): Promise<CheckoutStarted> {
    const session = await call(() =>
      this.stripe.checkout.sessions.create(
        { ...params, customer: customerId, line_items: [{ price: priceId, quantity: 1 }], ...this.sessionFrame(c.tenantId) },
        { idempotencyKey: c.idempotencyKey },
      ),
    );
    if (!session.url) throw new SubscriptionProviderUnavailable(`Stripe's checkout session ${session.id} has no URL`);
    return { sessionId: session.id, url: session.url, customerId, priceId };
  }

  /** A one-time payment (a top-up pack) on the hosted page, at a one-time Price found again by the item's key. */
  async startPaymentCheckout(c: PaymentCheckout): Promise<CheckoutStarted> {
    const [priceId, customerId] = await Promise.all([this.oneTimePrice(c.item), this.customerFor(c)]);
    const metadata = { tenant_id: String(c.tenantId), purpose: "top_up", payment_ref: c.idempotencyKey };
    return this.openSession(c, customerId, priceId, { mode: "payment", metadata, payment_intent_data: { metadata } });
  }

  private async oneTimePrice(item: PaymentCheckout["item"]): Promise<string> {
    // The amount is in the key: a pack whose price changes gets a new Price, never an edited one.
    const key = `gateway_${item.key}_${item.amount}`;
    const list = await call(() => this.stripe.prices.list({ lookup_keys: [key], active: true, limit: 1 }));
    if (list.data[0]) return list.data[0].id;
    const created = await call(() =>
      this.stripe.prices.create({ currency: "sar", unit_amount: item.amount, lookup_key: key, product_data: { name: item.name } }, { idempotencyKey: key }),
    );
    return created.id;
  }

  async changePlan(change: PlanChange): Promise<PlanChanged> {
    const priceId = await this.priceFor(change.plan);
    const current = await call(() => this.stripe.subscriptions.retrieve(change.subscriptionId));
    const item = current.items.data[0];
    const tenantId = Number(current.metadata.tenant_id);
    if (!item || !Number.isInteger(tenantId))
      throw new SubscriptionProviderRefused(`subscription ${change.subscriptionId} is not one of the gateway's`, "not_gateway_subscription");
    const upgrade = change.direction === "upgrade";
    const updated = await call(() =>
      this.stripe.subscriptions.update(
        change.subscriptionId,
        {
          items: [{ id: item.id, price: priceId }],
          proration_behavior: upgrade ? "always_invoice" : "none",
          ...(upgrade ? { payment_behavior: "error_if_incomplete" as const } : {}),
          metadata: planMetadata(tenantId, change.plan, change.idempotencyKey),
          expand: ["latest_invoice"],
        },
        { idempotencyKey: change.idempotencyKey },
      ),
    );
    const invoice = upgrade && updated.latest_invoice && typeof updated.latest_invoice !== "string" ? updated.latest_invoice : null;
    return {
      subscriptionId: updated.id,
      priceId,
      effective: upgrade ? "now" : "period_end",
      invoice: invoice?.id ? { id: invoice.id, amountDue: invoice.amount_due, status: invoice.status } : null,
    };
  }

  /** The payment intent (or charge) that paid an invoice, read from its payments (an invoice names neither since 2025-03-31.basil). */
  async paymentOfInvoice(invoiceId: string): Promise<{ paymentIntent: string | null; charge: string | null }> {
    const invoice = await call(() => this.stripe.invoices.retrieve(invoiceId, { expand: ["payments"] }));
    const paid = invoice.payments?.data.find((p) => p.status === "paid");
    const id = (v: string | { id: string } | null | undefined) => (v == null ? null : typeof v === "string" ? v : v.id);
    return { paymentIntent: id(paid?.payment.payment_intent), charge: id(paid?.payment.charge) };
  }

  /** What a refund names: an invoice's payment is its payment intent (or charge). */
  private async refundTarget(paymentId: string): Promise<{ payment_intent: string } | { charge: string }> {
    if (paymentId.startsWith("pi_")) return { payment_intent: paymentId };
    if (paymentId.startsWith("ch_") || paymentId.startsWith("py_")) return { charge: paymentId };
    if (!paymentId.startsWith("in_")) throw new SubscriptionProviderRefused(`${paymentId} is not an invoice, payment intent or charge`, "unknown_payment");
    const paid = await this.paymentOfInvoice(paymentId);
    if (paid.paymentIntent) return { payment_intent: paid.paymentIntent };
    if (paid.charge) return { charge: paid.charge };
    throw new SubscriptionProviderRefused(`invoice ${paymentId} has no paid payment to refund`, "nothing_to_refund");
  }

  async refund(r: RefundRequest): Promise<RefundDone> {
    const target = await this.refundTarget(r.paymentId);
    const refund = await call(() => this.stripe.refunds.create({ ...target, ...(r.amount === undefined ? {} : { amount: r.amount }) }, { idempotencyKey: r.idempotencyKey }));
    const id = (v: string | { id: string } | null) => (v == null ? null : typeof v === "string" ? v : v.id);
    return { refundId: refund.id, amount: refund.amount, status: refund.status, chargeId: id(refund.charge), paymentIntentId: id(refund.payment_intent) };
  }

  readEvent(rawBody: Buffer | string, signature: string | undefined): SubscriptionEvent {
    if (!signature) throw new SubscriptionEventRefused("no Stripe-Signature header");
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.settings.webhookSecret, SIGNATURE_TOLERANCE_SECONDS, undefined, this.clock.now().getTime());
    } catch (err) {
      throw new SubscriptionEventRefused(`the Stripe webhook did not verify: ${(err as Error).message.split("\n")[0]}`);
    }
    return normaliseStripeEvent(event);
  }
}
