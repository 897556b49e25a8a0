import type http from "node:http";
import type { ServiceDeps } from "../../../core/deps.js";
import { readNodeBodyWithin } from "../../../core/http/body.js";
import { SubscriptionEventRefused, SubscriptionProviderUnavailable, type SubscriptionEvent } from "../providers/subscription-provider.js";
import { applyStripeEvent, NotYetKnown } from "./apply-event.js";
import { stripeOf } from "./stripe-of.js";

// Stripe's webhook: the signature is checked over the raw body, then the event is applied once
// (apply-event.ts); a refund of a payment not applied yet is answered 409 so Stripe sends it again.

export const STRIPE_WEBHOOK_PATH = "/billing/stripe/webhook";

const json = (res: http.ServerResponse, status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
const error = (res: http.ServerResponse, status: number, code: string, message: string) => json(res, status, { success: false, error: { code, message } });

export async function handleStripeWebhook(deps: ServiceDeps, req: http.IncomingMessage, res: http.ServerResponse) {
  if (req.method !== "POST") return error(res, 405, "METHOD_NOT_ALLOWED", "Use POST.");
  const stripe = await stripeOf(deps);
  const body = await readNodeBodyWithin(req, deps.config.maxBodyBytes);
  if (!body) return error(res, 413, "PAYLOAD_TOO_LARGE", "The body is too large.");
  let event: SubscriptionEvent;
  try {
    event = stripe.readEvent(body, req.headers["stripe-signature"] as string | undefined);
  } catch (err) {
    if (err instanceof SubscriptionEventRefused) return error(res, 400, "BAD_SIGNATURE", err.message);
    throw err;
  }
  try {
    // Since 2025-03-31.basil an invoice names no payment: what its refunds will name is read from Stripe.
    const paid = event.kind === "invoice_paid" && event.ids.invoice && event.amount ? await stripe.paymentOfInvoice(event.ids.invoice) : null;
    const outcome = await applyStripeEvent(deps, event, paid ? (paid.paymentIntent ?? paid.charge) : null);
    json(res, 200, { received: true, outcome });
  } catch (err) {
    if (err instanceof NotYetKnown) return error(res, 409, "NOT_YET_KNOWN", "The refunded payment is not applied yet; send this event again later.");
    if (err instanceof SubscriptionProviderUnavailable) return error(res, 503, "SERVICE_UNAVAILABLE", "Stripe did not answer; send this event again later.");
    throw err;
  }
}
