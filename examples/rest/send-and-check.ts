/**
 * A typed REST client generated from the published OpenAPI document: sends one message, reads it
 * back, then shows the allowance left.
 *
 *   GATEWAY_URL=http://localhost:4000 GATEWAY_API_KEY=gw_… npm run example:rest -- 0501234567 "Hello"
 *
 * `api.d.ts` beside this file is what openapi-typescript makes of GET /api/v1/openapi.json
 * (`npm run generate`); openapi-fetch types every path, body and answer by it, so a change to the
 * API that breaks this client fails `npm run typecheck`.
 */
import createClient from "openapi-fetch";
import type { components, paths } from "./api.js";

type ApiError = components["schemas"]["Error"];

const baseUrl = process.env.GATEWAY_URL ?? "http://localhost:4000";
const apiKey = process.env.GATEWAY_API_KEY;
const [to = "0501234567", message = "Hello from the typed REST client example"] = process.argv.slice(2);
if (!apiKey) {
  console.error("Set GATEWAY_API_KEY to an API key (the server prints a demo key on its first start).");
  process.exit(2);
}

const api = createClient<paths>({ baseUrl: `${baseUrl}/api/v1`, headers: { authorization: `Bearer ${apiKey}` } });

/** Every error answer has one shape: a stable code, a message, and the fields at fault. */
function fail(error: ApiError, status: number): never {
  const fields = error.error.fields ? ` ${JSON.stringify(error.error.fields)}` : "";
  console.error(`${error.error.code} (${status}): ${error.error.message}${fields}`);
  process.exit(1);
}

// An Idempotency-Key makes the send safe to repeat after a timeout: the same key is never sent twice.
const sent = await api.POST("/send", {
  body: { to, message },
  params: { header: { "Idempotency-Key": `example-${Date.now()}` } },
});
if (sent.error) fail(sent.error, sent.response.status);
console.log(`message ${sent.data.message_id} to ${sent.data.to}: ${sent.data.status}`);

const read = await api.GET("/messages/{id}", { params: { path: { id: String(sent.data.message_id) } } });
if (read.error) fail(read.error, read.response.status);
console.log(`read back: ${read.data.status}${read.data.sent_at ? ` at ${read.data.sent_at}` : ""}${read.data.error ? ` (${read.data.error})` : ""}`);

const balance = await api.GET("/balance");
if (balance.error) fail(balance.error, balance.response.status);
console.log(`allowance left: ${balance.data.messages.remaining} of ${balance.data.messages.limit}`);
process.exit(read.data.status === "failed" ? 1 : 0);
