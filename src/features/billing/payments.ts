import { randomUUID } from "node:crypto";
import type { ServiceDeps } from "../../core/deps.js";
import { ServiceError } from "../../core/errors.js";
import { forgetCachedKeys } from "../../core/auth/key-cache.js";
import { addMonthBonus } from "../accounts/index.js";
import { paymentProvider, ProviderUnavailable, type PaymentProvider, type ProviderPayment } from "./providers/index.js";
import { insertPayment, lockSubscription, notePaymentAnswer, openPlanPayment, settlePayment, updateSubscription, type NewPayment, type Tx } from "./billing-sql.js";
import { setTenantStanding } from "./standing.js";
import { addDays, nextRetryDay } from "./periods.js";
import { creditRefund, invoicePaid } from "./payment-invoice.js";
import { billingUrl } from "./billing-url.js";
import { mailOwners } from "./mails/billing-mails.js";

// Charges and their outcome: a payment row is written (its UUID is the provider's idempotency
// key) before the provider is asked, and whatever reports the outcome (the answer, the 3-D Secure
// return, a webhook, the renewal pass) settles it through applyProviderPayment, which applies its
// effects once, in the transaction that records the outcome.

/**
 * How long an open charge (3-D Secure not finished, a hosted checkout page not paid) holds off
 * another change of the same tenant: longer than Stripe's checkout page stays payable (35 minutes).
 */
const OPEN_CHARGE_MINUTES = 40;

const providers = new WeakMap<object, PaymentProvider | undefined>();
// A gateway without a provider offers no payments, as a closed sign-up offers no sign-up: a
// setting, not a service that is away (503 would tell the caller to try again).
const notSetUp = (keys: string) => new ServiceError("NOT_FOUND", `Payments are not set up on this gateway (${keys}).`);

/** Moyasar, which charges the saved card when the gateway asks. */
export function providerOf(deps: Pick<ServiceDeps, "config">): PaymentProvider {
  if (!providers.has(deps.config)) providers.set(deps.config, paymentProvider(deps.config));
  const p = providers.get(deps.config);
  if (!p) throw notSetUp("PAYMENT_PROVIDER=moyasar, MOYASAR_SECRET_KEY, MOYASAR_WEBHOOK_SECRET");
  return p;
}

/** The configured provider's name, once its keys are set: what payment rows record. */
export function providerName(deps: Pick<ServiceDeps, "config">): "moyasar" | "stripe" {
  const b = deps.config.billing;
  if (b.provider === "moyasar") return providerOf(deps).name as "moyasar";
  if (!b.stripe.secretKey || !b.stripe.webhookSecret) throw notSetUp("PAYMENT_PROVIDER=stripe, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET");
  return "stripe";
}

/** Where the payer returns after 3-D Secure: this gateway's callback. */
export const CALLBACK_PATH = "/billing/moyasar/callback";
const callbackUrl = (deps: ServiceDeps) => `${deps.config.consoleUrl ?? deps.urls.api ?? ""}${CALLBACK_PATH}`;

export type ChargeSpec = Omit<NewPayment, "tenantId" | "provider" | "givenId">;

/**
 * Writes the payment row under the tenant's subscription lock, refusing while another plan or
 * period charge is open (two upgrades at once, an upgrade racing a renewal: one charge).
 * `check` re-reads what the charge depends on under the lock and returns the charge, or throws.
 */
export async function openCharge(deps: ServiceDeps, tenantId: number, check: (tx: Tx) => Promise<ChargeSpec>, takenBy?: string) {
  // A saved card is Moyasar's whatever PAYMENT_PROVIDER says now (a gateway moving to Stripe still renews them).
  const provider = takenBy ?? providerName(deps);
  return deps.db.$transaction(async (tx) => {
    const subscription = await lockSubscription(tx, tenantId);
    if (!subscription) throw new ServiceError("NOT_FOUND", "This account has no subscription.");
    const spec = await check(tx);
    if (spec.purpose !== "top_up") {
      const since = new Date(deps.clock.now().getTime() - OPEN_CHARGE_MINUTES * 60_000);
      if (await openPlanPayment(tx, tenantId, since)) throw new ServiceError("PAYMENT_IN_PROGRESS", "Another payment of this account is being made; finish or wait for it.");
    }
    const payment = await insertPayment(tx, { ...spec, tenantId, provider, givenId: randomUUID() });
    return { payment, card: subscription.cardToken };
  });
}

/** Asks the provider to charge the payment's card token; the answer is applied (paid, failed) or left for 3-D Secure. */
export async function chargeToken(deps: ServiceDeps, payment: { id: number; givenId: string; amount: number; purpose: string }, token: string, payerPresent: boolean) {
  const provider = providerOf(deps);
  let answer: ProviderPayment;
  try {
    answer = await provider.chargeToken({
      givenId: payment.givenId,
      amount: payment.amount,
      description: `Gateway ${payment.purpose} #${payment.id}`,
      token,
      payerPresent,
      callbackUrl: callbackUrl(deps),
    });
  } catch (err) {
    // Unknown outcome: the row stays initiated, and the same given_id makes a later try safe.
    if (err instanceof ProviderUnavailable) throw new ServiceError("SERVICE_UNAVAILABLE", "The payment provider did not answer; nothing was charged twice. Try again.");
    await deps.db.$transaction((tx) => settlePayment(tx, payment.id, "failed", (err as Error).message.slice(0, 300), deps.clock.now()));
    throw new ServiceError("PAYMENT_FAILED", "The payment provider refused the charge.");
  }
  await notePaymentAnswer(deps.db, payment.id, answer.id);
  if (answer.status !== "initiated") await applyProviderPayment(deps, { ...answer, reference: payment.givenId });
  return answer;
}

/**
 * Settles our payment from the provider's account of it and applies its effects, once: a second
 * report of the same outcome (a duplicated webhook, the callback after the webhook) finds the row
 * settled and changes nothing. The amount must be the one we asked for.
 */
export async function applyProviderPayment(deps: ServiceDeps, p: ProviderPayment, inTx?: (tx: Tx) => Promise<boolean>): Promise<"applied" | "unchanged" | "unknown"> {
  if (p.status === "initiated") return "unchanged";
  const outcome = await deps.db.$transaction(async (tx) => {
    if (inTx && !(await inTx(tx))) return "unchanged" as const;
    const row = p.reference
      ? await tx.payment.findUnique({ where: { givenId: p.reference } })
      : await tx.payment.findFirst({ where: { provider: providerOf(deps).name, providerPaymentId: p.id } });
    if (!row) return "unknown" as const;
    return settleAndApply(deps, tx, row, p);
  });
  // The tenant's plan or standing may have moved: this process's cached keys go at once.
  if (outcome === "applied") forgetCachedKeys(deps.db);
  return outcome;
}

type PaymentRow = NonNullable<Awaited<ReturnType<typeof settlePayment>>>;
/** A provider that retries failed renewals itself (Stripe) says when it tries next (null: never). */
export interface ProviderRetry {
  nextTry: string | null;
}

/**
 * Settles an initiated payment row from the provider's account of it and applies its effects in
 * the caller's transaction, once; a row settled before only takes a refund made since (in the
 * provider's dashboard). The amount must be the row's.
 */
export async function settleAndApply(deps: ServiceDeps, tx: Tx, row: PaymentRow, p: ProviderPayment, retry?: ProviderRetry): Promise<"applied" | "unchanged"> {
  await lockSubscription(tx, row.tenantId);
  const paid = (p.status === "paid" || p.status === "refunded") && p.amount === row.amount;
  const settled = await settlePayment(tx, row.id, paid ? "paid" : "failed", p.message, deps.clock.now());
  if (!settled) return row.status !== "failed" && (await creditRefund(deps, tx, row, p)) ? "applied" : "unchanged";
  if (!row.providerPaymentId) await notePaymentAnswer(tx, row.id, p.id);
  await (paid ? applyPaid(deps, tx, settled, p) : applyFailed(deps, tx, settled, retry));
  if (paid) await creditRefund(deps, tx, settled, p);
  return "applied";
}
const dayOf = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : "");

async function applyPaid(deps: ServiceDeps, tx: Tx, pay: PaymentRow, p: ProviderPayment) {
  await applyPurchase(deps, tx, pay, p);
  // Last: taking the invoice number locks its series' counter until this transaction commits, so
  // the shorter what follows it, the more payments apply at once.
  await invoicePaid(deps, tx, pay, p.id);
}

async function applyPurchase(deps: ServiceDeps, tx: Tx, pay: PaymentRow, p: ProviderPayment) {
  if (pay.purpose === "top_up") {
    const pack = await tx.topUpPack.findUniqueOrThrow({ where: { id: pay.topUpPackId! } });
    return void (await addMonthBonus(tx, pay.tenantId, dayOf(pay.periodStart).slice(0, 7), pack.messages));
  }
  if (pay.purpose === "upgrade") {
    await updateSubscription(tx, pay.tenantId, { planId: pay.planId!, pendingPlanId: null, pendingInterval: null, updatedAt: deps.clock.now() });
    return void (await setTenantStanding(tx, pay.tenantId, { planId: pay.planId! }));
  }
  const card = pay.purpose === "checkout" && p.card ? { cardBrand: p.card.brand, cardLast4: p.card.last4 } : {};
  await updateSubscription(tx, pay.tenantId, {
    ...card,
    planId: pay.planId!,
    interval: pay.interval!,
    periodStart: pay.periodStart!,
    periodEnd: pay.periodEnd!,
    state: "active",
    failedOn: null,
    attempts: 0,
    nextAttemptOn: null,
    pendingPlanId: null,
    pendingInterval: null,
    remindedDays: null,
    updatedAt: deps.clock.now(),
  });
  await setTenantStanding(tx, pay.tenantId, { planId: pay.planId!, paidThrough: dayOf(pay.periodEnd), graceUntil: null });
}

/**
 * A failed renewal is a dunning step: retried on days 1, 3 and 5 (or when the provider that renews
 * says), the tenant working until the grace ends.
 */
async function applyFailed(deps: ServiceDeps, tx: Tx, pay: PaymentRow, retry?: ProviderRetry) {
  if (pay.purpose !== "renewal") return;
  const sub = await tx.subscription.findUniqueOrThrow({ where: { tenantId: pay.tenantId } });
  const failedOn = sub.failedOn ? dayOf(sub.failedOn) : deps.clock.day();
  const attempts = sub.attempts + 1;
  const graceUntil = addDays(dayOf(sub.periodEnd), deps.config.billing.graceDays);
  // After the last retry, the pass comes back the day after the grace to suspend.
  const next = nextRetryDay(failedOn, attempts) ?? addDays(graceUntil, 1);
  await updateSubscription(tx, pay.tenantId, {
    state: "past_due",
    failedOn: new Date(`${failedOn}T00:00:00Z`),
    attempts,
    nextAttemptOn: new Date(`${next}T00:00:00Z`),
    updatedAt: deps.clock.now(),
  });
  await setTenantStanding(tx, pay.tenantId, { graceUntil });
  const nextTry = retry ? retry.nextTry : nextRetryDay(failedOn, attempts);
  const failed = { kind: "renewal_failed", paymentId: pay.id, attempt: attempts, nextTry, graceUntil } as const;
  await mailOwners(tx, { tenantId: pay.tenantId, billingUrl: billingUrl(deps), at: deps.clock.now() }, failed);
}
