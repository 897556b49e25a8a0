// The one interface every payment provider meets. Moyasar charges a saved card token when the
// gateway asks (the renewal pass asks); a provider that keeps subscriptions itself (Stripe) says
// so with `keepsSubscriptions` and reports renewals as events instead.

export type ProviderPaymentStatus = "initiated" | "paid" | "failed" | "refunded";

/** A payment as the provider reports it. */
export interface ProviderPayment {
  id: string;
  status: ProviderPaymentStatus;
  /** Halalas. */
  amount: number;
  /** Halalas refunded so far (0: none); each new refund is a credit note. */
  refunded: number;
  /** What the provider said (a decline's reason). */
  message: string | null;
  /** Where the payer goes to finish 3-D Secure, while initiated. */
  redirectUrl: string | null;
  card: { brand: string | null; last4: string | null } | null;
  /** Our payment's given id, as the charge's metadata carried it back; null for a payment not ours. */
  reference: string | null;
}

export interface TokenCharge {
  /** Our payment row's UUID: the provider's idempotency key, so a retry never charges twice. */
  givenId: string;
  amount: number;
  description: string;
  token: string;
  /** The payer is present and may be sent through 3-D Secure (checkout); false for renewals. */
  payerPresent: boolean;
  /** Where the payer comes back after 3-D Secure. */
  callbackUrl: string;
}

/** A provider's event (webhook) once authenticated. */
export interface ProviderEvent {
  id: string;
  type: "payment_paid" | "payment_failed" | "payment_refunded" | "other";
  payment: ProviderPayment | null;
}

export interface PaymentProvider {
  readonly name: string;
  readonly keepsSubscriptions: boolean;
  chargeToken(charge: TokenCharge): Promise<ProviderPayment>;
  fetchPayment(id: string): Promise<ProviderPayment>;
  /** Refunds `amount` halalas (all of it when omitted). */
  refund(id: string, amount?: number): Promise<ProviderPayment>;
  /** The event a webhook body carries, or a PaymentRefused error when it is not the provider's. */
  readEvent(body: unknown): ProviderEvent;
}

/** The provider could not be reached or answered in a way that tells nothing of the payment. */
export class ProviderUnavailable extends Error {}

/** A webhook that did not authenticate or does not parse. */
export class EventRefused extends Error {}
