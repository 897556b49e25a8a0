import { z } from "zod";
import type { ServiceDeps } from "../../core/deps.js";
import { endHandover } from "../automation/index.js";
import { conversationPhone, type WebhookBridge } from "./agent-messages.js";

// A conversation an agent resolves in Chatwoot gives its contact back to the automation rules: a
// rule's handover kept them from answering "until a person closes the conversation" (docs/
// automation.md). Chatwoot posts `conversation_status_changed` with the conversation's
// webhook_data at the top level (test/kit/references/chatwoot-api.md, 6c): its `status`, its
// `contact_inbox.source_id` (the number the bridge gave the contact) and `meta.sender`.

const statusChanged = z.looseObject({
  event: z.literal("conversation_status_changed"),
  status: z.string(),
  inbox_id: z.number().int().nullish(),
  account: z.looseObject({ id: z.number().int() }).nullish(),
  contact_inbox: z.looseObject({ source_id: z.string().nullish() }).nullish(),
  meta: z.looseObject({ sender: z.looseObject({ phone_number: z.string().nullish() }).nullish() }).nullish(),
});

/** A resolved conversation of the bridge's inbox ends its contact's handover; anything else is ignored. */
export async function takeStatusChange(deps: ServiceDeps, bridge: WebhookBridge & { tenantId: number }, json: unknown): Promise<{ handedBack: boolean } | { ignored: string }> {
  const parsed = statusChanged.safeParse(json);
  if (!parsed.success) return { ignored: "event" };
  const c = parsed.data;
  if ((c.account && c.account.id !== bridge.chatwootAccountId) || (c.inbox_id != null && c.inbox_id !== bridge.inboxId)) return { ignored: "inbox" };
  if (c.status !== "resolved") return { ignored: "status" };
  const phone = conversationPhone(c);
  if (!phone) return { ignored: "contact" };
  const { count } = await endHandover(deps.db, bridge.tenantId, phone);
  return { handedBack: count > 0 };
}
