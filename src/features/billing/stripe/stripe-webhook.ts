import type http from "node:http";
import type { ServiceDeps } from "../../../core/deps.js";
import { readNodeBodyWithin } from "../../../core/http/body.js";
import { forgetCachedKeys } from "../../../core/auth/key-cache.js";
import { SubscriptionEventRefused, SubscriptionProviderUnavailable, type SubscriptionEvent } from "../providers/subscription-provider.js";
import { recordProviderEvent, type Tx } from "../billing-sql.js";
import { setTenantStanding } from "../standing.js";
import { billingUrl } from "../billing-url.js";
import { mailOwners } from "../mails/billing-mails.js";
import { applyStripeInvoice, applyStripeRefund, applyStripeTopUp, endStripeSubscription, linkSubscription } from "./stripe-apply.js";
import { stripeOf } from "./stripe-of.js";

// Stripe's webhook: the signature is checked over the raw body, then the event is applied once
// (provider_event keyed by its id) in one transaction. An event may come twice, late or before
// the one it follows: each maps from its own body, an invoice settles the row it names whatever
// came first, and a refund of a payment not applied yet is answered 409 so Stripe sends it again.

export const STRIPE_WEBHOOK_PATH = "/billing/stripe/webhook";

/** Thrown inside the transaction so that the event is not recorded: Stripe retries it. */
class NotYetKnown extends Error {}

type Outcome = "applied" | "unchanged" | "ignored";

async function applyKind(deps: ServiceDeps, tx: Tx, e: SubscriptionEvent, intent: string | null): Promise<Outcome> {
  const at = deps.clock.now();
  switch (e.kind) {
    case "invoice_paid":
    case "invoice_payment_failed": {
      if (!e.tenantId || !e.ids.invoice || e.amount === null) return "ignored";
      const inv = {
        ...e,
        tenantId: e.tenantId,
        invoiceId: e.ids.invoice,
        amount: e.amount,
        paid: e.kind === "invoice_paid",
        customerId: e.ids.customer,
        subscriptionId: e.ids.subscription,
        intent,
      };
      return applyStripeInvoice(deps, tx, inv);
    }
    case "checkout_paid": {
      if (!e.tenantId) return "ignored";
      if (e.purpose !== "top_up") {
        await linkSubscription(tx, e.tenantId, e.ids.customer, e.ids.subscription, at);
        return "applied";
      }
      if (!e.reference || !e.ids.checkoutSession || e.amount === null) return "ignored";
      const topUp = { tenantId: e.tenantId, sessionId: e.ids.checkoutSession, amount: e.amount, reference: e.reference, intent: e.ids.paymentIntent };
      const outcome = await applyStripeTopUp(deps, tx, topUp);
      return outcome === "unknown" ? "ignored" : outcome;
    }
    case "charge_refunded": {
      const outcome = await applyStripeRefund(deps, tx, { paymentIntent: e.ids.paymentIntent, charge: e.ids.charge, refunded: e.amount ?? 0 });
      if (outcome === null) throw new NotYetKnown();
      return outcome;
    }
    case "subscription_deleted": {
      const ended = e.ids.subscription ? await endStripeSubscription(deps, tx, e.ids.subscription) : { ended: false as const };
      if (!ended.ended) return "ignored";
      await setTenantStanding(tx, ended.tenantId, { graceUntil: null });
      if (ended.over) await mailOwners(tx, { tenantId: ended.tenantId, billingUrl: billingUrl(deps), at }, { kind: "suspended", periodEnd: ended.periodEnd });
      return "applied";
    }
    default:
      // checkout_unpaid (its invoice.paid settles it), subscription_updated (the invoices carry what changed), other types.
      return "ignored";
  }
}

/** Applies a verified event once; "unchanged" when it was applied before. */
export async function applyStripeEvent(deps: ServiceDeps, e: SubscriptionEvent, intent: string | null): Promise<Outcome> {
  const outcome = await deps.db.$transaction(async (tx) => ((await recordProviderEvent(tx, "stripe", e.eventId, e.type)) ? applyKind(deps, tx, e, intent) : "unchanged"));
  // The tenant's plan or standing may have moved: this process's cached keys go at once.
  if (outcome === "applied") forgetCachedKeys(deps.db);
  return outcome;
}

const json = (res: http.ServerResponse, status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
const error = (res: http.ServerResponse, status: number, code: string, message: string) => json(res, status, { success: false, error: { code, message } });

export async function handleStripeWebhook(deps: ServiceDeps, req: http.IncomingMessage, res: http.ServerResponse) {
  if (req.method !== "POST") return error(res, 405, "METHOD_NOT_ALLOWED", "Use POST.");
  const stripe = await stripeOf(deps);
  const body = await readNodeBodyWithin(req, deps.config.maxBodyBytes);
  if (!body) return error(res, 413, "PAYLOAD_TOO_LARGE", "The body is too large.");
  let event: SubscriptionEvent;
  try {
    event = stripe.readEvent(body, req.headers["stripe-signature"] as string | undefined);
  } catch (err) {
    if (err instanceof SubscriptionEventRefused) return error(res, 400, "BAD_SIGNATURE", err.message);
    throw err;
  }
  try {
    // Since 2025-03-31.basil an invoice names no payment: what its refunds will name is read from Stripe.
    const paid = event.kind === "invoice_paid" && event.ids.invoice && event.amount ? await stripe.paymentOfInvoice(event.ids.invoice) : null;
    const outcome = await applyStripeEvent(deps, event, paid ? (paid.paymentIntent ?? paid.charge) : null);
    json(res, 200, { received: true, outcome });
  } catch (err) {
    if (err instanceof NotYetKnown) return error(res, 409, "NOT_YET_KNOWN", "The refunded payment is not applied yet; send this event again later.");
    if (err instanceof SubscriptionProviderUnavailable) return error(res, 503, "SERVICE_UNAVAILABLE", "Stripe did not answer; send this event again later.");
    throw err;
  }
}
