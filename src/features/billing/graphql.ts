import { z } from "zod";
import { builder } from "../../core/graphql/builder.js";
import { parseInput } from "../../core/input/validation.js";
import { billingOverview } from "./overview.js";
import { packsOnSale, plansOnSale, type PlanView } from "./plans/plans.js";
import { changePlan, checkout, topUp } from "./flows.js";

// Billing on GraphQL: the plans on sale, the tenant's billing, checkout, plan changes and top-ups.
// Reading billing needs billing:manage too (owners and admins): it shows the card and the payments.

const Price = builder.simpleObject("Price", {
  description: "Halalas: before VAT, the 15 % VAT, and what is paid.",
  fields: (t) => ({ net: t.int(), vat: t.int(), total: t.int() }),
});

const PlanRef = builder.objectRef<PlanView>("Plan").implement({
  description: "A plan on sale: its latest version, prices and allowances.",
  fields: (t) => ({
    name: t.exposeString("name"),
    version: t.exposeInt("version"),
    monthly: t.field({ type: Price, resolve: (p) => p.monthly }),
    yearly: t.field({ type: Price, resolve: (p) => p.yearly }),
    messagesPerMonth: t.exposeInt("messagesPerMonth"),
    numbers: t.exposeInt("numbers"),
    users: t.exposeInt("users"),
  }),
});

const Pack = builder.simpleObject("TopUpPack", {
  description: "A pack of messages for this month, bought with topUp.",
  fields: (t) => ({ id: t.id(), name: t.string(), messages: t.int(), price: t.field({ type: Price }) }),
});

const Use = builder.simpleObject("BillingUse", { fields: (t) => ({ used: t.int(), allowance: t.int() }) });
const Card = builder.simpleObject("SavedCard", { fields: (t) => ({ brand: t.string({ nullable: true }), last4: t.string() }) });

const Billing = builder.simpleObject("Billing", {
  fields: (t) => ({
    plan: t.field({ type: PlanRef }),
    interval: t.string({ description: "month or year." }),
    state: t.string({ description: "trial, active, past_due, suspended or canceled." }),
    periodStart: t.string(),
    periodEnd: t.string({ description: "The paid-through day (GET /balance's subscription_ends)." }),
    daysLeft: t.int(),
    graceUntil: t.string({ nullable: true, description: "While a failed renewal is retried, the account works until this day." }),
    messages: t.field({ type: Use, description: "This month's messages; the allowance includes this month's top-ups." }),
    numbers: t.field({ type: Use }),
    card: t.field({ type: Card, nullable: true }),
    pendingPlan: t.string({ nullable: true, description: "A downgrade that takes effect when the period ends." }),
    provider: t.string({ nullable: true, description: "moyasar or stripe: who takes this gateway's payments; null while payments are not set up." }),
    renewedByProvider: t.boolean({ description: "Stripe holds a running subscription of this business and renews it itself (no saved card here)." }),
  }),
});

const Checkout = builder.simpleObject("CheckoutPayload", {
  fields: (t) => ({
    paymentId: t.id(),
    status: t.string({ description: "paid, failed, or initiated: send the payer to redirectUrl for 3-D Secure." }),
    redirectUrl: t.string({ nullable: true }),
    amount: t.int({ description: "Halalas charged, VAT included." }),
  }),
});
const PlanChange = builder.simpleObject("PlanChangePayload", {
  fields: (t) => ({
    kind: t.string({ description: "upgrade (charged now, prorated) or downgrade (at the period's end)." }),
    effectiveOn: t.string(),
    paymentId: t.id({ nullable: true }),
    status: t.string({ nullable: true }),
  }),
});
const TopUp = builder.simpleObject("TopUpPayload", {
  fields: (t) => ({
    paymentId: t.id(),
    status: t.string(),
    redirectUrl: t.string({ nullable: true, description: "With Stripe: its hosted page, where the payer pays for the pack." }),
    amount: t.int(),
  }),
});

const checkoutInput = z.strictObject({ plan: z.string().min(1).max(100), interval: z.enum(["month", "year"]), token: z.string().min(1).max(200).optional() });
const changeInput = z.strictObject({ plan: z.string().min(1).max(100) });
const topUpInput = z.strictObject({ pack: z.coerce.number().int().positive() });

builder.queryFields((t) => ({
  plans: t.field({
    // What is on sale is no secret: a visitor compares plans before signing up.
    authScopes: { public: true },
    type: [PlanRef],
    description: "The plans on sale, newest version of each (also GET /api/v1/plans).",
    resolve: (_, __, ctx) => plansOnSale(ctx.deps.db),
  }),
  topUpPacks: t.field({
    authScopes: { scope: "billing:manage" },
    type: [Pack],
    description: "The packs on sale for topUp, fewest messages first.",
    resolve: async (_, __, ctx) => (await packsOnSale(ctx.deps.db)).map((p) => ({ ...p, id: String(p.id) })),
  }),
  billing: t.field({ authScopes: { scope: "billing:manage" }, type: Billing, resolve: async (_, __, ctx) => billingOverview(ctx.deps, await ctx.principal()) }),
}));

builder.mutationFields((t) => ({
  checkout: t.field({
    authScopes: { scope: "billing:manage" },
    type: Checkout,
    description:
      "Pays for a plan, the amount the plan's: with Moyasar, a card token from its form (the card is saved for renewals); with Stripe, no token, and redirectUrl is Stripe's hosted page, where the payer pays and the subscription Stripe renews starts.",
    args: {
      plan: t.arg.string({ required: true }),
      interval: t.arg.string({ required: true }),
      token: t.arg.string({ required: false, description: "Moyasar's card token; not used with Stripe." }),
    },
    resolve: async (_, args, ctx) => {
      const r = await checkout(ctx.deps, await ctx.principal(), parseInput(checkoutInput, { ...args, token: args.token ?? undefined }));
      return { ...r, paymentId: String(r.paymentId) };
    },
  }),
  changePlan: t.field({
    authScopes: { scope: "billing:manage" },
    type: PlanChange,
    description: "An upgrade is charged now for the days left (prorated) and raises the allowances at once; a downgrade waits for the period's end.",
    args: { plan: t.arg.string({ required: true }) },
    resolve: async (_, args, ctx) => {
      const r = await changePlan(ctx.deps, await ctx.principal(), parseInput(changeInput, args));
      return { ...r, paymentId: r.paymentId === null ? null : String(r.paymentId) };
    },
  }),
  topUp: t.field({
    authScopes: { scope: "billing:manage" },
    type: TopUp,
    description: "Buys a pack of messages for this month: charged to the saved card (Moyasar), or paid on Stripe's hosted page (redirectUrl).",
    args: { pack: t.arg.id({ required: true }) },
    resolve: async (_, args, ctx) => {
      const r = await topUp(ctx.deps, await ctx.principal(), parseInput(topUpInput, args));
      return { ...r, paymentId: String(r.paymentId) };
    },
  }),
}));
