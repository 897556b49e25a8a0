import { MessageStatus } from "../generated/prisma/enums.js";
import { resolveCursorConnection } from "@pothos/plugin-relay";
import { builder } from "./builder.js";
import { getMessage, listMessages, parseCursor } from "../services/reads.js";
import { retryMessage, sendSingleMessage } from "../services/sending.js";
import { checkIdempotencyKey } from "../services/idempotency.js";
export const MessageStatusEnum = builder.enumType(MessageStatus, {
    name: "MessageStatus",
    description: "pending: waiting in the queue; sending: being sent now; sent: sent; failed: see `error`.",
});
export const MessageRef = builder.prismaObject("Message", {
    fields: (t) => ({
        id: t.id({ resolve: (m) => String(m.id) }),
        to: t.exposeString("to", { description: "Recipient, international form, digits only." }),
        text: t.exposeString("body"),
        imageUrl: t.exposeString("imageUrl", { nullable: true }),
        status: t.expose("status", { type: MessageStatusEnum }),
        error: t.exposeString("error", { nullable: true, description: "Why the message failed (README lists the texts); null otherwise." }),
        providerErrorCode: t.exposeString("providerErrorCode", { nullable: true, description: "The provider's own code for the failure, beside `error`." }),
        attempts: t.exposeInt("attempts"),
        accountId: t.exposeInt("accountId", { nullable: true, description: "The sender; null until one is chosen." }),
        batchId: t.id({ nullable: true, resolve: (m) => (m.batchId === null ? null : String(m.batchId)) }),
        createdAt: t.string({ resolve: (m, _, ctx) => ctx.deps.clock.timestamp(m.createdAt) }),
        sentAt: t.string({ nullable: true, resolve: (m, _, ctx) => (m.sentAt ? ctx.deps.clock.timestamp(m.sentAt) : null) }),
        deliveredAt: t.string({ nullable: true, resolve: (m, _, ctx) => (m.deliveredAt ? ctx.deps.clock.timestamp(m.deliveredAt) : null) }),
        readAt: t.string({ nullable: true, resolve: (m, _, ctx) => (m.readAt ? ctx.deps.clock.timestamp(m.readAt) : null) }),
    }),
});
const SendMessageInput = builder.inputType("SendMessageInput", {
    fields: (t) => ({
        to: t.string({ required: true, description: "05XXXXXXXX, 9665XXXXXXXX, +9665… or another country's mobile in international form." }),
        text: t.string({ required: true, description: "1 to 4000 characters (Unicode code points)." }),
        imageUrl: t.string({ description: "Absolute http(s) URL of an image to attach." }),
        accountId: t.int({ description: "Sender account; chosen automatically when omitted." }),
        idempotencyKey: t.string({ description: "Same key and same input within 24 h: the first result, sent once. Also read from the Idempotency-Key header." }),
    }),
});
const SendMessagePayload = builder.simpleObject("SendMessagePayload", {
    fields: (t) => ({ message: t.field({ type: MessageRef }) }),
});
builder.queryFields((t) => ({
    message: t.field({
        type: MessageRef,
        args: { id: t.arg.id({ required: true }) },
        resolve: async (_, args, ctx) => getMessage(ctx.deps, await ctx.principal(), String(args.id)),
    }),
    messages: t.connection({
        type: MessageRef,
        description: "The tenant's messages, newest first.",
        args: {
            status: t.arg({ type: [MessageStatusEnum] }),
            batchId: t.arg.id(),
        },
        resolve: async (_, args, ctx) => {
            const principal = await ctx.principal();
            return resolveCursorConnection({ args, toCursor: (m) => String(m.id), defaultSize: 20, maxSize: 100 }, 
            // Newest first: `after` a cursor means older than it; paging backwards reads oldest first.
            ({ before, after, limit, inverted }) => listMessages(ctx.deps, principal, {
                olderThan: parseCursor(after, "after"),
                newerThan: parseCursor(before, "before"),
                ascending: inverted,
                limit,
                status: args.status,
                batchId: args.batchId === null || args.batchId === undefined ? null : String(args.batchId),
            }));
        },
    }),
}));
builder.mutationFields((t) => ({
    sendMessage: t.field({
        type: SendMessagePayload,
        description: "Sends one message now and answers with its final status (normally `sent`).",
        args: { input: t.arg({ type: SendMessageInput, required: true }) },
        resolve: async (_, { input: { idempotencyKey, ...input } }, ctx) => ({
            message: await sendSingleMessage(ctx.deps, await ctx.principal(), input, checkIdempotencyKey(idempotencyKey ?? ctx.idempotencyKey)),
        }),
    }),
    retryMessage: t.field({
        type: SendMessagePayload,
        description: "Sends a failed message again (same id, allowance taken again); the worker delivers it.",
        args: { id: t.arg.id({ required: true }), idempotencyKey: t.arg.string({ description: "As on sendMessage; also read from the Idempotency-Key header." }) },
        resolve: async (_, args, ctx) => ({
            message: await retryMessage(ctx.deps, await ctx.principal(), String(args.id), checkIdempotencyKey(args.idempotencyKey ?? ctx.idempotencyKey)),
        }),
    }),
}));
//# sourceMappingURL=message.js.map