import { z } from "zod";
import { sha256 } from "../../core/auth/auth.js";
import type { ServiceDeps } from "../../core/deps.js";
import type { ErrorCode } from "../../core/errors.js";
import { readBodyWithin } from "../../core/http/body.js";
import { Response } from "../../core/http/fetch-api.js";
import { restError } from "../../core/rest/errors.js";
import { WEBHOOK_PATH } from "./bridge.js";
import { OWN_SOURCE_PREFIX } from "./relay/post.js";
import { insertReply, type ReplyContent } from "./relay/reply-sql.js";

// POST /chatwoot/webhooks/{secret}: the events Chatwoot posts to the bridge's inbox webhook.
// The secret names the bridge (only its hash is stored). Only an agent's outgoing, public message
// (`message_created`, message_type "outgoing", private false) of the connected inbox is kept, as a
// reply to send; it is recorded once per Chatwoot message id and sent by the relay, so the answer
// is quick (Chatwoot marks the message failed if it waits over 5 s, and does not retry). Our own
// posts echoed back (source_id "gateway:…"), private notes, incoming messages and every other
// event are answered 200 and ignored.

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

const fail = (code: ErrorCode, message: string, fields?: Record<string, string>) => {
  const e = restError(code, message, fields);
  return Response.json(e.body, { status: e.status });
};
const ignored = (why: string) => Response.json({ success: true, ignored: why });

/** The contact's number: the session's source_id the bridge gave it (digits), else the contact's phone. */
function phoneOf(m: z.output<typeof messageCreated>): string | undefined {
  const source = m.conversation.contact_inbox?.source_id ?? "";
  if (/^[1-9]\d{7,14}$/.test(source)) return source;
  const phone = m.conversation.meta?.sender?.phone_number?.replace(/[\s()-]/g, "") ?? "";
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

export function createChatwootReceiver(deps: ServiceDeps) {
  return async (request: Request): Promise<Response> => {
    if (request.method !== "POST") {
      const e = restError("METHOD_NOT_ALLOWED", "Chatwoot's webhooks are POSTed.");
      return Response.json(e.body, {
        status: e.status,
        headers: { allow: "POST" },
      });
    }
    const secret = new URL(request.url).pathname.slice(WEBHOOK_PATH.length + 1);
    const bridge = /^[A-Za-z0-9_-]{20,100}$/.test(secret)
      ? await deps.db.chatwootBridge.findUnique({
          where: { webhookTokenHash: sha256(secret).toString("hex") },
          select: { id: true, chatwootAccountId: true, inboxId: true },
        })
      : null;
    if (!bridge) return fail("UNAUTHORIZED", "This address is not a connected Chatwoot bridge's (connecting again makes a new one).");
    const raw = await readBodyWithin(request, deps.config.receiptMaxBodyBytes);
    if (!raw) return fail("PAYLOAD_TOO_LARGE", `The body may be at most ${deps.config.receiptMaxBodyBytes} bytes.`);
    let json: unknown;
    try {
      json = JSON.parse(raw.toString("utf8"));
    } catch {
      return fail("INVALID_JSON", "The body must be JSON.");
    }
    if ((json as { event?: unknown } | null)?.event !== "message_created") return ignored("event");
    const parsed = messageCreated.safeParse(json);
    if (!parsed.success) return fail("VALIDATION_ERROR", "The body is not a Chatwoot message_created event.", { body: parsed.error.issues[0]?.message ?? "is invalid" });
    const m = parsed.data;
    const inboxId = m.inbox?.id ?? m.conversation.inbox_id;
    if (m.account.id !== bridge.chatwootAccountId || inboxId !== bridge.inboxId) {
      return fail("VALIDATION_ERROR", "The message is not of the inbox connected to this address.", {
        inbox: `must be inbox ${bridge.inboxId} of account ${bridge.chatwootAccountId}`,
      });
    }
    if (m.source_id?.startsWith(OWN_SOURCE_PREFIX)) return ignored("echo");
    if (m.message_type !== "outgoing" || m.private === true) return ignored(m.private ? "private" : "message_type");
    const phone = phoneOf(m);
    if (!phone) return fail("VALIDATION_ERROR", "The conversation's contact has no phone number to send to.", { phone_number: "is missing" });
    const recorded = await insertReply(
      deps.db,
      {
        bridgeId: bridge.id,
        chatwootMessageId: m.id,
        conversationId: m.conversation.id,
        phone,
        content: contentOf(m),
      },
      deps.clock.now(),
    );
    if (recorded) deps.wakeChatwootRelay?.();
    return Response.json({ success: true, recorded });
  };
}
