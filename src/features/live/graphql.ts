import { builder } from "../../core/graphql/builder.js";
import { MessageStatusEnum } from "../messages/graphql.js";
import { BatchRef } from "../batches/graphql.js";
import type { MessageEvent } from "../../core/live/events.js";
import { batchProgressUpdates, messageStatusEvents, tenantMessageEvents, type MessageEventFilter as EventFilter } from "./live.js";

export const MessageEventTypeEnum = builder.enumType("MessageEventType", {
  values: {
    STATUS: { value: "message.status", description: "The message's status changed." },
    DELIVERED: { value: "message.delivered", description: "The provider reported it delivered." },
    READ: { value: "message.read", description: "The provider reported it read." },
    RECEIVED: { value: "message.received", description: "A contact sent a message to one of your numbers (webhooks; live: the inboundMessages subscription)." },
    ACCOUNT_STATUS_CHANGED: {
      value: "account.status_changed",
      description: "One of your numbers changed state: paused, resumed, warming up, disconnected… (webhooks; live: the accountStatusChanges subscription).",
    },
    CONTACT_ERASED: { value: "contact.erased", description: "You erased a contact: its counts, never its number (webhooks only; docs/privacy.md)." },
  } as const,
});

const MessageEventRef = builder.objectRef<MessageEvent>("MessageEvent").implement({
  description: "A change of one message. Select `message` for any of its fields, read when the event arrives.",
  fields: (t) => ({
    id: t.exposeString("id", { description: "Event id, the same a webhook delivery of this event carries." }),
    type: t.field({ type: MessageEventTypeEnum, resolve: (e) => e.type }),
    messageId: t.exposeID("messageId"),
    status: t.field({ type: MessageStatusEnum, resolve: (e) => e.status }),
    statusVersion: t.exposeInt("statusVersion", { description: "Grows with every status change of the message: orders its events." }),
    batchId: t.exposeID("batchId", { nullable: true }),
    accountId: t.exposeInt("accountId", { nullable: true }),
    at: t.string({
      description: "When the change was published; for the current state a subscription starts with, when the subscription started.",
      resolve: (e, _, ctx) => ctx.deps.clock.timestamp(new Date(e.at)),
    }),
    message: t.prismaField({
      type: "Message",
      resolve: (query, e, _, ctx) => ctx.deps.db.message.findUniqueOrThrow({ ...query, where: { id: BigInt(e.messageId) } }),
    }),
  }),
});

const MessageEventFilter = builder.inputType("MessageEventFilter", {
  fields: (t) => ({
    batchId: t.id({ description: "Only this batch's messages." }),
    accountId: t.int({ description: "Only messages from this sender account." }),
    statuses: t.field({ type: [MessageStatusEnum], description: "Only events whose status is one of these." }),
  }),
});

interface MessageEventsArgs {
  filter?: { batchId?: string | number | null; accountId?: number | null; statuses?: MessageEvent["status"][] | null } | null;
}

/** The `messageEvents` arguments as the service takes them (the websocket fan-out reads them too). */
export const messageEventFilterOf = (args: MessageEventsArgs): EventFilter => ({
  batchId: args.filter?.batchId == null ? null : String(args.filter.batchId),
  accountId: args.filter?.accountId ?? null,
  statuses: args.filter?.statuses ?? null,
});

builder.subscriptionFields((t) => ({
  messageStatus: t.field({
    authScopes: { scope: "messages:read" },
    type: MessageEventRef,
    description:
      "The message's current state at once, then each change; completes at `failed`, or at `sent` (after the delivered/read receipts when its channel reports them, for a bounded time).",
    args: { id: t.arg.id({ required: true }) },
    subscribe: async (_, args, ctx) => messageStatusEvents(ctx.deps, await ctx.principal(), String(args.id)),
    resolve: (event) => event,
  }),
  messageEvents: t.field({
    authScopes: { scope: "messages:read" },
    type: MessageEventRef,
    description: "Every change of your messages from now on, optionally filtered.",
    args: { filter: t.arg({ type: MessageEventFilter }) },
    subscribe: async (_, args, ctx) => tenantMessageEvents(ctx.deps, await ctx.principal(), messageEventFilterOf(args)),
    resolve: (event) => event,
  }),
  batchProgress: t.field({
    authScopes: { scope: "messages:read" },
    type: BatchRef,
    description: "A bulk batch's counts at once and on every change; completes when none of its messages waits or is being sent.",
    args: { id: t.arg.id({ required: true }) },
    subscribe: async (_, args, ctx) => batchProgressUpdates(ctx.deps, await ctx.principal(), String(args.id)),
    resolve: (view) => view,
  }),
}));
