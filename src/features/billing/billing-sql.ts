import type { Db } from "../../core/db/database.js";
import type { Prisma } from "../../generated/prisma/client.js";
import { addDays, type Interval } from "./periods.js";

// The statements that write subscriptions, payments and provider events, which billing owns. The
// tenant's standing (plan version, paid-through day, grace) is admin's table: standing.ts.

export type Tx = Prisma.TransactionClient;
const day = (d: string) => new Date(`${d}T00:00:00Z`);

/** Locks the tenant's subscription row for the rest of the transaction: changes of one tenant's billing happen one at a time. */
export const lockSubscription = async (tx: Tx, tenantId: number) => {
  await tx.$queryRaw`-- lock_subscription
    SELECT tenant_id FROM subscription WHERE tenant_id = ${tenantId}::int FOR UPDATE`;
  return tx.subscription.findUnique({ where: { tenantId }, include: { plan: true, pendingPlan: true } });
};

/** A subscription for a tenant that has none yet: a trial to its current paid-through day. */
export const ensureSubscription = (db: Db | Tx, t: { tenantId: number; planId: number; start: string; end: string }) =>
  db.subscription.upsert({
    where: { tenantId: t.tenantId },
    create: { tenantId: t.tenantId, planId: t.planId, periodStart: day(t.start), periodEnd: day(t.end), state: "trial" },
    update: {},
  });

export interface NewPayment {
  tenantId: number;
  provider: string;
  givenId: string;
  purpose: "checkout" | "renewal" | "upgrade" | "top_up";
  planId?: number | undefined;
  interval?: Interval | undefined;
  topUpPackId?: number | undefined;
  net: number;
  vat: number;
  amount: number;
  periodStart?: string | undefined;
  periodEnd?: string | undefined;
}

export const insertPayment = (tx: Tx, p: NewPayment) =>
  tx.payment.create({ data: { ...p, periodStart: p.periodStart ? day(p.periodStart) : null, periodEnd: p.periodEnd ? day(p.periodEnd) : null } });

/** An open charge of the tenant that changes its plan or period, asked within the last `sinceMinutes`. */
export const openPlanPayment = (tx: Tx, tenantId: number, since: Date) =>
  tx.payment.findFirst({ where: { tenantId, status: "initiated", purpose: { in: ["checkout", "renewal", "upgrade"] }, createdAt: { gte: since } } });

export const notePaymentAnswer = (db: Db | Tx, id: number, providerPaymentId: string) => db.payment.update({ where: { id }, data: { providerPaymentId } });

/** Settles an initiated payment once: the row that moved is returned; null when another call settled it first. */
export async function settlePayment(tx: Tx, id: number, status: "paid" | "failed", message: string | null, at: Date) {
  const moved = await tx.payment.updateMany({ where: { id, status: "initiated" }, data: { status, message, settledAt: at } });
  return moved.count === 1 ? tx.payment.findUniqueOrThrow({ where: { id } }) : null;
}

export const markRefunded = (tx: Tx, id: number, at: Date) => tx.payment.updateMany({ where: { id, status: "paid" }, data: { status: "refunded", settledAt: at } });

/** Records a provider event; false when it was recorded before (applied once). */
export async function recordProviderEvent(tx: Tx, provider: string, eventId: string, type: string): Promise<boolean> {
  const inserted = await tx.$executeRaw`-- record_provider_event
    INSERT INTO provider_event (provider, event_id, type) VALUES (${provider}, ${eventId}, ${type}) ON CONFLICT DO NOTHING`;
  return inserted === 1;
}

export const updateSubscription = (tx: Tx | Db, tenantId: number, data: Prisma.SubscriptionUncheckedUpdateInput) => tx.subscription.update({ where: { tenantId }, data });

/**
 * Subscriptions the renewal pass should charge today: paid ones whose period ends by today, or a
 * retry fallen due. A trial is never charged: it becomes paid only by a checkout. A subscription
 * Stripe renews is Stripe's to charge and retry: its events say what happened.
 */
export const dueSubscriptions = (db: Db, today: string, limit: number) =>
  db.subscription.findMany({
    where: {
      state: { in: ["active", "past_due"] },
      providerSubscriptionId: null,
      OR: [{ nextAttemptOn: { lte: day(today) } }, { nextAttemptOn: null, failedOn: null, periodEnd: { lte: day(today) } }],
    },
    select: { tenantId: true },
    orderBy: { tenantId: "asc" },
    take: limit,
  });

/**
 * Yearly subscriptions whose renewal is 7 days away or less and whose reminder for that distance
 * (7, then 1) is not mailed yet: remindedDays is cleared when a payment starts a new period.
 */
export const dueReminders = (db: Db, today: string) =>
  db.subscription.findMany({
    where: {
      interval: "year",
      state: "active",
      cardToken: { not: null },
      periodEnd: { gte: day(today), lte: day(addDays(today, 7)) },
      OR: [{ remindedDays: null }, { remindedDays: { gt: 1 }, periodEnd: { lte: day(addDays(today, 1)) } }],
    },
    select: { tenantId: true },
    orderBy: { tenantId: "asc" },
  });

/** A failed payment the provider charges again itself (Stripe's retries of an invoice): open once more, to be settled by the answer. */
export async function reopenPayment(tx: Tx, id: number) {
  const moved = await tx.payment.updateMany({ where: { id, status: "failed" }, data: { status: "initiated", settledAt: null } });
  return moved.count === 1 ? tx.payment.findUniqueOrThrow({ where: { id } }) : null;
}

/**
 * What a provider that prices its own charges (Stripe: proration to the second, its period) charged,
 * written on the open row with its ids before the row settles.
 */
export const recordCharged = (
  tx: Tx,
  id: number,
  c: {
    planId: number;
    interval: Interval;
    net: number;
    vat: number;
    amount: number;
    periodStart?: string | undefined;
    periodEnd?: string | undefined;
    providerPaymentId: string;
    providerIntentId: string | null;
  },
) => tx.payment.update({ where: { id }, data: { ...c, periodStart: c.periodStart ? day(c.periodStart) : undefined, periodEnd: c.periodEnd ? day(c.periodEnd) : undefined } });

/** The payment intent a provider's refunds will name (a Stripe checkout's), on a row not settled yet. */
export const notePaymentIntent = (tx: Tx, id: number, providerIntentId: string | null) => tx.payment.updateMany({ where: { id, status: "initiated" }, data: { providerIntentId } });
