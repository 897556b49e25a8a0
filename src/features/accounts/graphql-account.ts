import { AccountStatus } from "../../generated/prisma/enums.js";
import { builder } from "../../core/graphql/builder.js";
import { accountSentCounts, listAccounts } from "./reads.js";
import { ContentKindEnum } from "../../core/graphql/content-kind.js";
import { NUMBER_STATES, numberStateOf, type NumberState } from "./number-states.js";
import { warmUpOf } from "./warm-up-view.js";

const CapabilitiesRef = builder.simpleObject("AccountCapabilities", {
  description: "What the number's channel can send (docs/rich-messages.md, the capability matrix).",
  fields: (t) => ({
    channel: t.string({ description: "simulator, whatsapp-cloud or waha." }),
    kinds: t.field({ type: [ContentKindEnum], description: "The content kinds it carries." }),
    customerWindow: t.boolean({ description: "True: free-form messages only within 24 hours of the contact's last message to it (Meta's rule); template messages any time." }),
  }),
});

const AccountStatusEnum = builder.enumType(AccountStatus, { name: "AccountStatus" });

export const NumberStateEnum = builder.enumType("NumberState", {
  description: "A number's health state (docs/number-health.md): connected and warming_up send; the others do not.",
  values: Object.fromEntries(NUMBER_STATES.map((s) => [s, { value: s }])) as Record<NumberState, { value: NumberState }>,
});

const WarmUpRef = builder.simpleObject("WarmUp", {
  description: "A young number's ramp: its daily sends day by day, and how many new contacts it may reach a day.",
  fields: (t) => ({
    startedOn: t.string(),
    day: t.int({ description: "Day of the warm-up, from 1." }),
    todayLimit: t.int({ description: "What it may send today (its ramp's step, never above its daily limit)." }),
    ramp: t.intList(),
    firstContactCap: t.int({ description: "Contacts a day who never wrote to it and were never sent from it." }),
    firstContactsToday: t.int(),
  }),
});

builder.prismaObject("Account", {
  description: "A connected sender number.",
  select: {
    id: true,
    usage: true,
    channel: true,
    status: true,
    warmupStartedOn: true,
    warmupRamp: true,
    firstContactCap: true,
    dailyLimit: true,
    tenant: { select: { plan: { select: { warmupRamp: true, firstContactCap: true } } } },
  },
  fields: (t) => ({
    id: t.exposeInt("id"),
    name: t.exposeString("name"),
    phoneNumber: t.exposeString("phoneNumber", {
      nullable: true,
      description: "International form; null until a number the tenant connects itself is linked (accountConnection).",
    }),
    status: t.expose("status", { type: AccountStatusEnum }),
    state: t.field({ type: NumberStateEnum, resolve: (a) => numberStateOf(a) }),
    stateReason: t.exposeString("statusReason", { nullable: true, description: "Why it is in its state (docs/number-health.md lists the reasons)." }),
    stateSince: t.string({ select: { statusSince: true }, resolve: (a, _, ctx) => ctx.deps.clock.timestamp(a.statusSince) }),
    stateUntil: t.string({
      nullable: true,
      select: { statusUntil: true },
      description: "A timed pause ends by itself then; null: until lifted or resumed.",
      resolve: (a, _, ctx) => (a.statusUntil ? ctx.deps.clock.timestamp(a.statusUntil) : null),
    }),
    slowedUntil: t.string({
      nullable: true,
      select: { slowUntil: true },
      description: "Its pacing is slowed down until then.",
      resolve: (a, _, ctx) => (a.slowUntil && a.slowUntil > ctx.deps.clock.now() ? ctx.deps.clock.timestamp(a.slowUntil) : null),
    }),
    slowFactor: t.int({ select: { slowUntil: true, slowFactor: true }, resolve: (a, _, ctx) => (a.slowUntil && a.slowUntil > ctx.deps.clock.now() ? a.slowFactor : 1) }),
    messagingTier: t.exposeInt("messagingTier", { nullable: true, description: "Meta's messaging limit held for it: sends in a rolling 24 hours." }),
    quality: t.exposeString("quality", { nullable: true, description: "The provider's last quality rating (GREEN, YELLOW, RED)." }),
    warmUp: t.field({ type: WarmUpRef, nullable: true, resolve: (a, _, ctx) => warmUpOf(ctx.deps, a) }),
    dailyLimit: t.exposeInt("dailyLimit"),
    monthlyLimit: t.exposeInt("monthlyLimit"),
    todaySent: t.int({ resolve: (a, _, ctx) => accountSentCounts(ctx.deps, a.usage).today }),
    monthSent: t.int({ resolve: (a, _, ctx) => accountSentCounts(ctx.deps, a.usage).month }),
    capabilities: t.field({
      type: CapabilitiesRef,
      resolve: (a, _, ctx) => {
        const channel = a.channel ?? ctx.deps.channels.defaultName;
        const c = ctx.deps.channels.capabilities(channel);
        return { channel, kinds: [...c.kinds], customerWindow: c.customerWindow };
      },
    }),
  }),
});

builder.queryFields((t) => ({
  accounts: t.prismaField({
    authScopes: { scope: "accounts:read" },
    type: ["Account"],
    resolve: async (query, _, __, ctx) => listAccounts(ctx.deps, await ctx.principal(), query),
  }),
}));
