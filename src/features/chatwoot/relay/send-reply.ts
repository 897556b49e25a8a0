import { ALL_SCOPES } from "../../../core/auth/scopes.js";
import { tenantRefusal } from "../../../core/auth/key-standing.js";
import { ADMIN_ACTOR } from "../../../core/audit/audit-record.js";
import type { ServiceDeps } from "../../../core/deps.js";
import { ServiceError } from "../../../core/errors.js";
import { parseSingleSend } from "../../../core/input/send-input.js";
import type { Principal } from "../../../core/principal.js";
import { sendSingleMessage } from "../../messages/index.js";
import type { ClaimedReply, ReplyContent } from "./reply-sql.js";

// An agent's message sent on WhatsApp through the normal path (consent, the customer-service
// window, number health, pacing, the allowance), as one send per part: each attachment as media
// (by its Chatwoot link, under the media-link rule), the text as the first file's caption or on
// its own. Each part's idempotency key is the Chatwoot message id and the part's place, so a
// redelivered webhook, a retry or a restart can never send a part twice.

/** Meta's caption limit (content-input.ts): longer text goes as a message of its own. */
const MAX_CAPTION = 1024;

export type ReplyOutcome = { sent: bigint[]; refusal: string | null } | { retry: string };

const MEDIA_TYPES: Record<string, "image" | "video" | "audio" | "document"> = {
  image: "image",
  video: "video",
  audio: "audio",
  file: "document",
};

/** The sends a reply makes: one per attachment, the text on the first that takes a caption, or alone. */
export function partsOf(content: ReplyContent): Array<Record<string, unknown>> {
  const parts: Array<Record<string, unknown>> = content.attachments.map((a) => ({
    media: {
      type: MEDIA_TYPES[a.fileType] ?? "document",
      url: a.url,
      ...(a.name ? { filename: a.name } : {}),
      ...(a.contentType ? { mimetype: a.contentType } : {}),
    },
  }));
  const text = content.text.trim();
  if (!text) return parts;
  const captioned = parts.find((p) => (p.media as { type: string }).type !== "audio");
  if (captioned && [...text].length <= MAX_CAPTION) captioned.text = text;
  else parts.push({ text });
  return parts;
}

/** Sends the reply's parts not yet sent; a refusal (a 4xx of the send rules, or the channel's failure) ends it. */
export async function sendReply(deps: ServiceDeps, reply: ClaimedReply, carried: number[]): Promise<ReplyOutcome> {
  const principal = await bridgePrincipal(deps, reply.bridgeId);
  if ("refusal" in principal) return { sent: [], refusal: principal.refusal };
  const from = reply.accountId !== null && carried.includes(reply.accountId) ? reply.accountId : carried[0];
  const sent: bigint[] = [];
  for (const [i, part] of partsOf(reply.content).entries()) {
    try {
      const input = parseSingleSend({
        to: reply.phone,
        ...part,
        ...(from !== undefined ? { accountId: from } : {}),
      });
      const asSent = { chatwootMessageId: reply.chatwootMessageId, part: i };
      const message = await sendSingleMessage(deps, principal, input, {
        key: `chatwoot:${reply.bridgeId}:${reply.chatwootMessageId}:${i}`,
        asSent,
      });
      sent.push(message.id);
    } catch (err) {
      if (!(err instanceof ServiceError) || err.code === "SERVICE_UNAVAILABLE" || err.code === "INTERNAL_ERROR" || err.code === "IDEMPOTENCY_KEY_IN_PROGRESS") {
        return { retry: err instanceof Error ? err.message : String(err) };
      }
      const failedId = err.details?.messageId;
      if (typeof failedId === "string") sent.push(BigInt(failedId));
      return { sent, refusal: refusalOf(err) };
    }
  }
  return { sent, refusal: null };
}

function refusalOf(err: ServiceError): string {
  const fields = err.fields
    ? ` (${Object.entries(err.fields)
        .map(([k, v]) => `${k} ${v}`)
        .join("; ")})`
    : "";
  return `${err.code}: ${err.message}${fields}`;
}

/** The tenant as the bridge acts for it: every scope on its own numbers, its plan and send window, its standing checked. */
async function bridgePrincipal(deps: ServiceDeps, bridgeId: number): Promise<Principal | { refusal: string }> {
  const bridge = await deps.db.chatwootBridge.findUniqueOrThrow({
    where: { id: bridgeId },
    select: { tenant: { include: { plan: true, sendWindow: true } } },
  });
  const { tenant } = bridge;
  const refused = tenantRefusal(deps, tenant);
  if (refused) return { refusal: refusalOf(refused) };
  return {
    tenantId: tenant.id,
    apiKeyId: null,
    userId: null,
    role: null,
    limitKey: `chatwoot:${bridgeId}`,
    plan: tenant.plan,
    sendWindow: tenant.sendWindow,
    emailVerified: tenant.emailVerifiedAt !== null,
    scopes: ALL_SCOPES,
    accountIds: null,
    expiresAt: null,
    actor: { ...ADMIN_ACTOR, name: "chatwoot" },
  };
}
