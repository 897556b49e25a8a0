import type { AccountStateChange } from "../../generated/prisma/client.js";
import { builder } from "../../core/graphql/builder.js";
import { NumberStateEnum } from "./graphql-account.js";
import { accountHealth, resumeOwnNumber, setThresholds, setWarmUp, type HealthView } from "./number-health.js";
import { readThresholds, tenantActivity, type ActivityHour, type HealthFigures, type HealthThresholds } from "./sql/health.js";
import type { NumberState } from "./number-states.js";
import { parseThresholds, parseWarmUp } from "./health-input.js";
import { checkedInput } from "../../core/graphql/checked-input.js";

// Number health over GraphQL (and, through the same operations, REST): the figures, the thresholds,
// what the gateway did, resuming a number and its warm-up settings.

const FiguresRef = builder.simpleObject("HealthFigures", {
  description: "A number's sends and what came back over a period; rates in percent (null below one send).",
  fields: (t) => ({
    sent: t.int(),
    failed: t.int({ description: "Refused by the provider (after retries)." }),
    undeliverable: t.int({ description: "recipient_not_on_whatsapp." }),
    optOuts: t.int({ description: "Contacts who answered with a stop word." }),
    replies: t.int(),
    blockSignals: t.int({ description: "Times it was paused, restricted, disconnected or banned." }),
    failureRate: t.float({ nullable: true }),
    undeliverableRate: t.float({ nullable: true }),
    optOutRate: t.float({ nullable: true, description: "Opt-outs per 100 sent." }),
    replyRate: t.float({ nullable: true }),
  }),
});

const ThresholdsRef = builder.simpleObject("HealthThresholds", {
  description: "Over one of these in 24 hours (judged over at least minSends sends), a number is paused with that reason.",
  fields: (t) => ({
    optOutRatePercent: t.float(),
    undeliverableRatePercent: t.float(),
    failureRatePercent: t.float(),
    minSends: t.int(),
  }),
});

const ChangeRef = builder.objectRef<AccountStateChange>("AccountStateChange").implement({
  description: "One change of a number's state: what the gateway did, why and when.",
  fields: (t) => ({
    id: t.id({ resolve: (c) => String(c.id) }),
    eventId: t.string({ description: "The account.status_changed event's id (webhooks carry the same).", resolve: (c) => `evt_acct_${c.id}` }),
    fromState: t.field({ type: NumberStateEnum, resolve: (c) => c.fromState as NumberState }),
    state: t.field({ type: NumberStateEnum, resolve: (c) => c.toState as NumberState }),
    reason: t.exposeString("reason"),
    signal: t.exposeString("signal", { description: "What caused it: a provider code, a webhook event, a figure, a person." }),
    until: t.string({ nullable: true, resolve: (c, _, ctx) => (c.until ? ctx.deps.clock.timestamp(c.until) : null) }),
    at: t.string({ resolve: (c, _, ctx) => ctx.deps.clock.timestamp(c.at) }),
  }),
});

const HealthRef = builder.objectRef<HealthView>("AccountHealth").implement({
  fields: (t) => ({
    account: t.prismaField({ type: "Account", resolve: (query, h, _, ctx) => ctx.deps.db.account.findUniqueOrThrow({ ...query, where: { id: h.account.id } }) }),
    last24h: t.field({ type: FiguresRef, resolve: (h): HealthFigures => h.last24h }),
    last7d: t.field({ type: FiguresRef, resolve: (h): HealthFigures => h.last7d }),
    thresholds: t.field({ type: ThresholdsRef, resolve: (h): HealthThresholds => h.thresholds }),
    changes: t.field({ type: [ChangeRef], description: "Newest first, at most 50.", resolve: (h) => h.changes }),
  }),
});

const WarmUpInput = builder.inputType("WarmUpInput", {
  fields: (t) => ({
    ramp: t.intList({ description: "Daily sends by day of warm-up, increasing; empty: the plan's." }),
    firstContactCap: t.int({ description: "New contacts a day while warming up; null: the plan's." }),
    messagingTier: t.int({ description: "Meta's messaging limit to hold (sends in a rolling 24 hours); null: none." }),
    warmingUp: t.boolean({ description: "true: start warming up today; false: end the warm-up now." }),
  }),
});

const ThresholdsInput = builder.inputType("HealthThresholdsInput", {
  fields: (t) => ({
    optOutRatePercent: t.float({ description: "0.1 to 50." }),
    undeliverableRatePercent: t.float({ description: "1 to 100." }),
    failureRatePercent: t.float({ description: "1 to 100." }),
    minSends: t.int({ description: "10 to 100000." }),
  }),
});

const ActivityHourRef = builder.objectRef<ActivityHour>("ActivityHour").implement({
  description: "One hour of all your numbers' sends.",
  fields: (t) => ({
    hour: t.string({ description: "The hour's start.", resolve: (a, _, ctx) => ctx.deps.clock.timestamp(a.hour) }),
    sent: t.exposeInt("sent", { description: "Sent, or in flight." }),
    failed: t.exposeInt("failed", { description: "Refused by the provider." }),
  }),
});

builder.queryFields((t) => ({
  sendingActivity: t.field({
    authScopes: { scope: "messages:read" },
    type: [ActivityHourRef],
    description: "Your numbers' sends and failures hour by hour over the last 24 hours, oldest first (24 entries).",
    resolve: async (_, __, ctx) => tenantActivity(ctx.deps.db, (await ctx.principal()).tenantId, ctx.deps.clock.now()),
  }),
  accountHealth: t.field({
    authScopes: { scope: "accounts:read" },
    type: HealthRef,
    description: "A number's health: its figures over 24 hours and 7 days, the thresholds, and what the gateway did and when.",
    args: { id: t.arg.int({ required: true }) },
    resolve: async (_, args, ctx) => accountHealth(ctx.deps, await ctx.principal(), args.id),
  }),
  healthThresholds: t.field({
    authScopes: { scope: "accounts:read" },
    type: ThresholdsRef,
    resolve: async (_, __, ctx) => readThresholds(ctx.deps.db, (await ctx.principal()).tenantId),
  }),
}));

builder.mutationFields((t) => ({
  resumeAccount: t.prismaField({
    authScopes: { scope: "accounts:manage" },
    type: "Account",
    description: "Resumes a paused or stopped number. Refused with PROVIDER_BLOCK_ACTIVE while the provider still reports a block.",
    args: { id: t.arg.int({ required: true }) },
    resolve: async (query, _, args, ctx) => {
      const account = await resumeOwnNumber(ctx.deps, await ctx.principal(), args.id);
      return ctx.deps.db.account.findUniqueOrThrow({ ...query, where: { id: account.id } });
    },
  }),
  setWarmUp: t.prismaField({
    authScopes: { scope: "accounts:manage" },
    type: "Account",
    description: "Sets a number's warm-up ramp, first-contact cap and messaging tier; starts or ends its warm-up.",
    args: { id: t.arg.int({ required: true }), input: t.arg({ type: WarmUpInput, required: true }) },
    resolve: async (query, _, args, ctx) => {
      const account = await setWarmUp(ctx.deps, await ctx.principal(), args.id, checkedInput(ctx, parseWarmUp, args.input));
      return ctx.deps.db.account.findUniqueOrThrow({ ...query, where: { id: account.id } });
    },
  }),
  setHealthThresholds: t.field({
    authScopes: { scope: "accounts:manage" },
    type: ThresholdsRef,
    args: { input: t.arg({ type: ThresholdsInput, required: true }) },
    resolve: async (_, args, ctx) => setThresholds(ctx.deps, await ctx.principal(), checkedInput(ctx, parseThresholds, args.input)),
  }),
}));
