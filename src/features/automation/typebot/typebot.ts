import type { Message } from "../../../generated/prisma/client.js";
import type { ServiceDeps } from "../../../core/deps.js";
import type { OutboundAgent } from "../../../core/http/outbound-agent.js";
import { refuseInwardLink } from "../../../core/input/public-address.js";
import { queueContactReply } from "../../messages/index.js";
import { continueChat, flowGoesOn, startChat, type ChatAnswer, type TypebotMessage } from "./typebot-api.js";
import { imagesOf, MAX_REPLIES, numberedChoice, repliesOf, type Choice, type TypebotReply } from "./typebot-replies.js";
import { endSession, keepSession, readSession, ruleInConversation } from "./session-sql.js";
import { numberCarries } from "../rich/rule-content.js";

// A rule whose bot is a Typebot (bot_kind typebot): one turn of the contact's conversation with
// it. The contact's first message starts a chat with the published bot, the next ones continue
// that session; a session Typebot no longer knows (its flow ended, or it expired) is started
// again, once. The whole turn has AUTOMATION_BOT_TIMEOUT_MS: a Typebot that is late, errs or
// answers something else fails the turn as a webhook bot fails (the rule's own text stands in,
// answering.ts). docs/automation.md, "With Typebot", says it for businesses.

/** A conversation left quiet this long is over: the contact's next message starts the flow again (Typebot's own WhatsApp integration's default). */
export const SESSION_HOURS = 4;

export interface TypebotQuestion {
  tenantId: number;
  accountId: number;
  phone: string;
  ruleId: number;
  /** The rule's startChat address. */
  botUrl: string;
  /** The contact's words; null for a message without any (a sticker, a location). */
  text: string | null;
  /** The id of the button or list row the contact tapped. */
  choiceId: string | null;
}

export type TypebotTurn = { ok: true; replies: TypebotReply[] } | { ok: false; error: string };

export interface TypebotLine {
  deps: ServiceDeps;
  agent: OutboundAgent;
  /** The answering loop stopping. */
  stop: AbortSignal;
}

/** What the contact says to the flow: a tapped choice by its id, a typed number by the choice it names, else their words. */
function messageOf(q: TypebotQuestion, offered: Choice[] | null): TypebotMessage | null {
  if (q.choiceId) return { type: "text", text: q.text ?? q.choiceId, metadata: { replyId: q.choiceId } };
  const picked = numberedChoice(q.text, offered);
  if (picked) return { type: "text", text: picked.title, metadata: { replyId: picked.id } };
  return q.text?.trim() ? { type: "text", text: q.text } : null;
}

/** The images of the step that may be sent: one leading inside the operator's network is not (the provider would fetch it). */
async function sendableImages(deps: ServiceDeps, answer: ChatAnswer): Promise<Set<string>> {
  const allow = deps.config.channel.mediaAllowPrivateAddresses;
  const links = [...new Set(imagesOf(answer))];
  const kept = await Promise.all(
    links.map((link) =>
      refuseInwardLink(link, "image", allow).then(
        () => true,
        () => false,
      ),
    ),
  );
  return new Set(links.filter((_, i) => kept[i]));
}

function logAnswer(deps: ServiceDeps, q: TypebotQuestion, answer: ChatAnswer, cut: boolean): void {
  for (const l of answer.logs ?? []) {
    if (l.status === "error") deps.log.warn({ tenantId: q.tenantId, ruleId: q.ruleId, description: l.description.slice(0, 500) }, "a rule's Typebot logged an error");
  }
  if (cut) deps.log.warn({ tenantId: q.tenantId, ruleId: q.ruleId }, `a rule's Typebot answered more than ${MAX_REPLIES} messages at once; the rest are not sent`);
}

/** One turn of the contact's conversation with the rule's Typebot; never throws for Typebot's sake. */
export async function askTypebot(line: TypebotLine, q: TypebotQuestion): Promise<TypebotTurn> {
  const { deps } = line;
  const now = deps.clock.now();
  const timeout = AbortSignal.timeout(deps.config.automation.botTimeoutMs);
  const call = { agent: line.agent, config: deps.config, signal: AbortSignal.any([timeout, line.stop]), late: () => timeout.aborted };
  const stored = await readSession(deps.db, { ...q, now });
  // A session begun with another bot (the rule's address changed since) is not this bot's.
  const session = stored?.botUrl === q.botUrl ? stored : null;
  const message = messageOf(q, session?.choices ?? null);
  if (session && !message) return { ok: true, replies: [] };
  let result = session && message ? await continueChat(call, q.botUrl, session.sessionId, message) : null;
  if (!result || (!result.ok && result.gone)) result = await startChat(call, q.botUrl, message, { phone: q.phone });
  if (!result.ok) return { ok: false, error: result.error };
  const images = await sendableImages(deps, result.answer);
  const rendered = repliesOf(result.answer, { interactive: await numberCarries(deps, q.accountId, "interactive"), sendable: (image) => images.has(image) });
  logAnswer(deps, q, result.answer, rendered.replies.length > MAX_REPLIES);
  if (flowGoesOn(result.answer)) {
    const expiresAt = new Date(now.getTime() + SESSION_HOURS * 3_600_000);
    await keepSession(deps.db, { ...q, sessionId: result.sessionId, choices: rendered.numbered, now, expiresAt });
  } else {
    await endSession(deps.db, q);
  }
  return { ok: true, replies: rendered.replies.slice(0, MAX_REPLIES) };
}

/**
 * Queues a Typebot's replies to the contact in its order; answers the first one's message, or
 * null when the allowance refused it (then none is queued). A later one refused ends the rest.
 */
export async function queueReplies(
  deps: ServiceDeps,
  to: { tenantId: number; accountId: number; phone: string; automationRuleId: number },
  replies: TypebotReply[],
): Promise<Message | null> {
  let first: Message | null = null;
  for (const r of replies) {
    const queued = await queueContactReply(deps, { ...to, text: r.text, imageUrl: r.imageUrl, content: r.content });
    if (!queued) {
      if (first) deps.log.warn({ tenantId: to.tenantId, ruleId: to.automationRuleId }, "the rest of a Typebot's answer is not sent: the monthly allowance is used up");
      break;
    }
    first ??= queued;
  }
  return first;
}

/**
 * The Typebot rule the contact is in a conversation with, when it may go on: while a flow waits
 * for the contact, their messages are its, whatever the other rules' triggers say. Only an
 * enabled Typebot rule that answers on the number they wrote to holds them.
 */
export async function ruleHoldingContact<R extends { id: number; action: string; botKind: string; accountIds: number[] }>(
  deps: ServiceDeps,
  w: { tenantId: number; accountId: number; phone: string },
  enabled: ReadonlyMap<number, R>,
  now: Date,
): Promise<R | null> {
  const id = await ruleInConversation(deps.db, w.tenantId, w.phone, now);
  const rule = id === null ? undefined : enabled.get(id);
  if (!rule || rule.action !== "bot" || rule.botKind !== "typebot") return null;
  return rule.accountIds.length === 0 || rule.accountIds.includes(w.accountId) ? rule : null;
}
