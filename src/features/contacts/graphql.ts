import { newestFirstPage } from "../../core/graphql/pages.js";
import { builder } from "../../core/graphql/builder.js";
import { MAX_SUPPRESSION_IMPORT, parseNumberList } from "./consent.js";
import { checkedInput } from "../../core/graphql/checked-input.js";
import { authorIn } from "../../core/audit/audited.js";
import {
  consentOf,
  getConsentSettings,
  getContact,
  listContacts,
  optInContacts,
  setConsentSettings,
  setContactName,
  suppressNumbers,
  type ConsentSettingsView,
  type ContactView,
} from "./contacts.js";

export const ConsentReasonEnum = builder.enumType("ConsentReason", {
  values: {
    opted_out: { value: "opted_out", description: "The contact opted out (wrote a stop word)." },
    suppressed: { value: "suppressed", description: "You opted the number out, over the API or a suppression list." },
  } as const,
});

const timestamp = (at: Date | null, ctx: { deps: { clock: { timestamp(d: Date): string } } }) => (at ? ctx.deps.clock.timestamp(at) : null);

const CustomerWindowRef = builder.simpleObject("CustomerWindow", {
  description: "The 24-hour customer-service window on one of your numbers (it matters on numbers whose capabilities say customerWindow).",
  fields: (t) => ({
    accountId: t.int({ description: "The number the contact wrote to." }),
    openUntil: t.string({ description: "24 hours after its last message to that number; past: closed (only template messages go through)." }),
    open: t.boolean(),
  }),
});

export const ContactRef = builder.prismaObject("Contact", {
  description: "A number you have exchanged messages with, imported or named, and whether you may send to it.",
  fields: (t) => ({
    id: t.id({ resolve: (c) => String(c.id) }),
    phone: t.exposeString("phone", { description: "International form, digits only." }),
    lid: t.exposeString("lid", { nullable: true, description: "The contact's WhatsApp LID, when a provider gave one." }),
    name: t.exposeString("name", { nullable: true }),
    firstSeenAt: t.string({ resolve: (c, _, ctx) => ctx.deps.clock.timestamp(c.firstSeenAt) }),
    lastSeenAt: t.string({ resolve: (c, _, ctx) => ctx.deps.clock.timestamp(c.lastSeenAt) }),
    lastInboundAt: t.string({ nullable: true, description: "When it last wrote to you.", resolve: (c, _, ctx) => timestamp(c.lastInboundAt, ctx) }),
    lastOutboundAt: t.string({ nullable: true, description: "When you last wrote to it.", resolve: (c, _, ctx) => timestamp(c.lastOutboundAt, ctx) }),
    optedOut: t.boolean({ description: "True while nothing may be sent to it (RECIPIENT_OPTED_OUT).", resolve: (c) => consentOf(c).optedOut }),
    optedOutAt: t.string({ nullable: true, resolve: (c, _, ctx) => timestamp(c.optedOutAt, ctx) }),
    optOutReason: t.field({ type: ConsentReasonEnum, nullable: true, resolve: (c) => consentOf(c).reason }),
    windows: t.field({
      type: [CustomerWindowRef],
      description: "Per number it wrote to: until when free-form messages may go to it from that number.",
      resolve: (c, _, ctx) =>
        ((c as Partial<ContactView>).windows ?? []).map((w) => ({
          accountId: w.accountId,
          openUntil: ctx.deps.clock.timestamp(w.openUntil),
          open: w.openUntil > ctx.deps.clock.now(),
        })),
    }),
  }),
});

const InvalidNumber = builder.simpleObject("InvalidNumber", {
  description: "An entry of the request that is not a number messages can be sent to; it was skipped.",
  fields: (t) => ({
    index: t.int({ description: "Its position in `numbers`, from 0." }),
    value: t.string({ description: "The entry as given (at most 64 characters of it)." }),
  }),
});

const OptOutResult = builder.simpleObject("OptOutResult", {
  fields: (t) => ({
    optedOut: t.int({ description: "Numbers opted out by this request." }),
    already: t.int({ description: "Numbers that were opted out already (they keep their reason and time)." }),
    cancelled: t.int({ description: "Queued messages to them that were cancelled (failed `opted_out`, allowance given back)." }),
    inFlight: t.int({ description: "Messages to them already with the provider: they may still arrive." }),
    invalid: t.field({ type: [InvalidNumber] }),
  }),
});

const OptInResult = builder.simpleObject("OptInResult", {
  fields: (t) => ({
    optedIn: t.int({ description: "Numbers that were opted out and may be sent to again; the others were left as they were." }),
    invalid: t.field({ type: [InvalidNumber] }),
  }),
});

const ConsentSettingsRef = builder.objectRef<ConsentSettingsView>("ConsentSettings").implement({
  description: "How contacts opt out: an inbound message that is, as a whole, one of the effective stop words opts its sender out.",
  fields: (t) => ({
    useDefaultStopWords: t.exposeBoolean("useDefaultStopWords", { description: "Whether `defaultStopWords` apply besides your own." }),
    stopWords: t.exposeStringList("stopWords", { description: "Your own stop words." }),
    confirmationText: t.exposeString("confirmationText", { nullable: true, description: "Sent to a contact who opted out with a stop word; null: no reply." }),
    defaultStopWords: t.stringList({ description: "The built-in stop words (Arabic and English).", resolve: (s) => [...s.defaultStopWords] }),
    effectiveStopWords: t.exposeStringList("effective", { description: "What inbound messages are matched against." }),
  }),
});

const numbersDoc = (what: string) => `${what}: 1 to ${MAX_SUPPRESSION_IMPORT} numbers; entries that are not numbers are skipped and reported in \`invalid\`.`;

builder.queryFields((t) => ({
  contacts: t.connection({
    authScopes: { scope: "contacts:read" },
    type: ContactRef,
    description: "Your contacts, newest first.",
    args: {
      search: t.arg.string({ description: "Part of a name (any case) or of a number (digits, in any spelling); at most 100 characters." }),
      optedOut: t.arg.boolean({ description: "true: only contacts you may not send to; false: only those you may." }),
    },
    resolve: async (_, args, ctx) => {
      const principal = await ctx.principal();
      return newestFirstPage(
        args,
        (page) => listContacts(ctx.deps, principal, { ...page, search: args.search, optedOut: args.optedOut }),
        (c: ContactView) => c.id,
      );
    },
  }),
  contact: t.field({
    authScopes: { scope: "contacts:read" },
    type: ContactRef,
    description: "One contact, by number in any accepted spelling.",
    args: { phone: t.arg.string({ required: true }) },
    resolve: async (_, args, ctx) => getContact(ctx.deps, await ctx.principal(), args.phone),
  }),
  consentSettings: t.field({
    authScopes: { scope: "contacts:read" },
    type: ConsentSettingsRef,
    resolve: async (_, __, ctx) => getConsentSettings(ctx.deps, await ctx.principal()),
  }),
}));

/** The `numbers` argument of an opt-out, opt-in or import, checked by its rules. */
const numbersArgument = (raw: unknown) => parseNumberList(raw, "numbers");

builder.mutationFields((t) => ({
  setContactName: t.field({
    authScopes: { scope: "contacts:manage" },
    type: ContactRef,
    description: "Names a contact (adding it if you have none for the number); a null or blank name clears it.",
    args: { phone: t.arg.string({ required: true }), name: t.arg.string({ description: "At most 256 characters, trimmed." }) },
    resolve: async (_, args, ctx) => {
      const p = await ctx.principal();
      return setContactName(ctx.deps, p, args.phone, args.name ?? null, authorIn(ctx.deps, p));
    },
  }),
  optOutContacts: t.field({
    authScopes: { scope: "contacts:manage" },
    type: OptOutResult,
    description: "Stops all messages to these numbers: new sends to them are refused (RECIPIENT_OPTED_OUT) and queued ones are cancelled.",
    args: { numbers: t.arg.stringList({ required: true, description: numbersDoc("The numbers to opt out") }) },
    resolve: async (_, args, ctx) => {
      const p = await ctx.principal();
      return suppressNumbers(ctx.deps, p, checkedInput(ctx, numbersArgument, args.numbers), "api", authorIn(ctx.deps, p));
    },
  }),
  importSuppressionList: t.field({
    authScopes: { scope: "contacts:manage" },
    type: OptOutResult,
    description: "Opts out a list of numbers you must not write to (an export from another system); the same as optOutContacts, recorded as an import.",
    args: { numbers: t.arg.stringList({ required: true, description: numbersDoc("The suppression list") }) },
    resolve: async (_, args, ctx) => {
      const p = await ctx.principal();
      return suppressNumbers(ctx.deps, p, checkedInput(ctx, numbersArgument, args.numbers), "import", authorIn(ctx.deps, p));
    },
  }),
  optInContacts: t.field({
    authScopes: { scope: "contacts:manage" },
    type: OptInResult,
    description: "Lets you send to these numbers again, whoever opted them out. Only do so with the contact's consent.",
    args: { numbers: t.arg.stringList({ required: true, description: numbersDoc("The numbers to opt back in") }) },
    resolve: async (_, args, ctx) => {
      const p = await ctx.principal();
      return optInContacts(ctx.deps, p, checkedInput(ctx, numbersArgument, args.numbers), authorIn(ctx.deps, p));
    },
  }),
  setConsentSettings: t.field({
    authScopes: { scope: "settings:manage" },
    type: ConsentSettingsRef,
    description: "Changes the arguments given; the others are unchanged. `confirmationText: null` sends no reply to an opt-out.",
    args: {
      useDefaultStopWords: t.arg.boolean(),
      stopWords: t.arg.stringList({ description: "Your own stop words, replacing the previous ones: at most 50, each at most 40 characters." }),
      confirmationText: t.arg.string({ description: "At most 1000 characters; null or blank: no reply." }),
    },
    resolve: async (_, args, ctx) => {
      const p = await ctx.principal();
      return setConsentSettings(ctx.deps, p, args, authorIn(ctx.deps, p));
    },
  }),
}));
