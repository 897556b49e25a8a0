import type { ServiceDeps } from "../../../core/deps.js";
import { hasMedia, openStoredMedia, type InboundMedia, type StoredMedia } from "../../inbound/index.js";
import { type CallContext, messageForm } from "./chatwoot-api.js";
import { findPosted, type NewMessage, postMessage } from "./chatwoot-calls.js";
import { conversationOf } from "./conversations.js";
import { contentOf, fileNameOf, type InboundForChatwoot, missingFileNote, optOutNote } from "./inbound-content.js";
import type { ClaimedPost } from "./outbox-sql.js";
import { chatwootIdOfSent } from "./reply-sql.js";

// One outbox row posted to Chatwoot: a contact's message as an incoming message (its file streamed
// from the provider into the upload), or a private note. Each carries the relay's own source_id, so
// Chatwoot's echo of it is recognised, and an attempt after one whose answer was lost (a timeout, a
// crash) first looks for it in the conversation, as far back as the row is old, instead of posting
// it twice. Chatwoot takes no idempotency key for messages: docs/chatwoot.md says what remains.

/** The source_id the relay gives what it posts; Chatwoot's webhooks for these are echoes. */
export const OWN_SOURCE_PREFIX = "gateway:";

/** How far Chatwoot's clock may be behind the gateway's, for the look back to reach the post. */
const CLOCK_SKEW_MS = 10 * 60_000;

const inboundSelect = {
  id: true,
  tenantId: true,
  accountId: true,
  fromNumber: true,
  kind: true,
  text: true,
  latitude: true,
  longitude: true,
  fileName: true,
  mimeType: true,
  mediaId: true,
  mediaUrl: true,
  replyToProviderId: true,
  contact: { select: { name: true } },
  account: { select: { channel: true, settings: true } },
} as const;

/** Posts the row; answers Chatwoot's id for the message it became. */
export async function post(deps: ServiceDeps, ctx: CallContext, row: ClaimedPost): Promise<number> {
  const inbound =
    row.inboundMessageId === null
      ? null
      : await deps.db.inboundMessage.findUnique({
          where: { id: row.inboundMessageId },
          select: inboundSelect,
        });
  const facts = {
    bridgeId: row.bridgeId,
    phone: row.phone,
    name: inbound?.contact?.name ?? null,
    accountId: row.kind === "message" ? (inbound?.accountId ?? null) : null,
  };
  const { conversationId } = await conversationOf(deps, ctx, facts);
  const sourceId = `${OWN_SOURCE_PREFIX}${row.kind === "note" ? `note:${row.id}` : `${row.kind === "opt_out" ? "optout" : "in"}:${row.inboundMessageId}`}`;
  if (row.triedBefore !== null) {
    const earlier = await findPosted(ctx, conversationId, sourceId, new Date(row.createdAt.getTime() - CLOCK_SKEW_MS));
    if (earlier !== undefined) return earlier;
  }
  if (row.kind === "note" || !inbound)
    return postMessage(ctx, conversationId, {
      content: row.note ?? "",
      messageType: "outgoing",
      private: true,
      sourceId,
    });
  if (row.kind === "opt_out")
    return postMessage(ctx, conversationId, {
      content: optOutNote(inbound),
      messageType: "outgoing",
      private: true,
      sourceId,
    });
  const message: NewMessage = {
    content: contentOf(inbound),
    messageType: "incoming",
    private: false,
    sourceId,
    contentAttributes: await threadOf(deps, row, inbound),
  };
  return hasMedia(inbound) ? postWithFile(deps, ctx, conversationId, message, inbound) : postMessage(ctx, conversationId, message);
}

type StoredInbound = InboundForChatwoot & StoredMedia;

/** The contact's file streamed from the provider into Chatwoot's upload; one that cannot be fetched is said in words. */
async function postWithFile(deps: ServiceDeps, ctx: CallContext, conversationId: number, message: NewMessage, inbound: StoredInbound): Promise<number> {
  let media: InboundMedia;
  try {
    media = await openStoredMedia(deps, inbound);
  } catch (err) {
    return postMessage(ctx, conversationId, { ...message, content: missingFileNote(inbound, err instanceof Error ? err.message : String(err)) });
  }
  const file = { body: media.body, contentType: media.contentType, fileName: fileNameOf(inbound, media.contentType), contentLength: media.contentLength };
  try {
    return await postMessage(ctx, conversationId, message, (fields) => messageForm(fields, file));
  } finally {
    media.body.destroy();
  }
}

/** Keeps a quote's thread: an agent's message it quotes (in_reply_to), or the contact's own (in_reply_to_external_id). */
async function threadOf(
  deps: ServiceDeps,
  row: ClaimedPost,
  m: { tenantId: number; accountId: number; replyToProviderId: string | null },
): Promise<Record<string, unknown> | undefined> {
  if (!m.replyToProviderId) return undefined;
  const agents = await chatwootIdOfSent(deps.db, row.bridgeId, row.phone, m.tenantId, m.replyToProviderId);
  if (agents !== undefined) return { in_reply_to: agents };
  const quoted = await deps.db.inboundMessage.findFirst({
    where: { accountId: m.accountId, providerMessageId: m.replyToProviderId },
    select: { id: true },
  });
  return quoted ? { in_reply_to_external_id: `${OWN_SOURCE_PREFIX}in:${quoted.id}` } : undefined;
}
