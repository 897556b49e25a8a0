import type http from "node:http";
import type { ServiceDeps } from "../../core/deps.js";
import { readNodeBodyWithin } from "../../core/http/body.js";
import { applyProviderPayment, CALLBACK_PATH, providerOf } from "./payments.js";
import { recordProviderEvent } from "./billing-sql.js";
import { EventRefused } from "./providers/index.js";
import { billingUrl } from "./billing-url.js";

// What the payment provider reaches without an API key: the webhook and the payer's return from
// 3-D Secure. Neither is trusted for what it says of a payment: the payment is fetched from the
// provider and applied from that.

export const WEBHOOK_PATH = "/billing/moyasar/webhook";
export { CALLBACK_PATH };

const json = (res: http.ServerResponse, status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
const error = (res: http.ServerResponse, status: number, code: string, message: string) => json(res, status, { success: false, error: { code, message } });

export async function handleWebhook(deps: ServiceDeps, req: http.IncomingMessage, res: http.ServerResponse) {
  if (req.method !== "POST") return error(res, 405, "METHOD_NOT_ALLOWED", "Use POST.");
  const provider = providerOf(deps);
  const body = await readNodeBodyWithin(req, deps.config.maxBodyBytes);
  if (!body) return error(res, 413, "PAYLOAD_TOO_LARGE", "The body is too large.");
  let event;
  try {
    event = provider.readEvent(JSON.parse(body.toString("utf8")));
  } catch (err) {
    if (err instanceof EventRefused || err instanceof SyntaxError) return error(res, 401, "UNAUTHORIZED", "Not a webhook of the payment provider.");
    throw err;
  }
  if (!event.payment || event.type === "other") return json(res, 200, { received: true });
  // The provider's own record, not the body's, decides: a late or reordered event applies what is true now.
  const payment = await provider.fetchPayment(event.payment.id);
  const outcome = await applyProviderPayment(deps, { ...payment, reference: payment.reference ?? event.payment.reference }, (tx) =>
    recordProviderEvent(tx, provider.name, event.id, event.type),
  );
  json(res, 200, { received: true, outcome });
}

export async function handleCallback(deps: ServiceDeps, req: http.IncomingMessage, res: http.ServerResponse) {
  const id = new URL(req.url ?? "/", "http://x").searchParams.get("id");
  if (req.method !== "GET" || !id || !/^[\w-]{1,100}$/.test(id)) return error(res, 400, "BAD_REQUEST", "The payment provider's return names no payment.");
  const payment = await providerOf(deps).fetchPayment(id);
  await applyProviderPayment(deps, payment);
  res.writeHead(302, { location: `${billingUrl(deps)}?payment=${payment.status}` }).end();
}
