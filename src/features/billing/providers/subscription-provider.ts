// What a provider that keeps subscriptions itself (Stripe) offers billing, beside the card-token
// charges of the gateway's own renewal pass. The provider renews, prorates and retries; billing
// learns of each through one normalised event and applies it once (its provider_event table).

export type SubscriptionInterval = "month" | "year";

/** A plan version's price for one interval, read from the gateway's plan row, never from a caller. */
export interface PlanVersionPrice {
  /** The plan row's id: one row is one version. */
  planId: number;
  name: string;
  version: number;
  interval: SubscriptionInterval;
  /** Halalas per interval, what the tenant pays (VAT included). */
  amount: number;
}

export interface SubscriptionCheckout {
  tenantId: number;
  tenantName: string;
  email?: string | undefined;
  plan: PlanVersionPrice;
  /** Our payment row's UUID: a retried call creates no second session, and the first invoice names it (metadata payment_ref). */
  idempotencyKey: string;
}

/** A one-time payment on the provider's hosted page (a top-up pack). */
export interface PaymentCheckout {
  tenantId: number;
  tenantName: string;
  email?: string | undefined;
  /** What is sold, found again by its key; its amount is the gateway's, VAT included. */
  item: { key: string; name: string; amount: number };
  /** Our payment row's UUID, carried back in the session's metadata (payment_ref). */
  idempotencyKey: string;
}

export interface CheckoutStarted {
  sessionId: string;
  /** Where the payer goes to pay (the provider's hosted page). */
  url: string;
  customerId: string;
  priceId: string;
}

export interface PlanChange {
  subscriptionId: string;
  plan: PlanVersionPrice;
  /** Upgrades are charged now, prorated; downgrades take effect at the period's end. */
  direction: "upgrade" | "downgrade";
  /** Our payment row's UUID (an upgrade's): the prorated invoice names it (metadata payment_ref). */
  idempotencyKey: string;
}

export interface PlanChanged {
  subscriptionId: string;
  priceId: string;
  effective: "now" | "period_end";
  /** The prorated invoice of an upgrade (null for a downgrade), its total and state. */
  invoice: { id: string; amountDue: number; status: string | null } | null;
}

export interface RefundRequest {
  /** An invoice (in_…), a payment intent (pi_…) or a charge (ch_…). */
  paymentId: string;
  /** Halalas; the whole payment when omitted. */
  amount?: number | undefined;
  idempotencyKey: string;
}

export interface RefundDone {
  refundId: string;
  amount: number;
  status: string | null;
  chargeId: string | null;
  paymentIntentId: string | null;
}

export type SubscriptionEventKind =
  | "checkout_paid"
  | "checkout_unpaid"
  | "invoice_paid"
  | "invoice_payment_failed"
  | "subscription_updated"
  | "subscription_deleted"
  | "charge_refunded"
  | "other";

/** One provider event, whatever its type, as billing applies it. */
export interface SubscriptionEvent {
  /** The provider's event id: the key billing applies each event once by. */
  eventId: string;
  /** The provider's own type name (`invoice.paid`). */
  type: string;
  kind: SubscriptionEventKind;
  createdAt: Date;
  /** From the object's metadata or client_reference_id; null when the event does not carry it (refunds). */
  tenantId: number | null;
  planId: number | null;
  interval: SubscriptionInterval | null;
  /** Our payment row's UUID (metadata payment_ref), as the checkout or plan change that made the object wrote it. */
  reference: string | null;
  /** metadata purpose: "top_up" for a one-time payment; null for the subscription's own. */
  purpose: string | null;
  periodStart: Date | null;
  periodEnd: Date | null;
  /** Halalas: paid, due, refunded so far, or the subscription's price, by kind. */
  amount: number | null;
  /** Upper case (SAR). */
  currency: string | null;
  /** A failed invoice: when the provider charges it again (null: it will not). */
  nextAttemptAt: Date | null;
  /** The invoice's billing_reason (subscription_create, subscription_cycle, subscription_update) or the subscription's status. */
  reason: string | null;
  ids: {
    customer: string | null;
    subscription: string | null;
    invoice: string | null;
    checkoutSession: string | null;
    paymentIntent: string | null;
    charge: string | null;
    price: string | null;
  };
}

export interface SubscriptionProvider {
  readonly name: string;
  startCheckout(checkout: SubscriptionCheckout): Promise<CheckoutStarted>;
  startPaymentCheckout(checkout: PaymentCheckout): Promise<CheckoutStarted>;
  /** The payment intent (or charge) that paid an invoice: what a refund event names. */
  paymentOfInvoice(invoiceId: string): Promise<{ paymentIntent: string | null; charge: string | null }>;
  changePlan(change: PlanChange): Promise<PlanChanged>;
  refund(request: RefundRequest): Promise<RefundDone>;
  /** The event a webhook carries, from its raw body and signature header; SubscriptionEventRefused when it does not verify. */
  readEvent(rawBody: Buffer | string, signature: string | undefined): SubscriptionEvent;
}

/** A webhook that did not verify (signature, age) or does not parse. */
export class SubscriptionEventRefused extends Error {}

/** The provider could not be reached, or answered in a way that tells nothing of the outcome: retry with the same idempotency key. */
export class SubscriptionProviderUnavailable extends Error {}

/** The provider refused the request (bad parameters, a declined card, an unknown id). */
export class SubscriptionProviderRefused extends Error {
  constructor(
    message: string,
    readonly code: string | null,
  ) {
    super(message);
  }
}
