import { z } from "zod";
import type { Config } from "../../core/config.js";
import { publicAddressAgent, type OutboundAgent } from "../../core/http/outbound-agent.js";
import { signatureHeader } from "../../core/http/signature.js";
import { refusedLiteralReason } from "../../core/input/public-address.js";
import { imageUrl, messageText } from "../../core/input/send-input.js";
import { contentRules, REST_CONTENT_NAMES } from "../../core/content/content-input.js";
import { contentOf, restRuleContentFields } from "./rich/rule-content.js";
import type { Said } from "./rich/answer-content.js";

// A rule's bot: the contact's message POSTed to the business's own address (an n8n Webhook node, a
// Typebot or Dify adapter, its own service), signed as webhooks are, and the bot's answer taken
// back within AUTOMATION_BOT_TIMEOUT_MS. A bot is asked once: a slow or failing one is not retried
// (the contact would get a late answer, or two), and the rule's own text stands in for it.

/** The most of a bot's answer read: a reply, not a document. */
const MAX_ANSWER_BYTES = 64 * 1024;

/** What the bot is told: the message and who sent it, as a message.received webhook names them. */
export interface BotQuestion {
  eventId: string;
  ruleId: number;
  accountId: number;
  from: string;
  inboundMessageId: bigint;
  kind: string;
  text: string | null;
  choiceId: string | null;
  firstMessage: boolean;
  receivedAt: Date;
}

/**
 * A reply as an object: POST /send's fields and rules, one content kind at most beside the text
 * (its body or caption); a reaction is no answer.
 */
const richReply = z
  .object({ message: messageText.nullish(), image_url: imageUrl.nullish(), ...restRuleContentFields, reaction: z.never().nullish() })
  .check(contentRules(REST_CONTENT_NAMES))
  .transform(
    (r): Said => ({
      message: r.message ?? "",
      imageUrl: r.image_url ?? null,
      content: contentOf({ media: r.media, location: r.location, contacts: r.contacts, interactive: r.interactive, whatsappTemplate: r.whatsapp_template }),
    }),
  );

const reply = z.union([messageText.transform((message): Said => ({ message, imageUrl: null, content: null })), richReply]);

/** A bot's answer: `reply` (a text, or an object as POST /send's body), `handover: true`, both, or neither (it stays silent). */
const botAnswer = z.looseObject({ reply: reply.nullish(), handover: z.boolean().nullish() });

export type BotResult = { ok: true; reply: Said | null; handover: boolean } | { ok: false; error: string };

/** The connection pool bots are called through: a webhook's address rule, the bot's timeout. */
export const createBotAgent = (config: Config) => publicAddressAgent({ timeoutMs: config.automation.botTimeoutMs, allowPrivateAddresses: config.webhooks.allowPrivateAddresses });

const bodyOf = (q: BotQuestion) =>
  JSON.stringify({
    id: q.eventId,
    type: "message.received",
    rule_id: q.ruleId,
    data: {
      inbound_message_id: String(q.inboundMessageId),
      account_id: q.accountId,
      from: q.from,
      type: q.kind,
      text: q.text,
      reply_id: q.choiceId,
      first_message: q.firstMessage,
      received_at: q.receivedAt.toISOString(),
    },
  });

/** Asks the bot at `url` once; never throws for the bot's sake. */
export async function askBot(agent: OutboundAgent, config: Config, bot: { url: string; secret: string }, q: BotQuestion, stop: AbortSignal): Promise<BotResult> {
  const url = new URL(bot.url);
  const refused = config.webhooks.allowPrivateAddresses ? undefined : refusedLiteralReason(url);
  if (refused) return { ok: false, error: `address not allowed: ${refused}` };
  const body = bodyOf(q);
  const timeout = AbortSignal.timeout(config.automation.botTimeoutMs);
  try {
    const answer = await agent.request(url, {
      method: "POST",
      signal: AbortSignal.any([timeout, stop]),
      headers: {
        "content-type": "application/json",
        "user-agent": "messaging-gateway-automation/1",
        "x-event-id": q.eventId,
        "x-signature": signatureHeader(bot.secret, body, Math.floor(Date.now() / 1000)),
      },
      body,
    });
    if (answer.statusCode < 200 || answer.statusCode >= 300) {
      await answer.body.dump({ limit: MAX_ANSWER_BYTES }).catch(() => undefined);
      return { ok: false, error: `HTTP ${answer.statusCode}` };
    }
    return readAnswer(await answer.body.text());
  } catch (err) {
    if (timeout.aborted) return { ok: false, error: `timeout after ${config.automation.botTimeoutMs} ms` };
    const code = (err as { code?: unknown }).code;
    return { ok: false, error: typeof code === "string" ? code : err instanceof Error ? err.message.slice(0, 200) : "failed" };
  }
}

/** An empty answer is silence; anything but JSON of the documented shape is a failure. */
function readAnswer(text: string): BotResult {
  if (text.length > MAX_ANSWER_BYTES) return { ok: false, error: "answer too long" };
  if (text.trim() === "") return { ok: true, reply: null, handover: false };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, error: "answer is not JSON" };
  }
  const parsed = botAnswer.safeParse(json);
  if (!parsed.success) return { ok: false, error: "answer is not of the documented shape" };
  return { ok: true, reply: parsed.data.reply ?? null, handover: parsed.data.handover === true };
}
