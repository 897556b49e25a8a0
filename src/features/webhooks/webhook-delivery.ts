import { signatureHeader } from "../../core/http/signature.js";
import type { Config } from "../../core/config.js";
import type { ServiceDeps } from "../../core/deps.js";
import { publicAddressAgent, type OutboundAgent } from "../../core/http/outbound-agent.js";
import { afterFailedAttempt } from "../delivery/index.js";
import { RefusedAddressError, refusedLiteralReason } from "../../core/input/public-address.js";
import { markWebhookDelivered, recordWebhookFailure, type ClaimedWebhook } from "./webhook-queue-sql.js";
import { spanFailed, traced, type Span, type SpanOpening } from "../../core/runtime/tracing.js";
import { currentTraceParent } from "../../core/runtime/trace-context.js";

// Sending one claimed webhook delivery: sign, POST, record the outcome.

/** The longest last_error kept; enough for a reason, never a receiver's whole answer. */
const MAX_ERROR_LENGTH = 200;
/** A receiver's answer is read (so the connection can be reused) up to this much, then dropped. */
const MAX_ANSWER_BYTES = 64 * 1024;

/** The connection pool of the webhook dispatcher. */
export const createWebhookAgent = (settings: Config["webhooks"]): OutboundAgent => publicAddressAgent(settings);

type Outcome = { ok: true; status: number } | { ok: false; status: number | null; error: string } | { interrupted: true };

/**
 * One POST under one timeout (connection, answer and the part of the body read). Redirects are
 * not followed: a 3xx is a failed attempt like any other non-2xx, since following it would let a
 * receiver send the request (and the signature) somewhere else, possibly inward.
 */
async function post(agent: OutboundAgent, settings: Config["webhooks"], webhook: ClaimedWebhook, stop: AbortSignal): Promise<Outcome> {
  let url: URL;
  try {
    url = new URL(webhook.url);
  } catch {
    return { ok: false, status: null, error: "invalid URL" };
  }
  const literalRefusal = settings.allowPrivateAddresses ? undefined : refusedLiteralReason(url);
  if (literalRefusal) return { ok: false, status: null, error: `address not allowed: ${literalRefusal}` };
  const timeout = AbortSignal.timeout(settings.timeoutMs);
  try {
    const answer = await agent.request(url, {
      method: "POST",
      signal: AbortSignal.any([timeout, stop]),
      headers: {
        "content-type": "application/json",
        "user-agent": "messaging-gateway-webhooks/1",
        "x-event-id": webhook.eventId,
        "x-signature": signatureHeader(webhook.secret, webhook.body, Math.floor(Date.now() / 1000)),
        // The receiver may continue the trace: this POST's span when tracing is on here, else the stored one.
        ...traceHeader(currentTraceParent() ?? webhook.traceParent),
      },
      body: webhook.body,
    });
    await answer.body.dump({ limit: MAX_ANSWER_BYTES }).catch(() => undefined);
    if (answer.statusCode >= 200 && answer.statusCode < 300) return { ok: true, status: answer.statusCode };
    return { ok: false, status: answer.statusCode, error: `HTTP ${answer.statusCode}` };
  } catch (err) {
    if (timeout.aborted) return { ok: false, status: null, error: `timeout after ${settings.timeoutMs} ms` };
    if (stop.aborted) return { interrupted: true };
    return { ok: false, status: null, error: transportError(err) };
  }
}

/** A short reason for a failed connection: the socket's code (ECONNREFUSED…) and message. */
function transportError(err: unknown): string {
  if (err instanceof RefusedAddressError) return err.message;
  const code = (err as { code?: unknown }).code;
  const message = err instanceof Error ? err.message : String(err);
  const text = typeof code === "string" && !message.includes(code) ? `${code}: ${message}` : message;
  return text.slice(0, MAX_ERROR_LENGTH);
}

const traceHeader = (traceParent: string | null): Record<string, string> => (traceParent ? { traceparent: traceParent } : {});

/** The span of one POST, in the trace of the message the event is about. */
const webhookSpan = (webhook: ClaimedWebhook): SpanOpening => ({
  name: "webhook POST",
  kind: "client",
  parent: webhook.traceParent,
  attributes: { "gateway.delivery_id": String(webhook.id), "gateway.event_id": webhook.eventId, "gateway.attempt": webhook.attempts },
});

/** Sends a claimed delivery and records how it went; never throws for the receiver's sake. */
export function sendWebhook(deps: ServiceDeps, agent: OutboundAgent, webhook: ClaimedWebhook, owner: string, stop: AbortSignal): Promise<void> {
  return traced(
    deps.tracing,
    () => webhookSpan(webhook),
    (span) => sendWebhookOnce(deps, agent, webhook, owner, stop, span),
  );
}

async function sendWebhookOnce(deps: ServiceDeps, agent: OutboundAgent, webhook: ClaimedWebhook, owner: string, stop: AbortSignal, span: Span | undefined): Promise<void> {
  const settings = deps.config.webhooks;
  const outcome = await post(agent, settings, webhook, stop);
  if (!("interrupted" in outcome)) span?.setAttribute("http.response.status_code", outcome.status ?? 0);
  if ("ok" in outcome && !outcome.ok) spanFailed(span, outcome.error);
  // The dispatcher is stopping: it hands the delivery back to the queue without counting this attempt.
  if ("interrupted" in outcome) return;
  if (outcome.ok) {
    await markWebhookDelivered(deps.db, webhook.id, owner, outcome.status, deps.clock.now());
    deps.metrics.webhookDeliveries.inc({ outcome: "delivered" });
    return;
  }
  const status = await recordWebhookFailure(
    deps.db,
    webhook.id,
    owner,
    { responseStatus: outcome.status, error: outcome.error.slice(0, MAX_ERROR_LENGTH) },
    afterFailedAttempt(webhook.attempts, { maxAttempts: settings.maxAttempts, baseMs: settings.retryBaseMs, maxMs: settings.retryMaxMs }),
    deps.clock.now(),
  );
  if (status) deps.metrics.webhookDeliveries.inc({ outcome: status === "failed" ? "failed" : "retry" });
  const log = { deliveryId: String(webhook.id), eventId: webhook.eventId, attempts: webhook.attempts, error: outcome.error };
  if (status === "failed") deps.log.warn(log, "webhook delivery failed for good");
  else deps.log.debug(log, "webhook attempt failed; retrying later");
}
