import type { Message } from "../../generated/prisma/client.js";
import type { SpanOpening } from "../../core/runtime/tracing.js";
import { currentTraceParent } from "../../core/runtime/trace-context.js";

// The spans of a message's way out (docs/operations.md, "Traces"): the worker's turn with a queued
// message continues the trace of the request that stored it (message.trace_parent), and the
// provider call is a child of whichever span delivers it, the worker's or the inline request's.

/** The worker delivering a claimed message: how long it waited in the queue since it came due. */
export const queuedDelivery = (message: Message, now: Date): SpanOpening => ({
  name: "deliver queued message",
  kind: "consumer",
  parent: message.traceParent,
  attributes: {
    "gateway.message_id": String(message.id),
    "gateway.queue_wait_ms": Math.max(0, now.getTime() - message.runAt.getTime()),
    "gateway.attempt": message.attempts,
  },
});

/** The call to the provider that sends it, under the span delivering it (or the message's own trace). */
export const providerCall = (channel: string, message: Message): SpanOpening => ({
  name: `send to ${channel}`,
  kind: "client",
  parent: currentTraceParent() ?? message.traceParent,
  attributes: { "gateway.message_id": String(message.id), "gateway.channel": channel },
});
