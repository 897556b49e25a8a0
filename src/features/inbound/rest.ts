import { z } from "zod";
import { route } from "../../core/rest/route.js";
import { idParam, pageLimit, timestamp } from "../../core/rest/schemas.js";
import { InboundMessagesOperation } from "./operations.js";

// GET /inbound-messages: what contacts sent to the tenant's numbers, over the same GraphQL query.

const kinds = ["text", "image", "document", "audio", "video", "sticker", "location", "button", "reaction", "other"] as const;

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
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    reply_to_provider_id: z.string().nullable(),
    in_reply_to_message_id: z.number().int().positive().nullable().meta({ description: "Your message it answers (quoted, else the last one sent to the contact from this number within 7 days)." }),
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
      description: "Stored from the providers' webhooks (and the simulator's replies), once per provider id. Follow them live with the GraphQL subscription `inboundMessages`, or receive the `message.received` webhook.",
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
];
