import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { ServiceDeps } from "../../core/deps.js";
import { recordReceipts, type Receipt } from "./receipts.js";
import { restError } from "../../core/rest/errors.js";
import { ServiceError, type ErrorCode } from "../../core/errors.js";
import { fieldErrors, plainIssueMessage } from "../../core/input/validation.js";
import { readBodyWithin } from "../../core/http/body.js";
import type { InboundDraft } from "./payloads/inbound-payloads.js";
import { cloudInboundMessages } from "./payloads/cloud-payloads.js";
import { wahaInboundMessages } from "./payloads/waha-payloads.js";
import { receiveFromProvider } from "./inbound.js";
import { healthChanges } from "./payloads/health-payloads.js";
import { recordTemplateReports } from "../whatsapp-templates/index.js";
import { cloudTemplateReports } from "./payloads/template-payloads.js";
import { applyHealthSignals } from "./health-signals.js";
import { Response } from "../../core/http/fetch-api.js";

// Delivery receipts, inbound messages and number health (health-payloads.ts) pushed by providers.
// Each request is authenticated by an HMAC of its raw body (compared in constant time) before
// anything in it is believed. What can be refused without the body is refused before reading it
// (no secret configured, no signature), and a signed body is read only up to
// RECEIPT_MAX_BODY_BYTES, so an anonymous caller cannot make the server hold its upload.

export const RECEIPT_PATHS = ["/webhooks/whatsapp-cloud", "/webhooks/waha"] as const;

/** The rest of an unread body is not waited for: the connection closes after the answer. */
const fail = (code: ErrorCode, message: string, fields?: Record<string, string>) => {
  const e = restError(code, message, fields);
  return Response.json(e.body, { status: e.status, headers: { connection: "close" } });
};

/** Provider message ids are short printable ASCII (Meta's `wamid.…`, WAHA's `true_…@c.us_…`). */
const providerId = z.string().regex(/^[\x21-\x7e]{1,256}$/, "must be a provider message id");
/** Unix seconds, as a string (Meta) or a number. */
const unixSeconds = z.union([z.string().regex(/^\d{1,12}$/), z.number().int().nonnegative()]);
/** A batch of receipts is bounded like any list a caller sends; Meta sends far fewer per request. */
const MAX_RECEIPTS = 1_000;

/** Meta's payload: entry[].changes[].value.statuses[]; everything else in it is ignored. */
const cloudPayload = z.looseObject({
  entry: z
    .array(
      z.looseObject({
        changes: z
          .array(
            z.looseObject({
              value: z
                .looseObject({
                  statuses: z
                    .array(z.looseObject({ id: providerId, status: z.string().max(64), timestamp: unixSeconds.optional() }))
                    .max(MAX_RECEIPTS)
                    .optional(),
                })
                .optional(),
            }),
          )
          .max(MAX_RECEIPTS)
          .optional(),
      }),
    )
    .max(MAX_RECEIPTS),
});

/** WAHA's event: only `message.ack` carries a receipt. */
const wahaPayload = z.looseObject({
  event: z.string().max(64),
  payload: z.looseObject({ id: z.union([providerId, z.looseObject({ _serialized: providerId })]).optional(), ack: z.number().int().optional() }).optional(),
});

/** How far ahead of ours a provider's clock may be before its time is not believed. */
const CLOCK_SKEW_MS = 5 * 60_000;

/** A provider's clock within reason, else the time the receipt arrived: a receipt never dates a message far into the future. */
function receiptTime(seconds: string | number | undefined, now: Date): Date {
  const ms = Number(seconds) * 1000;
  return Number.isFinite(ms) && ms > Date.UTC(2020, 0, 1) && ms <= now.getTime() + CLOCK_SKEW_MS ? new Date(ms) : now;
}

function cloudReceipts(body: z.output<typeof cloudPayload>, now: Date): Receipt[] {
  const statuses = body.entry.flatMap((e) => e.changes ?? []).flatMap((c) => c.value?.statuses ?? []);
  return statuses
    .filter((s) => s.status === "delivered" || s.status === "read")
    .slice(0, MAX_RECEIPTS)
    .map((s) => ({ providerMessageId: s.id, kind: s.status as Receipt["kind"], at: receiptTime(s.timestamp, now) }));
}

/** ack 2 (DEVICE) is delivered, 3 (READ) and 4 (PLAYED) are read. */
function wahaReceipts(body: z.output<typeof wahaPayload>, now: Date): Receipt[] {
  const id = typeof body.payload?.id === "string" ? body.payload.id : body.payload?.id?._serialized;
  const ack = body.payload?.ack ?? 0;
  if (body.event !== "message.ack" || id === undefined || ack < 2) return [];
  return [{ providerMessageId: id, kind: ack >= 3 ? "read" : "delivered", at: now }];
}

interface Provider {
  driver: "whatsapp-cloud" | "waha";
  secret: string | undefined;
  setting: string;
  header: string;
  algorithm: "sha256" | "sha512";
  /** The hex digest in the header, or undefined when the header is absent or not one. */
  presented(value: string | null): string | undefined;
  schema: z.ZodType;
  receipts(body: never, now: Date): Receipt[];
  /** Messages contacts sent (read from the verified JSON by inbound-payloads.ts). */
  inbound(body: unknown, now: Date): InboundDraft[];
}

const hexOfLength = (length: number) => (value: string | null) => {
  const hex = value
    ?.trim()
    .toLowerCase()
    .replace(/^sha(256|512)=/, "");
  return hex && hex.length === length && /^[0-9a-f]+$/.test(hex) ? hex : undefined;
};

/** The provider behind each callback path, with its secret from the settings. */
function receiptProviders(deps: ServiceDeps): Record<(typeof RECEIPT_PATHS)[number], Provider> {
  const { whatsappCloud, waha } = deps.config.channel;
  return {
    "/webhooks/whatsapp-cloud": {
      driver: "whatsapp-cloud",
      inbound: cloudInboundMessages,
      secret: whatsappCloud.appSecret,
      setting: "WHATSAPP_CLOUD_APP_SECRET",
      header: "X-Hub-Signature-256",
      algorithm: "sha256",
      presented: hexOfLength(64),
      schema: cloudPayload,
      receipts: cloudReceipts,
    },
    "/webhooks/waha": {
      driver: "waha",
      inbound: wahaInboundMessages,
      secret: waha.webhookHmacKey,
      setting: "WAHA_WEBHOOK_HMAC_KEY",
      header: "X-Webhook-Hmac",
      algorithm: "sha512",
      presented: hexOfLength(128),
      schema: wahaPayload,
      receipts: wahaReceipts,
    },
  };
}

/** Meta's subscription check: echo the challenge when the verify token matches. */
function answerCloudVerification(url: URL, verifyToken: string | undefined): Response {
  const token = url.searchParams.get("hub.verify_token");
  const challenge = url.searchParams.get("hub.challenge") ?? "";
  if (url.searchParams.get("hub.mode") === "subscribe" && verifyToken && token === verifyToken && /^[\x21-\x7e]{0,256}$/.test(challenge)) {
    return new Response(challenge, { headers: { "content-type": "text/plain" } });
  }
  return fail("UNAUTHORIZED", "The verify token does not match WHATSAPP_CLOUD_VERIFY_TOKEN.");
}

/** A session's move that cannot be applied now (WAHA itself did not answer): 503 with Retry-After, so WAHA delivers it again. */
function notNow(err: unknown): Response {
  if (!(err instanceof ServiceError) || err.code !== "SERVICE_UNAVAILABLE") throw err;
  const e = restError(err.code, err.message);
  const wait = err.details?.retryAfter;
  return Response.json(e.body, { status: e.status, headers: typeof wait === "number" ? { "retry-after": String(wait) } : {} });
}

/** What else reads a verified WAHA body: number links follow their sessions' status (composition root). */
export type SessionEventReader = (deps: ServiceDeps, json: unknown) => Promise<Record<string, number>>;

export function createReceiptHandler(deps: ServiceDeps, sessionEvents?: SessionEventReader) {
  const providers = receiptProviders(deps);
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const provider = providers[url.pathname as keyof typeof providers];
    if (!provider) return fail("NOT_FOUND", "Receipts go to /webhooks/whatsapp-cloud or /webhooks/waha.");
    if (url.pathname === "/webhooks/whatsapp-cloud" && request.method === "GET") return answerCloudVerification(url, deps.config.channel.whatsappCloud.verifyToken);
    if (request.method !== "POST") {
      const e = restError("METHOD_NOT_ALLOWED", "Use POST.");
      return Response.json(e.body, { status: e.status, headers: { allow: "POST", connection: "close" } });
    }
    if (!provider.secret) return fail("UNAUTHORIZED", `${provider.setting} is not set: receipts cannot be verified.`);
    const presented = provider.presented(request.headers.get(provider.header));
    if (!presented) return fail("UNAUTHORIZED", `${provider.header} is missing or not a signature.`);
    const raw = await readBodyWithin(request, deps.config.receiptMaxBodyBytes);
    if (!raw) return fail("PAYLOAD_TOO_LARGE", `The body may be at most ${deps.config.receiptMaxBodyBytes} bytes.`);
    const expected = createHmac(provider.algorithm, provider.secret).update(raw).digest();
    if (!timingSafeEqual(expected, Buffer.from(presented, "hex"))) return fail("UNAUTHORIZED", `${provider.header} does not match the body.`);
    let json: unknown;
    try {
      json = JSON.parse(raw.toString("utf8"));
    } catch {
      return fail("INVALID_JSON", "The body must be JSON.");
    }
    const parsed = provider.schema.safeParse(json, { error: plainIssueMessage });
    if (!parsed.success) return fail("VALIDATION_ERROR", "The body is not a receipt payload this endpoint understands.", fieldErrors(parsed.error));
    // Before the health rules: a session that now works links its number before they look at it.
    const sessions = provider.driver === "waha" && sessionEvents ? await sessionEvents(deps, json).catch(notNow) : {};
    if (sessions instanceof Response) return sessions;
    const receipts = provider.receipts(parsed.data as never, new Date());
    const matched = await recordReceipts(deps, receipts);
    const inbound = await receiveFromProvider(deps, provider.driver, provider.inbound(json, new Date()));
    // A session's move older than one already taken says nothing about its health now.
    const health = await applyHealthSignals(deps, "stale" in sessions ? [] : healthChanges(provider.driver, json));
    // Only Meta reports on templates; WAHA's answer has no such count.
    const templates = provider.driver === "whatsapp-cloud" ? await recordTemplateReports(deps, cloudTemplateReports(json)) : {};
    return Response.json({ success: true, received: receipts.length, matched, ...inbound, ...health, ...templates, ...sessions });
  };
}
