import type http from "node:http";
import { randomUUID } from "node:crypto";
import { HeldAnswers, listenLocally } from "./stand-in.js";

// A stand-in for a Typebot viewer serving one published bot through Typebot's chat API, built from
// its published reference (baptisteArno/typebot.io at commit 830ba7139bc1, 2026-08-22:
// apps/docs/openapi/viewer.json "Chat API" 3.0.0, packages/chat-api/src/schemas.ts, and the
// handlers packages/bot-engine/src/api/handleStartChat.ts and handleContinueChat.ts):
// - POST /api/v1/typebots/{publicId}/startChat {message?, prefilledVariables?,
//   textBubbleContentFormat} answers {sessionId, resultId, typebot, messages, input?, logs}; the
//   message answers the first input only when the flow starts with one (no bubbles before it);
// - POST /api/v1/sessions/{sessionId}/continueChat {message, textBubbleContentFormat} answers
//   {messages, input?, logs}; a message is a string or {type: "text", text, metadata?: {replyId}};
// - a text bubble is {id, type: "text", content: {type: "markdown", markdown}} when markdown was
//   asked for, else rich text; an image bubble {id, type: "image", content: {url}}; a choice input
//   {id, type: "choice input", items: [{id, content, outgoingEdgeId}]}, answered by the item's id
//   as metadata.replyId, its id or its content as text; anything else gets the default retry
//   message "Invalid message. Please, try again." and the same input;
// - a flow that reaches its end (no input) has its session deleted: continueChat then answers 404
//   {"defined":false,"code":"NOT_FOUND","status":404,"message":"Session not found."}; an expired
//   session answers 404 with "Session expired. You need to start a new session.".
// Awkward behaviour: `hold()` keeps answers back until released (a Typebot slower than its caller
// waits), mode "error" answers 500 as oRPC reports an internal error, mode "garbage" answers a
// page that is not a chat answer, and `expire()` makes every session known so far expired.

export type TypebotBubble = { text: string } | { image: string };
export type TypebotInput = { choice: Array<{ id: string; content: string }> } | { text: true };
/** One group of the flow: its bubbles (given the answers so far), then what it waits for; no input: the flow ends there. */
export interface TypebotStep {
  bubbles: (answers: string[]) => TypebotBubble[];
  input?: TypebotInput;
}
export type TypebotMode = "answer" | "error" | "garbage";

export interface TypebotCall {
  path: string;
  body: any;
}

interface Session {
  at: number;
  answers: string[];
  expired: boolean;
}

const json = (res: http.ServerResponse, status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
const notFound = (message: string) => ({ defined: false, code: "NOT_FOUND", status: 404, message });

function bubblesOf(step: TypebotStep, answers: string[], format: string) {
  return step.bubbles(answers).map((b) => {
    const id = randomUUID();
    if ("image" in b) return { id, type: "image", content: { url: b.image } };
    const content = format === "markdown" ? { type: "markdown", markdown: b.text } : { type: "richText", richText: [{ type: "p", children: [{ text: b.text }] }] };
    return { id, type: "text", content };
  });
}

function inputOf(step: TypebotStep) {
  if (!step.input) return undefined;
  if ("choice" in step.input)
    return { id: `choice-${step.input.choice.length}`, type: "choice input", items: step.input.choice.map((c) => ({ ...c, outgoingEdgeId: `edge-${c.id}` })) };
  return { id: "text-1", type: "text input", options: { labels: { placeholder: "Type your answer...", button: "Send" } } };
}

/** The answer a message gives to an input, or null when the input does not take it (parseSingleChoiceReply's matching). */
function answerTo(input: TypebotInput, message: any): string | null {
  const m = typeof message === "string" ? { type: "text", text: message } : message;
  if (m?.type !== "text" || typeof m.text !== "string") return null;
  if ("text" in input) return m.text;
  const item = input.choice.find((c) => c.id === m.metadata?.replyId || c.id === m.text || c.content.trim() === m.text.trim());
  return item ? item.content : null;
}

export async function startTypebot(o: { publicId: string; flow: TypebotStep[] }) {
  const state = { mode: "answer" as TypebotMode };
  const sessions = new Map<string, Session>();
  const calls: TypebotCall[] = [];
  const held = new HeldAnswers();

  /** The step the session is at, shown; a step without input ends the flow and its session. */
  const show = (id: string, s: Session, format: string) => {
    const step = o.flow[s.at]!;
    if (!step.input) sessions.delete(id);
    return { messages: bubblesOf(step, s.answers, format), input: inputOf(step), logs: [] };
  };

  const continueWith = (id: string, s: Session, message: unknown, format: string) => {
    const answer = answerTo(o.flow[s.at]!.input!, message);
    if (answer === null) {
      return {
        messages: [{ id: randomUUID(), type: "text", content: { type: "markdown", markdown: "Invalid message. Please, try again." } }],
        input: inputOf(o.flow[s.at]!),
        logs: [],
      };
    }
    s.answers.push(answer);
    s.at += 1;
    return show(id, s, format);
  };

  function chat(path: string, body: any): [number, unknown] {
    const format = body.textBubbleContentFormat ?? "richText";
    if (path === `/api/v1/typebots/${o.publicId}/startChat`) {
      const id = randomUUID();
      const s: Session = { at: 0, answers: [], expired: false };
      sessions.set(id, s);
      const first = o.flow[0]!;
      const startsWithInput = first.bubbles([]).length === 0 && first.input !== undefined;
      const step = body.message !== undefined && startsWithInput ? continueWith(id, s, body.message, format) : show(id, s, format);
      const typebot = { id: `tb-${o.publicId}`, version: "6", theme: {}, settings: { general: {}, typingEmulation: {} } };
      return [200, { sessionId: id, resultId: `result-${id}`, typebot, ...step }];
    }
    const continued = /^\/api\/v1\/sessions\/([^/]+)\/continueChat$/.exec(path);
    if (!continued) return [404, notFound("Not Found")];
    const id = decodeURIComponent(continued[1]!);
    const s = sessions.get(id);
    if (!s) return [404, notFound("Session not found.")];
    if (s.expired) return [404, notFound("Session expired. You need to start a new session.")];
    return [200, continueWith(id, s, body.message, format)];
  }

  const server = await listenLocally((req, res) => {
    let raw = "";
    req.on("data", (d: Buffer) => (raw += d.toString()));
    req.on("end", () => {
      if (req.method !== "POST") return void res.writeHead(405).end();
      const body = JSON.parse(raw || "{}");
      calls.push({ path: req.url ?? "", body });
      held.after(() => {
        if (state.mode === "error") return json(res, 500, { defined: false, code: "INTERNAL_SERVER_ERROR", status: 500, message: "Internal server error" });
        if (state.mode === "garbage") return void res.writeHead(200, { "content-type": "text/html" }).end("<html><body>Typebot</body></html>");
        const [status, answer] = chat(req.url ?? "", body);
        json(res, status, answer);
      });
    });
  });
  return {
    url: `${server.origin}/api/v1/typebots/${o.publicId}/startChat`,
    calls,
    state,
    /** The sessions Typebot holds now (a flow that ended has none). */
    sessions,
    /** Every session known so far expires, as one past its expiry timeout. */
    expire: () => sessions.forEach((s) => (s.expired = true)),
    /** Answers wait until the returned function is called. */
    hold: () => held.hold(),
    close: server.close,
  };
}
