import { createHmac, timingSafeEqual } from "node:crypto";
import type { ServiceDeps } from "../services/deps.js";
import { recordReceipts, type Receipt } from "../services/receipts.js";
import { restError } from "../rest/errors.js";
import type { ErrorCode } from "../services/errors.js";

// Delivery receipts pushed by providers. Each request is authenticated by an HMAC of its raw body
// (compared in constant time) before anything in it is believed.

const fail = (code: ErrorCode, message: string) => {
  const e = restError(code, message);
  return Response.json(e.body, { status: e.status });
};

function signatureMatches(expectedHex: string, presented: string | null): boolean {
  if (!presented) return false;
  const a = Buffer.from(expectedHex, "hex");
  const b = Buffer.from(presented.trim().toLowerCase(), "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

interface CloudStatus {
  id?: unknown;
  status?: unknown;
  timestamp?: unknown;
}

/** Meta's payload: entry[].changes[].value.statuses[] with `delivered` / `read` and a unix time. */
function cloudReceipts(body: unknown): Receipt[] {
  const entries = (body as { entry?: Array<{ changes?: Array<{ value?: { statuses?: CloudStatus[] } }> }> })?.entry ?? [];
  const receipts: Receipt[] = [];
  for (const status of entries.flatMap((e) => e.changes ?? []).flatMap((c) => c.value?.statuses ?? [])) {
    if (typeof status.id !== "string" || (status.status !== "delivered" && status.status !== "read")) continue;
    const seconds = Number(status.timestamp);
    receipts.push({ providerMessageId: status.id, kind: status.status, at: Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : new Date() });
  }
  return receipts;
}

/** WAHA's `message.ack` event: ack 2 (DEVICE) is delivered, 3 (READ) and 4 (PLAYED) are read. */
function wahaReceipts(body: unknown): Receipt[] {
  const event = body as { event?: unknown; payload?: { id?: unknown; ack?: unknown; timestamp?: unknown } };
  if (event?.event !== "message.ack" || !event.payload) return [];
  const rawId = event.payload.id;
  const id = typeof rawId === "string" ? rawId : (rawId as { _serialized?: unknown } | null)?._serialized;
  const ack = Number(event.payload.ack);
  if (typeof id !== "string" || !(ack >= 2)) return [];
  return [{ providerMessageId: id, kind: ack >= 3 ? "read" : "delivered", at: new Date() }];
}

export function createWebhookHandler(deps: ServiceDeps) {
  const { whatsappCloud, waha } = deps.config.channel;
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    if (url.pathname === "/webhooks/whatsapp-cloud" && request.method === "GET") {
      // Meta's subscription check: echo the challenge when the verify token matches.
      const token = url.searchParams.get("hub.verify_token");
      if (url.searchParams.get("hub.mode") === "subscribe" && whatsappCloud.verifyToken && token === whatsappCloud.verifyToken) {
        return new Response(url.searchParams.get("hub.challenge") ?? "", { headers: { "content-type": "text/plain" } });
      }
      return fail("UNAUTHORIZED", "The verify token does not match WHATSAPP_CLOUD_VERIFY_TOKEN.");
    }
    if (request.method !== "POST") return fail("METHOD_NOT_ALLOWED", "Use POST.");
    const raw = await request.text();
    let receipts: Receipt[];
    if (url.pathname === "/webhooks/whatsapp-cloud") {
      if (!whatsappCloud.appSecret) return fail("UNAUTHORIZED", "WHATSAPP_CLOUD_APP_SECRET is not set: receipts cannot be verified.");
      const expected = createHmac("sha256", whatsappCloud.appSecret).update(raw).digest("hex");
      const presented = request.headers.get("x-hub-signature-256")?.replace(/^sha256=/i, "") ?? null;
      if (!signatureMatches(expected, presented)) return fail("UNAUTHORIZED", "X-Hub-Signature-256 does not match the body.");
      const body = parseJson(raw);
      if (body === undefined) return fail("INVALID_JSON", "The body must be JSON.");
      receipts = cloudReceipts(body);
    } else if (url.pathname === "/webhooks/waha") {
      if (!waha.webhookHmacKey) return fail("UNAUTHORIZED", "WAHA_WEBHOOK_HMAC_KEY is not set: receipts cannot be verified.");
      const expected = createHmac("sha512", waha.webhookHmacKey).update(raw).digest("hex");
      if (!signatureMatches(expected, request.headers.get("x-webhook-hmac"))) return fail("UNAUTHORIZED", "X-Webhook-Hmac does not match the body.");
      const body = parseJson(raw);
      if (body === undefined) return fail("INVALID_JSON", "The body must be JSON.");
      receipts = wahaReceipts(body);
    } else {
      return fail("NOT_FOUND", `Nothing at ${url.pathname}.`);
    }
    const matched = await recordReceipts(deps, receipts);
    return Response.json({ success: true, received: receipts.length, matched });
  };
}
