import type { z } from "zod";
import type { RestBillingQuery, RestPlansQuery } from "../../gql/graphql.js";
import { route } from "../../core/rest/route.js";
import * as shapes from "./rest-schemas.js";
import { BillingOperation, ChangePlanOperation, CheckoutOperation, PlansOperation, TopUpOperation } from "./operations.js";

// Billing on the REST facade, over the same GraphQL operations as /graphql. Each needs
// billing:manage, which a suspended or expired business's owners and admins still use to pay.

type BillingData = RestBillingQuery["billing"];
type PlanData = RestPlansQuery["plans"][number];
type Status = "paid" | "failed" | "initiated";

const plan = (p: PlanData) => ({
  name: p.name,
  version: p.version,
  messages_per_month: p.messagesPerMonth,
  numbers: p.numbers,
  users: p.users,
  monthly: p.monthly,
  yearly: p.yearly,
});

const billing = (b: BillingData) => ({
  plan: plan(b.plan),
  interval: b.interval as "month" | "year",
  state: b.state as z.output<typeof shapes.billingResponse>["billing"]["state"],
  period_start: b.periodStart,
  period_end: b.periodEnd,
  days_left: b.daysLeft,
  grace_until: b.graceUntil ?? null,
  messages: b.messages,
  numbers: b.numbers,
  card: b.card ? { brand: b.card.brand ?? null, last4: b.card.last4 } : null,
  pending_plan: b.pendingPlan ?? null,
});

const PAYMENT_ERRORS = ["NOT_FOUND", "PAYMENT_FAILED", "PAYMENT_IN_PROGRESS"] as const;

export const billingRoutes = [
  route({
    method: "GET",
    path: /^\/plans$/,
    doc: {
      path: "/plans",
      operationId: "plans",
      summary: "The plans on sale, with prices before VAT, the VAT and the total",
      description: "Needs no key: a visitor compares plans before signing up. An operator's edit of a plan is a new version, sold from then on; private plans are not listed.",
      tag: "Billing",
      errors: [],
    },
    answer: shapes.plansResponse,
    operation: PlansOperation,
    variables: () => ({}),
    respond: ({ plans }) => ({ success: true as const, plans: plans.map(plan), currency: "SAR" as const, vat_percent: 15 as const }),
  }),
  route({
    method: "GET",
    path: /^\/billing$/,
    doc: { path: "/billing", operationId: "getBilling", summary: "Your plan, period, use against the allowances, saved card and a change waiting", tag: "Billing", errors: [] },
    answer: shapes.billingResponse,
    operation: BillingOperation,
    variables: () => ({}),
    respond: ({ billing: b }) => ({ success: true as const, billing: billing(b) }),
  }),
  route({
    method: "POST",
    path: /^\/billing\/checkout$/,
    doc: {
      path: "/billing/checkout",
      operationId: "checkout",
      summary: "Pay for a plan: with a card token (Moyasar), or on Stripe's hosted page",
      description:
        "The amount is the plan's (VAT included). With Moyasar the period starts today and the card is saved for renewals; `initiated` means 3-D Secure: send the payer to `redirect_url`. With Stripe there is no token: `redirect_url` is Stripe's checkout page, and the subscription Stripe renews starts when it is paid. Either way the payment is applied when the provider confirms it, and a paid checkout resumes a suspended or expired business at once.",
      tag: "Billing",
      body: shapes.checkoutBody,
      errors: [...PAYMENT_ERRORS],
    },
    answer: shapes.checkoutResponse,
    operation: CheckoutOperation,
    variables: (_, body) => body as z.output<typeof shapes.checkoutBody>,
    respond: ({ checkout: c }) => ({ success: true as const, payment_id: Number(c.paymentId), status: c.status as Status, redirect_url: c.redirectUrl ?? null, amount: c.amount }),
  }),
  route({
    method: "POST",
    path: /^\/billing\/change-plan$/,
    doc: {
      path: "/billing/change-plan",
      operationId: "changePlan",
      summary: "Upgrade now (prorated) or downgrade at the period's end",
      description:
        "An upgrade charges the saved card the price difference for the days left of the period (VAT on top) and raises the allowances when it is paid. A downgrade takes effect the day after the period ends; it is refused (422 naming `plan`) while more numbers are connected or more users active than the lower plan allows.",
      tag: "Billing",
      body: shapes.changePlanBody,
      errors: [...PAYMENT_ERRORS],
    },
    answer: shapes.changePlanResponse,
    operation: ChangePlanOperation,
    variables: (_, body) => body as z.output<typeof shapes.changePlanBody>,
    respond: ({ changePlan: c }) => ({
      success: true as const,
      kind: c.kind as "upgrade" | "downgrade",
      effective_on: c.effectiveOn,
      payment_id: c.paymentId == null ? null : Number(c.paymentId),
      status: (c.status ?? null) as Status | null,
    }),
  }),
  route({
    method: "POST",
    path: /^\/billing\/top-up$/,
    doc: {
      path: "/billing/top-up",
      operationId: "topUp",
      summary: "Buy a pack of messages for this month: charged to the saved card, or paid on Stripe's page",
      tag: "Billing",
      body: shapes.topUpBody,
      errors: [...PAYMENT_ERRORS],
    },
    answer: shapes.topUpResponse,
    operation: TopUpOperation,
    variables: (_, body) => ({ pack: String((body as z.output<typeof shapes.topUpBody>).pack) }),
    respond: ({ topUp: t }) => ({ success: true as const, payment_id: Number(t.paymentId), status: t.status as Status, redirect_url: t.redirectUrl ?? null, amount: t.amount }),
  }),
];
