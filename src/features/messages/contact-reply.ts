import type { Message } from "../../generated/prisma/client.js";
import type { ServiceDeps } from "../../core/deps.js";
import type { RichContent } from "../../core/content/message-content.js";
import { statusEvent } from "../../core/live/events.js";
import { acceptQueuedMessages } from "../queue/index.js";
import { validForMs } from "./schedule.js";
import { currentTraceParent } from "../../core/runtime/trace-context.js";

// A message the gateway itself queues to a contact who just wrote, from the number they wrote to:
// the opt-out's confirmation, an automation rule's answer. Queued `high`, charged against the
// allowance like any message, and told to the worker at once.

export interface ContactReply {
  tenantId: number;
  accountId: number;
  phone: string;
  text: string;
  imageUrl?: string | null;
  /** A rich kind (buttons, a list, media, a template…), checked by the caller as a send's is; the text is its body or caption. */
  content?: RichContent | null;
  /** The opt-out's confirmation: the one message an opted-out contact may still get. */
  consentNotice?: boolean;
  automationRuleId?: number;
}

/** Queues the reply; null when the tenant's monthly allowance is used up (nothing is stored). */
export async function queueContactReply(deps: ServiceDeps, r: ContactReply): Promise<Message | null> {
  const now = deps.clock.now();
  const tenant = await deps.db.tenant.findUniqueOrThrow({ where: { id: r.tenantId }, select: { plan: { select: { monthlyMessageLimit: true } } } });
  const accepted = await acceptQueuedMessages(deps.db, {
    tenantId: r.tenantId,
    monthlyLimit: tenant.plan.monthlyMessageLimit,
    accountId: r.accountId,
    numbers: [r.phone],
    texts: [r.text],
    batchText: r.text,
    contents: [r.content ?? null],
    imageUrl: r.imageUrl ?? null,
    templateId: null,
    priority: "high",
    batch: false,
    sendAt: null,
    expiresAt: new Date(now.getTime() + validForMs(deps, {})),
    ...deps.clock.period(now),
    now,
    consentNotice: r.consentNotice ?? false,
    automationRuleId: r.automationRuleId ?? null,
    traceParent: currentTraceParent(),
  });
  const message = accepted.accepted?.messages[0];
  if (!message) return null;
  deps.events.publish([statusEvent(message)]);
  deps.wakeWorker();
  return message;
}
