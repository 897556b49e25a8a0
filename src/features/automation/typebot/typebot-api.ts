import { z } from "zod";
import type { Config } from "../../../core/config.js";
import type { OutboundAgent } from "../../../core/http/outbound-agent.js";
import { refusedLiteralReason } from "../../../core/input/public-address.js";

// Typebot's chat API, as its viewer publishes it (typebot.io's apps/docs/openapi/viewer.json,
// "Chat API" 3.0.0, and the zod schemas of packages/chat-api/src/schemas.ts; read at commit
// 830ba7139bc1, 2026-08-22):
// - POST <viewer>/api/v1/typebots/{publicId}/startChat {message?, prefilledVariables?,
//   textBubbleContentFormat} answers {sessionId, messages, input?, clientSideActions?, logs?, …};
// - POST <viewer>/api/v1/sessions/{sessionId}/continueChat {message, textBubbleContentFormat}
//   answers the same without sessionId.
// A published bot's startChat needs no token. A message is {type: "text", text, metadata?:
// {replyId}}: a choice input takes the chosen item's id as replyId (or its text). A session whose
// flow ended is deleted by Typebot, and one past its expiry refused: continueChat answers 404
// (NOT_FOUND, "Session not found." / "Session expired. You need to start a new session.").

/** Where a published bot is started: the viewer's address (with any path it is served under) and the bot's public id. */
const START_PATH = /^(.*)\/api\/v1\/typebots\/([^/]+)\/startChat$/;

/** Why `url` is not a Typebot's startChat address; null when it is one. */
export function typebotAddressProblem(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "must be an absolute http(s) URL";
  }
  if (parsed.search || parsed.hash || !START_PATH.test(parsed.pathname)) {
    return "a Typebot's address is its startChat URL, https://<your typebot>/api/v1/typebots/<public id>/startChat";
  }
  return null;
}

/** continueChat for a session of the bot started at `startUrl`: the same viewer. */
function continueUrl(startUrl: string, sessionId: string): URL {
  const start = new URL(startUrl);
  const base = START_PATH.exec(start.pathname)?.[1] ?? "";
  return new URL(`${base}/api/v1/sessions/${encodeURIComponent(sessionId)}/continueChat`, start.origin);
}

/** The most of an answer read: a chat step with its bubbles, not a document (startChat also carries the bot's theme). */
const MAX_ANSWER_BYTES = 512 * 1024;

const bubble = z.looseObject({ type: z.string(), content: z.unknown().optional() });
const chatAnswer = z.looseObject({
  messages: z.array(bubble),
  input: z.looseObject({ type: z.string(), items: z.array(z.unknown()).optional(), options: z.unknown().optional() }).nullish(),
  clientSideActions: z.array(z.looseObject({ expectsDedicatedReply: z.boolean().optional() })).nullish(),
  logs: z.array(z.looseObject({ status: z.string().optional(), description: z.string() })).nullish(),
});
const startAnswer = chatAnswer.extend({ sessionId: z.string().min(1).max(256) });

export type ChatAnswer = z.output<typeof chatAnswer>;

/** What the contact says to Typebot: their words, and the id of the choice they tapped. */
export interface TypebotMessage {
  type: "text";
  text: string;
  metadata?: { replyId: string };
}

export type ChatResult = { ok: true; answer: ChatAnswer; sessionId: string } | { ok: false; gone: boolean; error: string };

export interface TypebotCall {
  agent: OutboundAgent;
  config: Config;
  /** Ends the call: the turn's deadline, or the loop stopping. */
  signal: AbortSignal;
  /** True once the turn's deadline passed. */
  late: () => boolean;
}

async function post(c: TypebotCall, url: URL, body: unknown): Promise<{ status: number; text: string } | { error: string }> {
  const refused = c.config.webhooks.allowPrivateAddresses ? undefined : refusedLiteralReason(url);
  if (refused) return { error: `address not allowed: ${refused}` };
  try {
    const answer = await c.agent.request(url, {
      method: "POST",
      signal: c.signal,
      headers: { "content-type": "application/json", accept: "application/json", "user-agent": "messaging-gateway-automation/1" },
      body: JSON.stringify(body),
    });
    const text = await answer.body.text();
    return { status: answer.statusCode, text };
  } catch (err) {
    if (c.late()) return { error: `timeout after ${c.config.automation.botTimeoutMs} ms` };
    const code = (err as { code?: unknown }).code;
    return { error: typeof code === "string" ? code : err instanceof Error ? err.message.slice(0, 200) : "failed" };
  }
}

function read<T>(schema: z.ZodType<T>, text: string): T | string {
  if (text.length > MAX_ANSWER_BYTES) return "answer too long";
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return "answer is not JSON";
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? parsed.data : "answer is not a chat answer of Typebot's shape";
}

/** Starts a chat with the published bot at `startUrl`. */
export async function startChat(c: TypebotCall, startUrl: string, message: TypebotMessage | null, prefilledVariables: Record<string, string>): Promise<ChatResult> {
  const body = { ...(message ? { message } : {}), prefilledVariables, textBubbleContentFormat: "markdown" };
  const answered = await post(c, new URL(startUrl), body);
  if ("error" in answered) return { ok: false, gone: false, error: answered.error };
  if (answered.status !== 200) return { ok: false, gone: false, error: `startChat: HTTP ${answered.status}` };
  const answer = read(startAnswer, answered.text);
  return typeof answer === "string" ? { ok: false, gone: false, error: answer } : { ok: true, answer, sessionId: answer.sessionId };
}

/** Continues a session; `gone` when Typebot no longer knows it (its flow ended, or it expired). */
export async function continueChat(c: TypebotCall, startUrl: string, sessionId: string, message: TypebotMessage): Promise<ChatResult> {
  const answered = await post(c, continueUrl(startUrl, sessionId), { message, textBubbleContentFormat: "markdown" });
  if ("error" in answered) return { ok: false, gone: false, error: answered.error };
  if (answered.status === 404) return { ok: false, gone: true, error: "continueChat: session not found or expired" };
  if (answered.status !== 200) return { ok: false, gone: false, error: `continueChat: HTTP ${answered.status}` };
  const answer = read(chatAnswer, answered.text);
  return typeof answer === "string" ? { ok: false, gone: false, error: answer } : { ok: true, answer, sessionId };
}

/** The flow goes on after this answer: it waits for an input, or for a reply to an action of its own. */
export const flowGoesOn = (answer: ChatAnswer) => Boolean(answer.input) || (answer.clientSideActions ?? []).some((a) => a.expectsDedicatedReply === true);
