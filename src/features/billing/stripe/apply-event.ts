import type { ServiceDeps } from "../../../core/deps.js";
import { forgetCachedKeys } from "../../../core/auth/key-cache.js";
import type { SubscriptionEvent } from "../providers/subscription-provider.js";
import { recordProviderEvent, type Tx } from "../billing-sql.js";
import { setTenantStanding } from "../standing.js";
import { billingUrl } from "../billing-url.js";
import { mailOwners } from "../mails/billing-mails.js";
import { applyStripeInvoice, applyStripeRefund, applyStripeTopUp, endStripeSubscription, linkSubscription } from "./stripe-apply.js";

// One verified Stripe event applied once: its id is recorded (provider_event) in the transaction
// that applies it. Each kind maps from its own body, so duplicates, late events and events before
// the one they follow land the same; a refund of a payment not applied yet is not recorded.

/** Thrown inside the transaction so that the event is not recorded: Stripe retries it. */
export class NotYetKnown extends Error {}

export type Outcome = "applied" | "unchanged" | "ignored";

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
