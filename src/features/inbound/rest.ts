import { z } from "zod";
import { route, streamRoute, type StreamAnswer } from "../../core/rest/route.js";
import type { ServiceDeps } from "../../core/deps.js";
import type { Principal } from "../../core/principal.js";
import { idParam, pageLimit, timestamp } from "../../core/rest/schemas.js";
import { InboundMessagesOperation } from "./operations.js";
import { mediaPathOf, openInboundMedia } from "./inbound-media.js";

// GET /inbound-messages: what contacts sent to the tenant's numbers, over the same GraphQL query.
// GET /inbound-messages/{id}/media: the file of one, streamed from its provider (a stream route).

const kinds = ["text", "image", "document", "audio", "video", "sticker", "location", "contacts", "button", "reaction", "other"] as const;

export const inboundQuery = z.strictObject({
  account_id: idParam("Only messages to this number of yours.").optional(),
  contact: z.string().max(32).optional().meta({ description: "Only messages from this contact (any number format)." }),
  since: timestamp.optional().meta({ description: "Only messages received at or after this time (ISO 8601 with offset)." }),
  batch_id: idParam("Only replies attributed to this batch.").optional(),
  limit: pageLimit("Messages per page, 0 to 100 (default 20)."),
  cursor: idParam("The previous page's `next_cursor`.").optional(),
});

const inboundMessage = z
  .object({
    id: z.number().int().positive(),
    provider_message_id: z.string().meta({ description: "The provider's id; a redelivery of it is stored once." }),
    account_id: z.number().int().positive().meta({ description: "Your number that received it." }),
    from: z.string().nullable().meta({ description: "The sender in international digits; null when the provider gave only a LID." }),
    from_lid: z.string().nullable().meta({ description: "The sender's WhatsApp LID or business-scoped id, when given." }),
    type: z.enum(kinds),
    text: z.string().nullable().meta({ description: "Text, caption, button title or reaction emoji." }),
    media_url: z.string().nullable(),
    media_id: z.string().nullable(),
    mime_type: z.string().nullable(),
    file_name: z.string().nullable(),
    media_path: z.string().nullable().meta({ description: "GET this path (under /api/v1, with your key) for the media's bytes; null when the message has none." }),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    reply_to_provider_id: z.string().nullable(),
    in_reply_to_message_id: z
      .number()
      .int()
      .positive()
      .nullable()
      .meta({ description: "Your message it answers (quoted, else the last one sent to the contact from this number within 7 days)." }),
    batch_id: z.number().int().positive().nullable(),
    opt_out: z.boolean().meta({ description: "It matched your stop words and opted the contact out." }),
    sent_at: timestamp,
    received_at: timestamp,
  })
  .meta({ id: "InboundMessage" });

export const inboundMessagesResponse = z
  .object({
    inbound_messages: z.array(inboundMessage).meta({ description: "Newest first." }),
    next_cursor: z.string().nullable().meta({ description: "Pass as `cursor` for the next (older) page; null on the last page." }),
  })
  .meta({ id: "InboundMessages" });

const num = (v: string | null | undefined) => (v == null ? null : Number(v));

export const inboundRoutes = [
  route({
    method: "GET",
    path: /^\/inbound-messages$/,
    doc: {
      path: "/inbound-messages",
      operationId: "listInboundMessages",
      summary: "Messages contacts sent to your numbers, newest first",
      description:
        "Stored from the providers' webhooks (and the simulator's replies), once per provider id. Follow them live with the GraphQL subscription `inboundMessages`, or receive the `message.received` webhook.",
      tag: "Inbound",
      query: inboundQuery,
      errors: ["NOT_FOUND"],
    },
    answer: inboundMessagesResponse,
    operation: InboundMessagesOperation,
    variables: (_, __, q) => ({
      first: (q.limit as number | undefined) ?? 20,
      after: (q.cursor as string | undefined) ?? null,
      filter: {
        accountId: q.account_id === undefined ? null : Number(q.account_id),
        contact: (q.contact as string | undefined) ?? null,
        since: (q.since as string | undefined) ?? null,
        batchId: (q.batch_id as string | undefined) ?? null,
      },
    }),
    respond: ({ inboundMessages }) => ({
      inbound_messages: inboundMessages.edges.map(({ node: m }) => ({
        id: Number(m.id),
        provider_message_id: m.providerMessageId,
        account_id: m.accountId,
        from: m.from ?? null,
        from_lid: m.fromLid ?? null,
        type: m.type,
        text: m.text ?? null,
        media_url: m.mediaUrl ?? null,
        media_id: m.mediaId ?? null,
        mime_type: m.mimeType ?? null,
        file_name: m.fileName ?? null,
        media_path: mediaPathOf({ id: m.id, kind: m.type, mediaId: m.mediaId ?? null, mediaUrl: m.mediaUrl ?? null }),
        latitude: m.latitude ?? null,
        longitude: m.longitude ?? null,
        reply_to_provider_id: m.replyToProviderId ?? null,
        in_reply_to_message_id: num(m.inReplyTo?.id),
        batch_id: num(m.batchId),
        opt_out: m.optOut,
        sent_at: m.sentAt,
        received_at: m.receivedAt,
      })),
      next_cursor: inboundMessages.pageInfo.hasNextPage ? (inboundMessages.pageInfo.endCursor ?? null) : null,
    }),
  }),
  streamRoute({
    method: "GET",
    path: /^\/inbound-messages\/([^/]+)\/media$/,
    scope: "inbox:read",
    doc: {
      path: "/inbound-messages/{id}/media",
      operationId: "getInboundMessageMedia",
      summary: "The file of an inbound image, document, audio, video or sticker",
      description: [
        "Fetched from the provider that holds it (WhatsApp Cloud by its media id, WAHA by its link on the configured WAHA server) with the receiving number's credentials, and streamed as it arrives: the gateway keeps no copy, so each call fetches again.",
        "404 `NOT_FOUND`: no such message of yours, a message without media, or media no provider of this gateway holds (the simulator's, a WAHA link on another server).",
        "502 `CHANNEL_ERROR`: the provider refused (401, 404…), failed or did not answer within INBOUND_MEDIA_TIMEOUT_MS, or the file is larger than INBOUND_MEDIA_MAX_BYTES (refused before any byte is sent).",
        "A transfer that breaks off once begun (the provider stalls or sends more than the limit) ends with the connection closed, never as a complete answer.",
      ].join("\n\n"),
      tag: "Inbound",
      errors: ["NOT_FOUND", "CHANNEL_ERROR"],
    },
    answerDescription: "The file's bytes. Content-Type is the provider's, else the stored `mime_type`, else application/octet-stream.",
    answerHeaders: {
      "Content-Length": { required: false, type: "integer", description: "When the provider declared it; otherwise the answer is chunked." },
      "Content-Disposition": { required: false, type: "string", description: "`attachment; filename*=UTF-8''…` when the message has a `file_name`." },
      "Cache-Control": { required: true, type: "string", description: "`private, no-store`: the file is the tenant's and is fetched again each time." },
      "X-Content-Type-Options": { required: true, type: "string", description: "`nosniff`." },
    },
    open: async (deps, principal, [id]) => mediaAnswer(deps, principal, id!),
  }),
];

/** RFC 8187's encoding of a header parameter: UTF-8, percent-encoded except its attr-chars. */
function rfc8187(value: string): string {
  let out = "";
  for (const byte of Buffer.from(value, "utf8")) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9!#$&+\-.^_`|~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

async function mediaAnswer(deps: ServiceDeps, principal: Principal, id: string): Promise<StreamAnswer> {
  const media = await openInboundMedia(deps, principal, id);
  return {
    body: media.body,
    headers: {
      "content-type": media.contentType,
      ...(media.contentLength !== undefined ? { "content-length": String(media.contentLength) } : {}),
      ...(media.fileName ? { "content-disposition": `attachment; filename*=UTF-8''${rfc8187(media.fileName)}` } : {}),
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-store",
      // Bytes from a provider, served on the API's origin: never run as a page there, whatever their type.
      "content-security-policy": "default-src 'none'; sandbox",
    },
  };
}
