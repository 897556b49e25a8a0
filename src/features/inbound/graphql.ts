import { newestFirstPage } from "../../core/graphql/pages.js";
import { builder } from "../../core/graphql/builder.js";
import { AutomationLookRef } from "../automation/graphql.js";
import { lookAt } from "../automation/index.js";
import { checkInboundFilter, getInboundMessage, listInboundMessages, type InboundFilter } from "./inbound-reads.js";
import { tenantInboundEvents } from "./inbound-events.js";
import { mediaPathOf } from "./inbound-media.js";

const InboundKindEnum = builder.enumType("InboundKind", {
  values: ["text", "image", "document", "audio", "video", "sticker", "location", "contacts", "button", "reaction", "other"] as const,
  description:
    "What a contact sent: `button` is a quick-reply or list choice (its title in `text`); `other` is anything the gateway does not read (contacts cards, polls, orders).",
});

const timestamp = (at: Date | null, ctx: { deps: { clock: { timestamp(d: Date): string } } }) => (at ? ctx.deps.clock.timestamp(at) : null);

export const InboundMessageRef = builder.prismaObject("InboundMessage", {
  description: "A message a contact sent to one of your numbers.",
  fields: (t) => ({
    id: t.id({ resolve: (m) => String(m.id) }),
    providerMessageId: t.exposeString("providerMessageId", { description: "The provider's id: a redelivery of the same id is stored once." }),
    accountId: t.exposeInt("accountId", { description: "Your number that received it." }),
    from: t.exposeString("fromNumber", { nullable: true, description: "The sender, international digits; null when the provider gave only a LID not yet seen with a number." }),
    fromLid: t.exposeString("fromLid", { nullable: true, description: "The sender's WhatsApp LID (…@lid) or business-scoped user id, when the provider gave one." }),
    type: t.field({ type: InboundKindEnum, resolve: (m) => m.kind }),
    text: t.exposeString("text", { nullable: true, description: "The text, a caption, a button's title or a reaction's emoji." }),
    mediaUrl: t.exposeString("mediaUrl", {
      nullable: true,
      description: "Where the provider keeps the media (WAHA's link; Cloud's needs the number's token): read it through `mediaPath`.",
    }),
    mediaId: t.exposeString("mediaId", { nullable: true, description: "WhatsApp Cloud's media id, fetchable with the number's token." }),
    mimeType: t.exposeString("mimeType", { nullable: true }),
    fileName: t.exposeString("fileName", { nullable: true }),
    mediaPath: t.string({
      nullable: true,
      description: "Where the REST facade serves the media's bytes (under /api/v1, with an API key): `/inbound-messages/{id}/media`; null without media.",
      resolve: (m) => mediaPathOf(m),
    }),
    latitude: t.exposeFloat("latitude", { nullable: true }),
    longitude: t.exposeFloat("longitude", { nullable: true }),
    replyToProviderId: t.exposeString("replyToProviderId", { nullable: true, description: "The provider id of the message it quotes or reacts to." }),
    inReplyTo: t.relation("inReplyTo", {
      nullable: true,
      description: "Your message it answers: the one it quotes, else the last one sent to the contact from this number within 7 days.",
    }),
    batchId: t.id({ nullable: true, resolve: (m) => (m.batchId === null ? null : String(m.batchId)) }),
    optOut: t.exposeBoolean("optOut", { description: "It matched your stop words and opted the contact out." }),
    choiceId: t.exposeString("choiceId", { nullable: true, description: "The id of the button or list row the contact chose, when the provider gives it." }),
    automation: t.field({
      type: AutomationLookRef,
      nullable: true,
      description: "What your automation rules made of it: null when no rule was enabled as it came.",
      resolve: (m, _, ctx) => lookAt(ctx.deps.db, m.id),
    }),
    sentAt: t.string({ description: "When the contact sent it (the provider's time, within reason).", resolve: (m, _, ctx) => ctx.deps.clock.timestamp(m.sentAt) }),
    receivedAt: t.string({ resolve: (m, _, ctx) => timestamp(m.receivedAt, ctx)! }),
  }),
});

const InboundFilterInput = builder.inputType("InboundMessageFilter", {
  fields: (t) => ({
    accountId: t.int({ description: "Only messages to this number of yours." }),
    contact: t.string({ description: "Only messages from this contact (any number format)." }),
    since: t.string({ description: "Only messages received at or after this time (ISO 8601 with offset); lists only." }),
    batchId: t.id({ description: "Only replies attributed to this batch." }),
  }),
});

type FilterArg = { accountId?: number | null; contact?: string | null; since?: string | null; batchId?: string | number | null } | null | undefined;

const filterOf = (f: FilterArg): InboundFilter => ({
  accountId: f?.accountId ?? null,
  contact: f?.contact ?? null,
  since: f?.since ?? null,
  batchId: f?.batchId == null ? null : String(f.batchId),
});

builder.queryFields((t) => ({
  inboundMessages: t.connection({
    authScopes: { scope: "inbox:read" },
    type: InboundMessageRef,
    description: "Messages contacts sent to your numbers, newest first.",
    args: { filter: t.arg({ type: InboundFilterInput }) },
    resolve: async (_, args, ctx) => {
      const principal = await ctx.principal();
      const filter = await checkInboundFilter(ctx.deps, principal, filterOf(args.filter));
      return newestFirstPage(
        args,
        (page) => listInboundMessages(ctx.deps, principal, filter, page),
        (m) => m.id,
      );
    },
  }),
  inboundMessage: t.field({
    authScopes: { scope: "inbox:read" },
    type: InboundMessageRef,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_, args, ctx) => getInboundMessage(ctx.deps, await ctx.principal(), String(args.id)),
  }),
}));

builder.subscriptionFields((t) => ({
  inboundMessages: t.field({
    authScopes: { scope: "inbox:read" },
    type: InboundMessageRef,
    description: "Each message contacts send to your numbers from now on, optionally filtered (`since` does not apply).",
    args: { filter: t.arg({ type: InboundFilterInput }) },
    subscribe: async (_, args, ctx) => tenantInboundEvents(ctx.deps, await ctx.principal(), filterOf(args.filter)),
    resolve: (event: { inboundMessageId: string }, _, ctx) => ctx.deps.db.inboundMessage.findUniqueOrThrow({ where: { id: BigInt(event.inboundMessageId) } }),
  }),
}));
