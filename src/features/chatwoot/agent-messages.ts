import { z } from "zod";
import { sha256 } from "../../core/auth/auth.js";
import type { ServiceDeps } from "../../core/deps.js";
import { ServiceError } from "../../core/errors.js";
import { OWN_SOURCE_PREFIX } from "./relay/post.js";
import { insertReply, type ReplyContent } from "./relay/reply-sql.js";

// What the bridge takes of Chatwoot's inbox webhook: only an agent's outgoing, public message
// (`message_created`, message_type "outgoing", private false) of the connected account and inbox,
// recorded once per Chatwoot message id as a reply for the relay to send. Our own posts echoed
// back (source_id "gateway:…"), private notes, incoming messages and every other event are
// ignored.

export interface WebhookBridge {
  id: number;
  chatwootAccountId: number;
  inboxId: number;
  /** The inbox's secret that signs its webhooks; null: none was shown (webhook-signature.ts). */
  webhookSecret: string | null;
}

/** The bridge whose webhook address carries `secret` (only its hash is stored); 401 when none does. */
export async function bridgeOfSecret(deps: Pick<ServiceDeps, "db">, secret: string): Promise<WebhookBridge & { tenantId: number }> {
  const bridge = /^[A-Za-z0-9_-]{20,100}$/.test(secret)
    ? await deps.db.chatwootBridge.findUnique({
        where: { webhookTokenHash: sha256(secret).toString("hex") },
        select: { id: true, tenantId: true, chatwootAccountId: true, inboxId: true, webhookSecret: true },
      })
    : null;
  if (!bridge) throw new ServiceError("UNAUTHORIZED", "This address is not a connected Chatwoot bridge's (connecting again makes a new one).");
  return bridge;
}

/** Chatwoot's webhook for a message (reference section 6b): only what the bridge reads, the rest let through. */
const messageCreated = z.looseObject({
  event: z.literal("message_created"),
  id: z.number().int().positive().max(2_147_483_647),
  content: z.string().max(150_000).nullish(),
  message_type: z.string(),
  private: z.boolean().nullish(),
  source_id: z.string().nullish(),
  account: z.looseObject({ id: z.number().int() }),
  inbox: z.looseObject({ id: z.number().int() }).nullish(),
  conversation: z.looseObject({
    id: z.number().int().positive().max(2_147_483_647),
    inbox_id: z.number().int().nullish(),
    contact_inbox: z.looseObject({ source_id: z.string().nullish() }).nullish(),
    meta: z
      .looseObject({
        sender: z.looseObject({ phone_number: z.string().nullish() }).nullish(),
      })
      .nullish(),
  }),
  attachments: z
    .array(
      z.looseObject({
        data_url: z.string().max(4096),
        file_type: z.string().nullish(),
        content_type: z.string().nullish(),
        file_size: z.number().nullish(),
      }),
    )
    .max(15)
    .nullish(),
});

/** Where a Chatwoot conversation names its contact (message events carry it as `conversation`, conversation events at the top). */
interface ConversationContact {
  contact_inbox?: { source_id?: string | null | undefined } | null | undefined;
  meta?: { sender?: { phone_number?: string | null | undefined } | null | undefined } | null | undefined;
}

/** A conversation's contact's number: the session's source_id the bridge gave it (digits), else the contact's phone. */
export function conversationPhone(c: ConversationContact): string | undefined {
  const source = c.contact_inbox?.source_id ?? "";
  if (/^[1-9]\d{7,14}$/.test(source)) return source;
  const phone = c.meta?.sender?.phone_number?.replace(/[\s()-]/g, "") ?? "";
  return /^\+[1-9]\d{7,14}$/.test(phone) ? phone.slice(1) : undefined;
}

function contentOf(m: z.output<typeof messageCreated>): ReplyContent {
  return {
    text: m.content ?? "",
    attachments: (m.attachments ?? []).map((a) => ({
      url: a.data_url,
      contentType: a.content_type ?? null,
      fileType: a.file_type ?? "file",
      fileSize: a.file_size ?? null,
      name: URL.canParse(a.data_url) ? decodeURIComponent(new URL(a.data_url).pathname.split("/").pop() ?? "") || null : null,
    })),
  };
}

/** Records the event's agent message as a reply to send, or says why it is ignored; refuses (422) what is not the connected inbox's. */
export async function takeAgentMessage(deps: ServiceDeps, bridge: WebhookBridge, json: unknown): Promise<{ recorded: boolean } | { ignored: string }> {
  if ((json as { event?: unknown } | null)?.event !== "message_created") return { ignored: "event" };
  const parsed = messageCreated.safeParse(json);
  if (!parsed.success) throw new ServiceError("VALIDATION_ERROR", "The body is not a Chatwoot message_created event.", { body: parsed.error.issues[0]?.message ?? "is invalid" });
  const m = parsed.data;
  const inboxId = m.inbox?.id ?? m.conversation.inbox_id;
  if (m.account.id !== bridge.chatwootAccountId || inboxId !== bridge.inboxId) {
    throw new ServiceError("VALIDATION_ERROR", "The message is not of the inbox connected to this address.", {
      inbox: `must be inbox ${bridge.inboxId} of account ${bridge.chatwootAccountId}`,
    });
  }
  if (m.source_id?.startsWith(OWN_SOURCE_PREFIX)) return { ignored: "echo" };
  if (m.message_type !== "outgoing" || m.private === true) return { ignored: m.private ? "private" : "message_type" };
  const phone = conversationPhone(m.conversation);
  if (!phone) throw new ServiceError("VALIDATION_ERROR", "The conversation's contact has no phone number to send to.", { phone_number: "is missing" });
  const reply = { bridgeId: bridge.id, chatwootMessageId: m.id, conversationId: m.conversation.id, phone, content: contentOf(m) };
  const recorded = await insertReply(deps.db, reply, deps.clock.now());
  if (recorded) deps.wakeChatwootRelay?.();
  return { recorded };
}
