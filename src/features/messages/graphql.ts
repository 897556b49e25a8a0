import { MessageStatus } from "../../generated/prisma/enums.js";
import { newestFirstPage } from "../../core/graphql/pages.js";
import { builder } from "../../core/graphql/builder.js";
import { getMessage, listMessages } from "./reads.js";
import { countQueued, QUEUED_COUNT_CAP } from "./reads-sql.js";
import { retryMessage, sendSingleMessage } from "./sending.js";
import { cancelMessage } from "./cancel.js";
import { checkIdempotencyKey } from "./idempotency.js";
import { VariablesScalar } from "../../core/graphql/scalars.js";
import { checkedInput } from "../../core/graphql/checked-input.js";
import { parseSingleSend } from "../../core/input/send-input.js";
import { contentInputFields } from "./content/graphql-content.js";

export { replyContentFields, replyContentInputFields, type ReplyKinds } from "./content/graphql-content.js";
import { ContentKindEnum } from "../../core/graphql/content-kind.js";
import { kindOf, storedContent } from "../../core/content/message-content.js";
import { authorIn } from "../../core/audit/audited.js";

export const MessageStatusEnum = builder.enumType(MessageStatus, {
  name: "MessageStatus",
  description: "pending: waiting in the queue; sending: being sent now; sent: sent; failed: see `error`.",
});

export const MessagePriorityEnum = builder.enumType("MessagePriority", {
  values: { high: { value: "high" }, normal: { value: "normal" } } as const,
  description: "Within one sender number, high messages go out before normal ones (pacing unchanged).",
});

export const OutsideWindowEnum = builder.enumType("OutsideWindow", {
  values: { refuse: { value: "refuse" }, queue: { value: "queue" } } as const,
  description: "An immediate send while the send window is closed: refused (OUTSIDE_SEND_WINDOW), or queued until it opens.",
});

const MessageSourceEnum = builder.enumType("MessageSource", {
  values: { send: { description: "Sent by a caller, a campaign or the gateway's consent notice." }, automation: { description: "An automation rule's answer." } },
});

export const MessageRef = builder.prismaObject("Message", {
  fields: (t) => ({
    id: t.id({ resolve: (m) => String(m.id) }),
    to: t.exposeString("to", { description: "Recipient, international form, digits only." }),
    text: t.exposeString("body"),
    imageUrl: t.exposeString("imageUrl", { nullable: true }),
    kind: t.field({ type: ContentKindEnum, description: "What it carries (text: `text`, with `imageUrl` if set).", resolve: (m) => kindOf(storedContent(m.content)) }),
    status: t.expose("status", { type: MessageStatusEnum }),
    error: t.exposeString("error", { nullable: true, description: "Why the message failed (docs/rest-api.md, Errors, lists the texts); null otherwise." }),
    providerErrorCode: t.exposeString("providerErrorCode", { nullable: true, description: "The provider's own code for the failure, beside `error`." }),
    attempts: t.exposeInt("attempts"),
    lostAnswers: t.exposeInt("lostAnswers", {
      description:
        'Attempts whose answer never came back (a timeout, a connection reset, a process that died mid-send). The provider may have taken each, so the contact may have up to this many copies beyond the first (docs/design.md, "Delivery promise").',
    }),
    source: t.field({
      type: MessageSourceEnum,
      description: "`automation`: an automation rule sent it as its answer to the contact (`automationRuleId`); `send`: anything else.",
      resolve: (m) => (m.automationRuleId === null ? "send" : "automation"),
    }),
    automationRuleId: t.exposeInt("automationRuleId", { nullable: true, description: "The automation rule whose answer it is (it may since have been deleted)." }),
    accountId: t.exposeInt("accountId", { nullable: true, description: "The sender; null until one is chosen." }),
    batchId: t.id({ nullable: true, resolve: (m) => (m.batchId === null ? null : String(m.batchId)) }),
    priority: t.field({ type: MessagePriorityEnum, resolve: (m) => m.priority }),
    cancelled: t.boolean({
      description: "Cancelled before it started sending (status `failed`, error `cancelled`).",
      resolve: (m) => m.status === "failed" && m.error === "cancelled",
    }),
    dueAt: t.string({
      nullable: true,
      description: "While pending: when it is due to be tried (its send time, its number's next pacing slot, or its send window's next opening).",
      resolve: (m, _, ctx) => (m.status === "pending" ? ctx.deps.clock.timestamp(m.runAt) : null),
    }),
    expiresAt: t.string({
      nullable: true,
      description: "A queued message not sent by then fails with `expired`.",
      resolve: (m, _, ctx) => (m.expiresAt ? ctx.deps.clock.timestamp(m.expiresAt) : null),
    }),
    createdAt: t.string({ resolve: (m, _, ctx) => ctx.deps.clock.timestamp(m.createdAt) }),
    sentAt: t.string({ nullable: true, resolve: (m, _, ctx) => (m.sentAt ? ctx.deps.clock.timestamp(m.sentAt) : null) }),
    deliveredAt: t.string({ nullable: true, resolve: (m, _, ctx) => (m.deliveredAt ? ctx.deps.clock.timestamp(m.deliveredAt) : null) }),
    readAt: t.string({ nullable: true, resolve: (m, _, ctx) => (m.readAt ? ctx.deps.clock.timestamp(m.readAt) : null) }),
  }),
});

/** What single and bulk sends both say besides their recipients. */
export const sendOptionFields = (t: Parameters<Parameters<typeof builder.inputType>[1]["fields"]>[0]) => ({
  text: t.string({
    description:
      "1 to 4000 characters (Unicode code points), with optional {{placeholders}}; or name a `template`. With media: its caption; with an interactive message: its body (both at most 1024).",
  }),
  template: t.string({ description: "Send one of your templates (by name) instead of `text`." }),
  imageUrl: t.string({ description: "Absolute http(s) URL of an image to attach (with a template: instead of the template's)." }),
  accountId: t.int({ description: "Sender account; chosen automatically when omitted." }),
  sendAt: t.string({ description: "Send later: ISO 8601 with offset, at most 35 days ahead; a past time means now." }),
  validForSeconds: t.int({ description: "A queued message not sent this long after it is due fails with `expired` (60 to 3024000; default MESSAGE_TTL_SECONDS)." }),
  priority: t.field({ type: MessagePriorityEnum, description: "Default: high for single sends, normal for bulk." }),
  ...contentInputFields(t),
});

const SendMessageInput = builder.inputType("SendMessageInput", {
  fields: (t) => ({
    to: t.string({ required: true, description: "05XXXXXXXX, 9665XXXXXXXX, +9665… or another country's mobile in international form." }),
    ...sendOptionFields(t),
    variables: t.field({ type: VariablesScalar, description: "Values of the text's (or template's) placeholders." }),
    outsideWindow: t.field({ type: OutsideWindowEnum, description: "While your send window is closed: refuse (default) or queue until it opens." }),
    idempotencyKey: t.string({ description: "Same key and same input within 24 h: the first result, sent once. Also read from the Idempotency-Key header." }),
  }),
});

const SendMessagePayload = builder.simpleObject("SendMessagePayload", {
  fields: (t) => ({ message: t.field({ type: MessageRef }) }),
});

const CancelMessagePayload = builder.simpleObject("CancelMessagePayload", {
  fields: (t) => ({
    cancelled: t.boolean({
      description: "True when this request cancelled it (at once, or as its worker let go of it); false when it had already started, ended or been cancelled.",
    }),
    inFlight: t.boolean({ description: "True when it was in the provider's hands and had not ended when the cancel stopped waiting: it may still go out." }),
    message: t.field({ type: MessageRef }),
  }),
});

builder.queryFields((t) => ({
  message: t.field({
    authScopes: { scope: "messages:read" },
    type: MessageRef,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_, args, ctx) => getMessage(ctx.deps, await ctx.principal(), String(args.id)),
  }),
  queuedMessages: t.int({
    authScopes: { scope: "messages:read" },
    description: `Your messages waiting or being sent, counted up to ${QUEUED_COUNT_CAP + 1} (more: that number).`,
    resolve: async (_, __, ctx) => countQueued(ctx.deps, await ctx.principal()),
  }),
  messages: t.connection({
    authScopes: { scope: "messages:read" },
    type: MessageRef,
    description: "The tenant's messages, newest first.",
    args: {
      status: t.arg({ type: [MessageStatusEnum] }),
      batchId: t.arg.id(),
      to: t.arg.string({ description: "Only messages to this number, in any accepted spelling." }),
      since: t.arg.string({ description: "Only messages accepted at or after this time (ISO 8601 with its offset)." }),
      until: t.arg.string({ description: "Only messages accepted before this time (ISO 8601 with its offset)." }),
    },
    resolve: async (_, args, ctx) => {
      const principal = await ctx.principal();
      return newestFirstPage(
        args,
        (page) =>
          listMessages(ctx.deps, principal, {
            ...page,
            status: args.status,
            batchId: args.batchId === null || args.batchId === undefined ? null : String(args.batchId),
            to: args.to,
            since: args.since,
            until: args.until,
          }),
        (row) => row.id,
      );
    },
  }),
}));

builder.mutationFields((t) => ({
  sendMessage: t.field({
    authScopes: { scope: "messages:send" },
    type: SendMessagePayload,
    description: "Sends one message now and answers with its final status (normally `sent`).",
    args: { input: t.arg({ type: SendMessageInput, required: true }) },
    resolve: async (_, { input: { idempotencyKey, ...asSent } }, ctx) => {
      const key = checkIdempotencyKey(idempotencyKey ?? ctx.idempotencyKey);
      const input = checkedInput(ctx, parseSingleSend, asSent);
      return { message: await sendSingleMessage(ctx.deps, await ctx.principal(), input, { key, asSent }) };
    },
  }),
  cancelMessage: t.field({
    authScopes: { scope: "campaigns:manage" },
    type: CancelMessagePayload,
    description:
      "Cancels a message that has not started sending (it fails with `cancelled`, its allowance given back; one a worker holds is cancelled as the worker lets go of it, and the answer waits for that); one in the provider's hands or ended is left as it is.",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_, args, ctx) => {
      const principal = await ctx.principal();
      return cancelMessage(ctx.deps, principal, String(args.id), authorIn(ctx.deps, principal));
    },
  }),
  retryMessage: t.field({
    authScopes: { scope: "messages:send" },
    type: SendMessagePayload,
    description: "Sends a failed message again (same id, allowance taken again); the worker delivers it.",
    args: { id: t.arg.id({ required: true }), idempotencyKey: t.arg.string({ description: "As on sendMessage; also read from the Idempotency-Key header." }) },
    resolve: async (_, args, ctx) => ({
      message: await retryMessage(ctx.deps, await ctx.principal(), String(args.id), checkIdempotencyKey(args.idempotencyKey ?? ctx.idempotencyKey)),
    }),
  }),
}));
