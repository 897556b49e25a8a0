import { randomUUID } from "node:crypto";
import type { ServiceDeps } from "../../../core/deps.js";
import { dateOnly } from "../../../core/clock.js";
import type { Payment } from "../../../generated/prisma/client.js";
import type { ProviderPayment } from "../providers/index.js";
import { insertPayment, lockSubscription, notePaymentIntent, recordCharged, reopenPayment, updateSubscription, type Tx } from "../billing-sql.js";
import { settleAndApply } from "../payments.js";
import { netWithin } from "../payment-invoice.js";
import { addDays, type Interval } from "../periods.js";
import { runsOnStripe } from "./stripe-of.js";

// What a Stripe invoice does to billing: the payment row it settles (the checkout's or upgrade's
// that its metadata names, or a renewal's, made when the renewal is first heard of), with what
// Stripe charged and for which period, and its effects applied once through billing's one path.

export interface StripeInvoice {
  tenantId: number;
  invoiceId: string;
  paid: boolean;
  /** Halalas paid (or due, when it failed). */
  amount: number;
  /** billing_reason: subscription_create, subscription_cycle, subscription_update. */
  reason: string | null;
  reference: string | null;
  planId: number | null;
  interval: Interval | null;
  /** Stripe's period: its end is the next period's first instant. */
  periodStart: Date | null;
  periodEnd: Date | null;
  nextAttemptAt: Date | null;
  customerId: string | null;
  subscriptionId: string | null;
  /** The payment intent (or charge) that paid it: what its refunds will name. */
  intent: string | null;
}

const PURPOSE: Record<string, "checkout" | "renewal" | "upgrade"> = { subscription_create: "checkout", subscription_cycle: "renewal", subscription_update: "upgrade" };

/** The gateway's days of a Stripe period: from the day it starts to the day before the next one starts. */
function daysOf(deps: ServiceDeps, inv: StripeInvoice) {
  if (!inv.periodStart || !inv.periodEnd) return {};
  return { periodStart: deps.clock.day(inv.periodStart), periodEnd: addDays(deps.clock.day(inv.periodEnd), -1) };
}

/** The row the invoice settles, brought to what Stripe charged; null for an invoice the gateway did not ask for. */
async function rowOfInvoice(deps: ServiceDeps, tx: Tx, inv: StripeInvoice, purpose: "checkout" | "renewal" | "upgrade"): Promise<Payment> {
  const byInvoice = await tx.payment.findFirst({ where: { provider: "stripe", providerPaymentId: inv.invoiceId } });
  if (byInvoice) return byInvoice;
  // A renewal's subscription still carries the payment_ref of the checkout or change that made it: only the first invoice uses it.
  const named = purpose !== "renewal" && inv.reference ? await tx.payment.findUnique({ where: { givenId: inv.reference } }) : null;
  const made = named && named.tenantId === inv.tenantId && named.provider === "stripe" && named.purpose === purpose ? named : null;
  const sub = await tx.subscription.findUniqueOrThrow({ where: { tenantId: inv.tenantId } });
  const planId = inv.planId && (await tx.plan.findUnique({ where: { id: inv.planId }, select: { id: true } })) ? inv.planId : sub.planId;
  const net = netWithin(inv.amount);
  const period = purpose === "upgrade" ? {} : daysOf(deps, inv);
  const charged = { planId, interval: inv.interval ?? sub.interval, net, vat: inv.amount - net, amount: inv.amount };
  const ids = { providerPaymentId: inv.invoiceId, providerIntentId: inv.intent };
  const row = made ?? (await insertPayment(tx, { tenantId: inv.tenantId, provider: "stripe", givenId: randomUUID(), purpose, ...charged, ...period }));
  return recordCharged(tx, row.id, { ...charged, ...period, ...ids });
}

const asPayment = (id: string, status: "paid" | "failed" | "refunded", amount: number, reference: string, refunded = 0): ProviderPayment => ({
  id,
  status,
  amount,
  refunded,
  message: status === "failed" ? "Stripe could not charge the card." : null,
  redirectUrl: null,
  card: null,
  reference,
});

/** Applies a paid or failed Stripe invoice of the gateway's subscription, once. */
export async function applyStripeInvoice(deps: ServiceDeps, tx: Tx, inv: StripeInvoice): Promise<"applied" | "unchanged"> {
  const purpose = inv.reason ? PURPOSE[inv.reason] : undefined;
  if (!purpose || inv.amount <= 0) return "unchanged";
  // One tenant's Stripe events apply one at a time: a renewal's row is made once.
  await lockSubscription(tx, inv.tenantId);
  let row = await rowOfInvoice(deps, tx, inv, purpose);
  // Stripe charges a failed invoice again (Smart Retries): a later answer may still pay it.
  if (row.status === "failed") row = (await reopenPayment(tx, row.id)) ?? row;
  const retry = inv.paid ? undefined : { nextTry: inv.nextAttemptAt ? deps.clock.day(inv.nextAttemptAt) : null };
  const outcome = await settleAndApply(deps, tx, row, asPayment(inv.invoiceId, inv.paid ? "paid" : "failed", inv.amount, row.givenId), retry);
  if (outcome === "applied" && inv.paid && purpose !== "upgrade") await linkSubscription(tx, inv.tenantId, inv.customerId, inv.subscriptionId, deps.clock.now());
  return outcome;
}

/** A one-time payment (a top-up) its hosted page took. */
export async function applyStripeTopUp(deps: ServiceDeps, tx: Tx, e: { tenantId: number; sessionId: string; amount: number; reference: string; intent: string | null }) {
  const row = await tx.payment.findUnique({ where: { givenId: e.reference } });
  if (!row || row.tenantId !== e.tenantId || row.provider !== "stripe" || row.purpose !== "top_up") return "unknown" as const;
  await notePaymentIntent(tx, row.id, e.intent);
  return settleAndApply(deps, tx, row, asPayment(e.sessionId, "paid", e.amount, row.givenId));
}

/** A refund of a payment the gateway applied: a credit note for what is new; null when the payment is not known yet. */
export async function applyStripeRefund(deps: ServiceDeps, tx: Tx, e: { paymentIntent: string | null; charge: string | null; refunded: number }) {
  const names = [e.paymentIntent, e.charge].filter((x): x is string => x !== null);
  const row = names.length ? await tx.payment.findFirst({ where: { provider: "stripe", providerIntentId: { in: names } } }) : null;
  if (!row || row.status === "initiated" || !row.providerPaymentId) return null;
  return settleAndApply(deps, tx, row, asPayment(row.providerPaymentId, "refunded", row.amount, row.givenId, e.refunded));
}

/**
 * Records the tenant's Stripe customer and subscription, unless it holds another subscription that
 * is still running (a late event of an ended one does not take its place).
 */
export async function linkSubscription(tx: Tx, tenantId: number, customerId: string | null, subscriptionId: string | null, at: Date) {
  if (!subscriptionId) return;
  const sub = await tx.subscription.findUniqueOrThrow({ where: { tenantId } });
  if (runsOnStripe(sub) && sub.providerSubscriptionId !== subscriptionId) return;
  // A card saved with Moyasar before is not charged again: Stripe renews from now on.
  const card = { cardToken: null, cardBrand: null, cardLast4: null };
  await updateSubscription(tx, tenantId, {
    provider: "stripe",
    providerSubscriptionId: subscriptionId,
    ...card,
    ...(customerId ? { providerCustomerId: customerId } : {}),
    updatedAt: at,
  });
}

/** Stripe ended the subscription (canceled, or its retries ran out): the tenant works to its paid-through day, with no grace. */
export async function endStripeSubscription(deps: ServiceDeps, tx: Tx, subscriptionId: string) {
  const sub = await tx.subscription.findUnique({ where: { providerSubscriptionId: subscriptionId } });
  if (!sub) return { ended: false as const };
  await lockSubscription(tx, sub.tenantId);
  const over = dateOnly(sub.periodEnd) < deps.clock.day();
  await updateSubscription(tx, sub.tenantId, { state: over ? "suspended" : "canceled", nextAttemptOn: null, pendingPlanId: null, updatedAt: deps.clock.now() });
  return { ended: true as const, tenantId: sub.tenantId, over, periodEnd: dateOnly(sub.periodEnd) };
}
