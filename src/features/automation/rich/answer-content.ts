import type { ServiceDeps } from "../../../core/deps.js";
import { ServiceError } from "../../../core/errors.js";
import { refuseInwardLink } from "../../../core/input/public-address.js";
import type { RichContent } from "../../../core/content/message-content.js";
import { resolveRuleContent, storedRuleContent, unfitNumber, type RuleContent } from "./rule-content.js";

// An answer (a rule's own, or its bot's) made ready to queue from the number the contact wrote to:
// its content kind turned into what a message carries and checked as a send's is when it is
// accepted (links leading to public addresses, a template message against its registration), and
// a kind that number's channel carries. An answer that cannot go is not queued, so nothing is
// charged; the caller records why.

/** What an answer says, as given: its text (the body or caption of a content kind), image and content kind. */
export interface Said {
  message: string;
  imageUrl: string | null;
  content: RuleContent | null;
}

/** An answer as queueContactReply takes it. */
export interface Ready {
  message: string;
  imageUrl: string | null;
  content: RichContent | null;
}

/** A rule's own answer: its text, image and content kind; null when it has none of them (a handover or a bot's rule may say nothing). */
export function ruleSaid(rule: { text: string | null; imageUrl: string | null; content: unknown }): Said | null {
  const content = storedRuleContent(rule.content);
  return rule.text !== null || rule.imageUrl !== null || content !== null ? { message: rule.text ?? "", imageUrl: rule.imageUrl, content } : null;
}

/** The problems of a refused check in one line: `field: problem`. */
const problemOf = (err: ServiceError) => (err.fields ? Object.entries(err.fields).map(([field, problem]) => `${field}: ${problem}`) : [err.message]).join("; ");

/** The answer ready to queue from `w.accountId` to `w`'s contact, or why it cannot go from there. */
export async function readyAnswer(deps: ServiceDeps, w: { tenantId: number; accountId: number }, said: Said): Promise<{ ready: Ready } | { problem: string }> {
  try {
    if (said.imageUrl) await refuseInwardLink(said.imageUrl, "image_url", deps.config.channel.mediaAllowPrivateAddresses);
    if (!said.content) return { ready: { ...said, content: null } };
    const resolved = await resolveRuleContent(deps, w.tenantId, said.content);
    const account = await deps.db.account.findUnique({ where: { id: w.accountId }, select: { id: true, channel: true } });
    const unfit = account ? unfitNumber(deps, account, resolved) : `number ${w.accountId} is gone`;
    return unfit ? { problem: unfit } : { ready: { message: said.message, imageUrl: said.imageUrl, content: resolved.content } };
  } catch (err) {
    if (err instanceof ServiceError) return { problem: problemOf(err) };
    throw err;
  }
}
