import { newestFirstPage } from "../../core/graphql/pages.js";
import { builder } from "../../core/graphql/builder.js";
import { MessagePriorityEnum, MessageRef, sendOptionFields } from "../messages/graphql.js";
import { VariablesScalar } from "../../core/graphql/scalars.js";
import { batchFinished, batchMessages, batchState, getBatch, listBatches, type BatchView } from "./batch-reads.js";
import { sendBulkMessages } from "./sending-bulk.js";
import { cancelBatch } from "./cancel.js";
import { previewBulk, sheetRecipients } from "./preview.js";
import { checkIdempotencyKey } from "../messages/index.js";
import { checkedInput } from "../../core/graphql/checked-input.js";
import { parseBulkSend } from "../../core/input/send-input.js";
import { validationError } from "../../core/errors.js";
import { authorIn } from "../../core/audit/audited.js";

const BatchCounts = builder.simpleObject("BatchCounts", {
  description: "Messages of the batch by status; `failed` includes `cancelled` and `expired`, and `sent` includes `delivered` and `read`.",
  fields: (t) => ({
    pending: t.int(),
    sending: t.int(),
    sent: t.int(),
    failed: t.int(),
    cancelled: t.int(),
    expired: t.int(),
    optedOut: t.int({ description: "Failed because the recipient opted out after the batch was accepted." }),
    delivered: t.int({ description: "Sent messages the channel reported delivered." }),
    read: t.int({ description: "Sent messages the channel reported read." }),
    replies: t.int({ description: "Inbound messages attributed to the batch's messages (replies within the attribution window)." }),
  }),
});

const BatchStateEnum = builder.enumType("BatchState", {
  values: {
    scheduled: { value: "scheduled", description: "Not finished, and its send time is still ahead." },
    running: { value: "running", description: "Due and not finished (messages wait for pacing, limits or the send window, or are being sent)." },
    finished: { value: "finished", description: "No message waits or is being sent." },
  } as const,
});

const timestamp = (at: Date | null, ctx: { deps: { clock: { timestamp(d: Date): string } } }) => (at ? ctx.deps.clock.timestamp(at) : null);

export const BatchRef = builder.objectRef<BatchView>("Batch").implement({
  description: "A bulk request and the outcome of each of its numbers.",
  fields: (t) => ({
    id: t.id({ resolve: (b) => String(b.batch.id) }),
    total: t.int({ resolve: (b) => b.batch.total }),
    text: t.string({ description: "The text as sent in the request (before a personalised batch's placeholders were filled).", resolve: (b) => b.batch.body }),
    imageUrl: t.string({ nullable: true, resolve: (b) => b.batch.imageUrl }),
    accountId: t.int({ nullable: true, resolve: (b) => b.batch.accountId }),
    priority: t.field({ type: MessagePriorityEnum, resolve: (b) => b.batch.priority }),
    sendAt: t.string({ nullable: true, description: "The send time it was scheduled for; null: at once.", resolve: (b, _, ctx) => timestamp(b.batch.sendAt, ctx) }),
    createdAt: t.string({ resolve: (b, _, ctx) => ctx.deps.clock.timestamp(b.batch.createdAt) }),
    counts: t.field({ type: BatchCounts, resolve: (b) => b.counts }),
    state: t.field({ type: BatchStateEnum, resolve: (b, _, ctx) => batchState(b, ctx.deps.clock.now()) }),
    finished: t.boolean({ description: "True when no message waits or is being sent.", resolve: (b) => batchFinished(b.counts) }),
    firstSentAt: t.string({ nullable: true, resolve: (b, _, ctx) => timestamp(b.firstSentAt, ctx) }),
    lastSentAt: t.string({ nullable: true, resolve: (b, _, ctx) => timestamp(b.lastSentAt, ctx) }),
    messages: t.field({ type: [MessageRef], resolve: (b, _, ctx) => batchMessages(ctx.deps, b.batch.id) }),
  }),
});

const QueuedMessage = builder.simpleObject("QueuedMessage", {
  fields: (t) => ({ id: t.id(), to: t.string() }),
});

const SkipReasonEnum = builder.enumType("SkipReason", {
  values: {
    opted_out: { value: "opted_out", description: "The contact opted out (wrote a stop word)." },
    suppressed: { value: "suppressed", description: "You opted the number out (API or suppression list)." },
    outside_window: {
      value: "outside_window",
      description: "Its customer-service window is closed on every number that could send the message, and no fallback template was given.",
    },
  } as const,
  description: "Why a bulk send left a number out.",
});

const SkippedRecipient = builder.simpleObject("SkippedRecipient", {
  fields: (t) => ({ to: t.string(), reason: t.field({ type: SkipReasonEnum }) }),
});

const SendBulkPayload = builder.simpleObject("SendBulkPayload", {
  fields: (t) => ({
    batchId: t.id(),
    queued: t.int({ description: "Distinct numbers queued (duplicates after normalisation are sent once)." }),
    status: t.string({ description: 'Always "processing": the batch is sent in the background.' }),
    sendAt: t.string({ nullable: true, description: "When the batch starts, if scheduled; null: now." }),
    messages: t.field({ type: [QueuedMessage] }),
    skipped: t.field({ type: [SkippedRecipient], description: "Numbers left out because they opted out or are suppressed: not queued, not charged." }),
  }),
});

const RecipientInput = builder.inputType("RecipientInput", {
  fields: (t) => ({
    to: t.string({ required: true }),
    variables: t.field({ type: VariablesScalar, description: "This recipient's values of the text's placeholders." }),
  }),
});

const SendBulkInput = builder.inputType("SendBulkInput", {
  fields: (t) => ({
    numbers: t.stringList({ description: "1 to 500 phone numbers; or give `recipients`." }),
    recipients: t.field({ type: [RecipientInput], description: "1 to 500 recipients with their own placeholder values (instead of `numbers`)." }),
    ...sendOptionFields(t),
    idempotencyKey: t.string({ description: "Same key and same input within 24 h: the first result, queued once. Also read from the Idempotency-Key header." }),
  }),
});

const CancelBatchPayload = builder.simpleObject("CancelBatchPayload", {
  fields: (t) => ({
    cancelled: t.int({ description: "Messages this request cancelled (at once, or as their worker let go of them); those sent or ended are counted in the batch's counts." }),
    inFlight: t.int({ description: "Messages in the provider's hands that had not ended when the cancel stopped waiting: they may still go out. Normally 0." }),
    batch: t.field({ type: BatchRef }),
  }),
});

builder.queryFields((t) => ({
  batch: t.field({
    authScopes: { scope: "messages:read" },
    type: BatchRef,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_, args, ctx) => getBatch(ctx.deps, await ctx.principal(), String(args.id)),
  }),
  batches: t.connection({
    authScopes: { scope: "messages:read" },
    type: BatchRef,
    description: "Your batches, newest first.",
    args: { state: t.arg({ type: BatchStateEnum }) },
    resolve: async (_, args, ctx) => {
      const principal = await ctx.principal();
      return newestFirstPage(
        args,
        (page) => listBatches(ctx.deps, principal, { ...page, state: args.state }),
        (b: BatchView) => b.batch.id,
      );
    },
  }),
}));

const PreviewRecipient = builder.simpleObject("PreviewRecipient", {
  fields: (t) => ({
    to: t.string({ description: "The number, normalised." }),
    text: t.string({ description: "The text it would be sent, placeholders filled." }),
    skipped: t.field({ type: SkipReasonEnum, nullable: true, description: "Why it would be left out; null: it would be sent." }),
  }),
});

const BulkPreview = builder.simpleObject("BulkPreview", {
  description: "What a bulk send would do, read without storing or charging anything.",
  fields: (t) => ({
    total: t.int({ description: "Distinct recipients." }),
    skipped: t.int({ description: "Recipients that would be left out for consent." }),
    recipients: t.field({ type: [PreviewRecipient], description: "The first recipients, in order." }),
  }),
});

const SheetRecipient = builder.simpleObject("SheetRecipient", {
  fields: (t) => ({
    to: t.string(),
    variables: t.field({ type: VariablesScalar }),
    row: t.int({ description: "The sheet's row (the header is row 1)." }),
  }),
});

builder.queryFields((t) => ({
  previewBulk: t.field({
    authScopes: { scope: "messages:send" },
    type: BulkPreview,
    description: "Checks a bulk send as sendBulk would and renders its first recipients' texts; nothing is stored or charged. Errors are sendBulk's.",
    args: { input: t.arg({ type: SendBulkInput, required: true }), first: t.arg.int({ defaultValue: 3, description: "1 to 20." }) },
    resolve: async (_, { input: { idempotencyKey: _key, ...input }, first }, ctx) => {
      const shown = first ?? 3;
      if (!Number.isInteger(shown) || shown < 1 || shown > 20) throw validationError({ first: "must be 1 to 20" });
      return previewBulk(ctx.deps, await ctx.principal(), parseBulkSend(input), shown);
    },
  }),
  sheetRecipients: t.field({
    authScopes: { scope: "messages:send" },
    type: [SheetRecipient],
    description:
      "A sheet (CSV text: a header row with `to`, then one column per placeholder) as recipients for sendBulk, read as POST /send-bulk reads text/csv; errors name rows and columns.",
    args: { csv: t.arg.string({ required: true }) },
    resolve: async (_, { csv }, ctx) => {
      await ctx.principal();
      return sheetRecipients(csv);
    },
  }),
}));

builder.mutationFields((t) => ({
  sendBulk: t.field({
    authScopes: { scope: "messages:send" },
    type: SendBulkPayload,
    description: "Queues one message per distinct number; they are sent gradually in the background, from `sendAt` on.",
    args: { input: t.arg({ type: SendBulkInput, required: true }) },
    resolve: async (_, { input: { idempotencyKey, ...asSent } }, ctx) => {
      const key = checkIdempotencyKey(idempotencyKey ?? ctx.idempotencyKey);
      const input = checkedInput(ctx, parseBulkSend, asSent);
      const accepted = await sendBulkMessages(ctx.deps, await ctx.principal(), input, { key, asSent });
      return {
        batchId: String(accepted.batchId),
        queued: accepted.queued,
        status: "processing",
        sendAt: accepted.sendAt && ctx.deps.clock.timestamp(accepted.sendAt),
        messages: accepted.messages.map((m) => ({ id: String(m.id), to: m.to })),
        skipped: accepted.skipped,
      };
    },
  }),
  cancelBatch: t.field({
    authScopes: { scope: "campaigns:manage" },
    type: CancelBatchPayload,
    description:
      "Cancels the batch's messages that have not started sending (those a worker holds as it lets go of them; the answer waits for that); those in the provider's hands or ended are left alone. Cancelling again is harmless.",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_, args, ctx) => {
      const principal = await ctx.principal();
      return cancelBatch(ctx.deps, principal, String(args.id), authorIn(ctx.deps, principal));
    },
  }),
}));
