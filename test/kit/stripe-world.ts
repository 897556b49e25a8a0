import * as o from "./stripe-objects.js";

// What the Stripe stand-in holds and does, apart from HTTP: the objects, the hosted checkout's
// pay step, renewals as its clock moves, plan changes with proration, refunds. Each change
// records the events Stripe would send (stripe.ts signs and delivers them). Behaviour follows
// docs.stripe.com/billing/subscriptions (a subscription's first invoice has billing_reason
// subscription_create, a renewal subscription_cycle, a prorated change subscription_update) and
// the API reference's parameter descriptions in the OpenAPI document named in stripe-objects.ts.

export type CardOutcome = "succeeds" | "declines";

/** Attempts on a failed renewal invoice before Stripe stops (its retry settings' default, 4). */
export const RETRY_ATTEMPTS = 4;

export class StripeFault extends Error {
  constructor(
    readonly status: number,
    readonly body: object,
  ) {
    super(JSON.stringify(body));
  }
}

export class StripeWorld {
  readonly customers = new Map<string, o.Obj>();
  readonly prices = new Map<string, o.Obj>();
  readonly sessions = new Map<string, o.Obj>();
  readonly subscriptions = new Map<string, o.Obj>();
  readonly invoices = new Map<string, o.Obj>();
  readonly paymentIntents = new Map<string, o.Obj>();
  readonly charges = new Map<string, o.Obj>();
  readonly refunds = new Map<string, o.Obj>();
  /** The card each customer's renewals and upgrades are charged to. */
  readonly cards = new Map<string, CardOutcome>();
  /** Events in the order they happened: [type, object, previous_attributes]. */
  onEvent: (type: string, object: o.Obj, previous?: o.Obj) => void = () => {};

  constructor(private readonly nowMs: () => number) {}

  now = () => Math.floor(this.nowMs() / 1000);

  get(map: Map<string, o.Obj>, id: string, what: string): o.Obj {
    const found = map.get(id);
    if (!found) throw new StripeFault(404, o.stripeError("invalid_request_error", `No such ${what}: '${id}'`, "resource_missing", "id"));
    return found;
  }

  /** Takes payment for an invoice from the customer's card: a payment intent, its charge, the invoice paid. */
  private pay(invoice: o.Obj, card: CardOutcome): boolean {
    const now = this.now();
    const paid = card === "succeeds";
    const ch = o.charge(now, invoice.amount_due, invoice.currency, invoice.customer, paid);
    const pi = o.paymentIntent(now, invoice.amount_due, invoice.currency, invoice.customer, ch.id, paid ? "succeeded" : "requires_payment_method");
    ch.payment_intent = pi.id;
    this.charges.set(ch.id, ch);
    this.paymentIntents.set(pi.id, pi);
    invoice.attempt_count += 1;
    invoice.attempted = true;
    // Smart Retries' default: up to 4 attempts; the stand-in spaces them 3 days apart.
    invoice.next_payment_attempt = !paid && invoice.attempt_count < RETRY_ATTEMPTS ? now + 3 * 86_400 : null;
    if (!paid) return false;
    Object.assign(invoice, { status: "paid", amount_paid: invoice.amount_due, amount_remaining: 0 });
    invoice.status_transitions.paid_at = now;
    invoice.payments = o.list([o.invoicePayment(now, invoice, pi)], `/v1/invoices/${invoice.id}/payments`);
    return true;
  }

  private store(invoice: o.Obj) {
    // `payments` is includable: answered only when expanded, never inside an event.
    this.invoices.set(invoice.id, invoice);
    const { payments: _p, ...shown } = invoice;
    return shown;
  }

  /** The payer completes the hosted checkout page with a card; a declined card leaves the session open. */
  completeCheckout(sessionId: string, card: CardOutcome): boolean {
    const session = this.get(this.sessions, sessionId, "checkout.session");
    if (session.status === "open" && session.expires_at <= this.now()) session.status = "expired";
    if (session.status !== "open") throw new Error(`checkout session ${sessionId} is ${session.status}`);
    if (card === "declines") return false;
    if (session.mode === "payment") return this.completePayment(session);
    const now = this.now();
    const priceObj = this.get(this.prices, session.line_items[0].price, "price");
    const period = { start: now, end: o.addInterval(now, priceObj.recurring.interval) };
    const sub = o.subscription(now, { customer: session.customer, metadata: { ...(session.subscription_data?.metadata ?? {}) }, price: priceObj, period });
    const item = sub.items.data[0];
    const inv = o.invoice(now, sub, "subscription_create", [{ amount: priceObj.unit_amount, price: priceObj, itemId: item.id, period, proration: false, description: "1 × plan" }]);
    this.pay(inv, "succeeds");
    this.cards.set(session.customer, "succeeds");
    sub.latest_invoice = inv.id;
    this.subscriptions.set(sub.id, sub);
    Object.assign(session, { status: "complete", payment_status: "paid", subscription: sub.id, invoice: inv.id });
    this.onEvent("customer.subscription.created", sub);
    this.onEvent("invoice.paid", this.store(inv));
    const { line_items: _l, subscription_data: _s, ...shown } = session;
    this.onEvent("checkout.session.completed", shown);
    return true;
  }

  /** A one-time payment: a payment intent and its charge carrying payment_intent_data's metadata. */
  private completePayment(session: o.Obj): boolean {
    const now = this.now();
    const ch = o.charge(now, session.amount_total, session.currency, session.customer, true);
    const pi = o.paymentIntent(now, session.amount_total, session.currency, session.customer, ch.id, "succeeded");
    const metadata = { ...(session.payment_intent_data?.metadata ?? {}) };
    Object.assign(ch, { payment_intent: pi.id, metadata });
    pi.metadata = metadata;
    this.charges.set(ch.id, ch);
    this.paymentIntents.set(pi.id, pi);
    Object.assign(session, { status: "complete", payment_status: "paid", payment_intent: pi.id });
    const { line_items: _l, subscription_data: _s, payment_intent_data: _p, ...shown } = session;
    this.onEvent("checkout.session.completed", shown);
    return true;
  }

  /** Every subscription whose period has ended renews: an invoice charged to the card, the period moved. */
  renewDue(): string[] {
    const renewed: string[] = [];
    for (const sub of this.subscriptions.values()) {
      const item = sub.items.data[0];
      while (sub.status === "active" && item.current_period_end <= this.now()) {
        const period = { start: item.current_period_end, end: o.addInterval(item.current_period_end, item.price.recurring.interval) };
        const inv = o.invoice(this.now(), sub, "subscription_cycle", [
          { amount: item.price.unit_amount, price: item.price, itemId: item.id, period, proration: false, description: "1 × plan" },
        ]);
        const previous = { items: structuredClone(sub.items) };
        const paid = this.pay(inv, this.cards.get(sub.customer) ?? "succeeds");
        sub.latest_invoice = inv.id;
        Object.assign(item, { current_period_start: period.start, current_period_end: period.end });
        if (!paid) sub.status = "past_due";
        this.onEvent(paid ? "invoice.paid" : "invoice.payment_failed", this.store(inv));
        this.onEvent("customer.subscription.updated", sub, paid ? previous : { ...previous, status: "active" });
        renewed.push(sub.id);
      }
    }
    return renewed;
  }

  /**
   * Smart Retries: every failed invoice whose next attempt is due is charged again; paid, its
   * subscription is active again; after the last attempt the subscription is canceled (the retry
   * settings' default end), which Stripe reports as customer.subscription.deleted.
   */
  retryDue(): string[] {
    const retried: string[] = [];
    for (const inv of this.invoices.values()) {
      if (inv.status !== "open" || inv.next_payment_attempt === null || inv.next_payment_attempt > this.now()) continue;
      const sub = this.subscriptions.get(inv.parent.subscription_details.subscription);
      if (!sub) continue;
      const paid = this.pay(inv, this.cards.get(sub.customer) ?? "succeeds");
      retried.push(inv.id);
      this.onEvent(paid ? "invoice.paid" : "invoice.payment_failed", this.store(inv));
      if (paid || inv.next_payment_attempt === null) {
        const previous = { status: sub.status };
        Object.assign(sub, paid ? { status: "active" } : { status: "canceled", canceled_at: this.now(), ended_at: this.now() });
        this.onEvent(paid ? "customer.subscription.updated" : "customer.subscription.deleted", sub, previous);
      }
    }
    return retried;
  }

  /** POST /v1/subscriptions/{id} with items[0][price]: the price moves, prorated as asked. */
  changePrice(sub: o.Obj, p: o.Obj): o.Obj {
    const item = sub.items.data[0];
    const wanted = p.items?.[0];
    if (wanted && wanted.id !== item.id)
      throw new StripeFault(400, o.stripeError("invalid_request_error", `No such subscription item: '${wanted.id}'`, "resource_missing", "items[0][id]"));
    const next = wanted?.price ? this.get(this.prices, wanted.price, "price") : item.price;
    const previous = { items: structuredClone(sub.items), metadata: { ...sub.metadata } };
    const behavior = p.proration_behavior ?? "create_prorations";
    const metadata = p.metadata ? { ...sub.metadata, ...p.metadata } : sub.metadata;
    let inv: o.Obj | null = null;
    if (behavior === "always_invoice" && next.id !== item.price.id) {
      inv = this.prorationInvoice({ ...sub, metadata }, item, next);
      const paid = inv.amount_due === 0 || this.pay(inv, this.cards.get(sub.customer) ?? "succeeds");
      if (!paid && p.payment_behavior === "error_if_incomplete") {
        throw new StripeFault(402, o.stripeError("card_error", "Your card was declined.", "card_declined"));
      }
    }
    item.price = next;
    sub.metadata = metadata;
    if (inv) {
      sub.latest_invoice = inv.id;
      this.onEvent(inv.status === "paid" ? "invoice.paid" : "invoice.payment_failed", this.store(inv));
    }
    this.onEvent("customer.subscription.updated", sub, previous);
    return sub;
  }

  /** A credit for the unused time on the old price and a charge for it on the new, to the second. */
  private prorationInvoice(sub: o.Obj, item: o.Obj, next: o.Obj): o.Obj {
    const now = this.now();
    const { current_period_start: start, current_period_end: end } = item;
    const share = (amount: number) => Math.round((amount * Math.max(end - now, 0)) / (end - start));
    const period = { start: now, end };
    return o.invoice(now, sub, "subscription_update", [
      { amount: -share(item.price.unit_amount), price: item.price, itemId: item.id, period, proration: true, description: "Unused time on the previous plan" },
      { amount: share(next.unit_amount), price: next, itemId: item.id, period, proration: true, description: "Remaining time on the new plan" },
    ]);
  }

  /** POST /v1/refunds: all or part of what a charge has left. */
  refund(p: o.Obj): o.Obj {
    const ch = p.charge
      ? this.get(this.charges, p.charge, "charge")
      : this.get(this.charges, this.get(this.paymentIntents, p.payment_intent ?? "", "payment_intent").latest_charge, "charge");
    const left = ch.amount - ch.amount_refunded;
    const amount = p.amount === undefined ? left : Number(p.amount);
    if (left <= 0) throw new StripeFault(400, o.stripeError("invalid_request_error", `Charge ${ch.id} has already been refunded.`, "charge_already_refunded"));
    if (!Number.isInteger(amount) || amount < 1 || amount > left) {
      throw new StripeFault(
        400,
        o.stripeError("invalid_request_error", `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`, "amount_too_large", "amount"),
      );
    }
    const re = o.refund(this.now(), ch, amount);
    this.refunds.set(re.id, re);
    const previous = { amount_refunded: ch.amount_refunded, refunded: ch.refunded };
    ch.amount_refunded += amount;
    ch.refunded = ch.amount_refunded === ch.amount;
    this.onEvent("charge.refunded", ch, previous);
    return re;
  }
}
