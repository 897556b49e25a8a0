import type { Message } from "../../generated/prisma/client.js";
import type { Principal } from "../../core/principal.js";
import type { ServiceDeps } from "../../core/deps.js";
import { ServiceError } from "../../core/errors.js";
import { monthlyLimitReached, noConnectedNumber, notUsableAccountError } from "./send-errors.js";
import { isFreeForm, kindOf, type RichContent } from "../../core/content/message-content.js";
import { SENDER_ATTEMPTS } from "../delivery/index.js";
import { senderFitsSql, acceptSingleMessage } from "../queue/index.js";
import { diagnoseNoSender, releaseQuota } from "../accounts/index.js";
import { inlineOwner } from "../../core/queue/owners.js";
import { keyTakenOver, type Claim } from "./idempotency.js";
import { fillTemplate, type Content } from "./content/content.js";
import { sendGroupsOf } from "./send-groups.js";
import { unfitError } from "./sender-rules.js";
import { currentTraceParent } from "../../core/runtime/trace-context.js";

// Accepting a single send that is delivered within its request: one statement takes the
// allowance and counts a sender that fits the message (its kind, the contact's window), or takes
// nothing; see accept-sql.ts. Text sends of a tenant whose numbers keep no window may share that
// statement with the other sends of the moment, of any tenant (send-groups.ts).

export interface InlineSend {
  accountId: number | null;
  to: string;
  text: string;
  rich: RichContent | null;
  variables: Record<string, string>;
  content: Content;
  now: Date;
  claim: Claim | undefined;
}

/** The accepted message (with its sender's version, when the statement read it), or an opted-out recipient. */
export type InlineOutcome = { message: Message; senderVersion?: number | undefined } | { optedOut: true };

/** What every accepting statement of this send is given: whose allowance, which period, who holds the message, whose trace. */
function acceptingAs(deps: ServiceDeps, principal: Principal, now: Date) {
  const { day, month } = deps.clock.period(now);
  return {
    tenantId: principal.tenantId,
    monthlyLimit: principal.plan.monthlyMessageLimit,
    day,
    month,
    lockOwner: inlineOwner(deps.instanceId),
    leaseSeconds: deps.config.worker.leaseSeconds,
    traceParent: currentTraceParent(),
  };
}

/** Accepts the send (held `sending` by the inline owner), or says the recipient opted out; throws when nothing can take it. */
export async function acceptInline(deps: ServiceDeps, principal: Principal, s: InlineSend): Promise<InlineOutcome> {
  const shared = acceptingAs(deps, principal, s.now);
  const { day, month, traceParent } = shared;
  // Grouping takes plain text (and image) only; an idempotency key is checked and linked in the accepting statement.
  if (!s.claim && deps.config.sendGroupMax > 1 && s.rich === null) {
    const grouped = await sendGroupsOf(deps).accept(
      { day, month, lockOwner: shared.lockOwner, leaseSeconds: shared.leaseSeconds, windowChannels: deps.channels.windowed(), defaultChannel: deps.channels.defaultName },
      {
        tenantId: shared.tenantId,
        monthlyLimit: shared.monthlyLimit,
        accountId: s.accountId,
        to: s.to,
        text: s.text,
        imageUrl: s.content.imageUrl,
        templateId: s.content.templateId,
        now: s.now,
        traceParent,
      },
    );
    if ("message" in grouped || "optedOut" in grouped) return grouped;
  }
  let send = s;
  for (let attempt = 1; ; attempt++) {
    const kind = kindOf(send.rich);
    const fit = senderFitsSql(deps.channels, { kind, freeForm: isFreeForm(send.rich), to: send.to, at: send.now });
    const accepted = await acceptSingleMessage(deps.db, {
      ...shared,
      accountId: send.accountId,
      to: send.to,
      text: send.text,
      imageUrl: send.rich === null ? send.content.imageUrl : null,
      templateId: send.content.templateId,
      content: send.rich,
      fit,
      now: send.now,
      claim: send.claim,
    });
    if (!accepted.claimHeld) throw keyTakenOver();
    if (accepted.optedOut) return { optedOut: true };
    if (accepted.unfit) {
      const error = await unfitError(deps, principal.tenantId, send.accountId, kind, send.to);
      const fallback = send.content.fallback;
      if (error.code !== "OUTSIDE_CUSTOMER_WINDOW" || !fallback || send.rich?.kind === "template") throw error;
      // The window is closed on every number that could send it: the fallback template goes instead.
      send = { ...send, text: "", rich: fillTemplate(fallback.content, send.variables, new Set()), accountId: send.accountId ?? fallback.accountId };
      continue;
    }
    if (!accepted.quotaTaken) throw monthlyLimitReached("");
    if (accepted.message) return { message: accepted.message };
    await releaseQuota(deps.db, principal.tenantId, month);
    await noSenderWithRoom(deps, principal.tenantId, send.accountId, attempt);
  }
}

/** The allowance was taken but no fitting sender had room: says why, or returns to try again. */
async function noSenderWithRoom(deps: ServiceDeps, tenantId: number, accountId: number | null, attempt: number): Promise<void> {
  const problem = await diagnoseNoSender(deps.db, tenantId, accountId);
  if (problem === "NO_CONNECTED_NUMBER") throw noConnectedNumber();
  if (problem === "ACCOUNT_PAUSED" && accountId === null) throw noConnectedNumber("Every number of yours is paused or restricted for now; GET /accounts shows why and until when.");
  if ((problem === "ACCOUNT_NOT_USABLE" || problem === "ACCOUNT_PAUSED") && accountId !== null) throw await notUsableAccountError(deps, tenantId, accountId);
  if (accountId !== null || attempt >= SENDER_ATTEMPTS) {
    throw new ServiceError(
      "ACCOUNT_LIMIT_REACHED",
      accountId !== null ? "The chosen number has reached its daily or monthly limit." : "Every connected number has reached its daily or monthly limit.",
    );
  }
}
