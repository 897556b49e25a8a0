import { builder } from "./builder.js";
import { MessageRef } from "./message.js";
import { batchFinished, batchMessages, getBatch } from "../services/reads.js";
import { sendBulkMessages } from "../services/sending.js";
import { checkIdempotencyKey } from "../services/idempotency.js";
const BatchCounts = builder.simpleObject("BatchCounts", {
    fields: (t) => ({ pending: t.int(), sending: t.int(), sent: t.int(), failed: t.int() }),
});
export const BatchRef = builder.objectRef("Batch").implement({
    description: "A bulk request and the outcome of each of its numbers.",
    fields: (t) => ({
        id: t.id({ resolve: (b) => String(b.batch.id) }),
        total: t.int({ resolve: (b) => b.batch.total }),
        text: t.string({ resolve: (b) => b.batch.body }),
        imageUrl: t.string({ nullable: true, resolve: (b) => b.batch.imageUrl }),
        accountId: t.int({ nullable: true, resolve: (b) => b.batch.accountId }),
        createdAt: t.string({ resolve: (b, _, ctx) => ctx.deps.clock.timestamp(b.batch.createdAt) }),
        counts: t.field({ type: BatchCounts, resolve: (b) => b.counts }),
        finished: t.boolean({ description: "True when no message waits or is being sent.", resolve: (b) => batchFinished(b.counts) }),
        messages: t.field({ type: [MessageRef], resolve: (b, _, ctx) => batchMessages(ctx.deps, b.batch.id) }),
    }),
});
const QueuedMessage = builder.simpleObject("QueuedMessage", {
    fields: (t) => ({ id: t.id(), to: t.string() }),
});
const SendBulkPayload = builder.simpleObject("SendBulkPayload", {
    fields: (t) => ({
        batchId: t.id(),
        queued: t.int({ description: "Distinct numbers queued (duplicates after normalisation are sent once)." }),
        status: t.string({ description: 'Always "processing": the batch is sent in the background.' }),
        messages: t.field({ type: [QueuedMessage] }),
    }),
});
const SendBulkInput = builder.inputType("SendBulkInput", {
    fields: (t) => ({
        numbers: t.stringList({ required: true, description: "1 to 500 phone numbers." }),
        text: t.string({ required: true, description: "1 to 4000 characters (Unicode code points)." }),
        imageUrl: t.string(),
        accountId: t.int({ description: "Sender account for every message; chosen per message when omitted." }),
        idempotencyKey: t.string({ description: "Same key and same input within 24 h: the first result, queued once. Also read from the Idempotency-Key header." }),
    }),
});
builder.queryFields((t) => ({
    batch: t.field({
        type: BatchRef,
        args: { id: t.arg.id({ required: true }) },
        resolve: async (_, args, ctx) => getBatch(ctx.deps, await ctx.principal(), String(args.id)),
    }),
}));
builder.mutationFields((t) => ({
    sendBulk: t.field({
        type: SendBulkPayload,
        description: "Queues one message per distinct number; they are sent gradually in the background.",
        args: { input: t.arg({ type: SendBulkInput, required: true }) },
        resolve: async (_, { input: { idempotencyKey, ...input } }, ctx) => {
            const accepted = await sendBulkMessages(ctx.deps, await ctx.principal(), input, checkIdempotencyKey(idempotencyKey ?? ctx.idempotencyKey));
            return {
                batchId: String(accepted.batchId),
                queued: accepted.queued,
                status: "processing",
                messages: accepted.messages.map((m) => ({ id: String(m.id), to: m.to })),
            };
        },
    }),
}));
//# sourceMappingURL=batch.js.map