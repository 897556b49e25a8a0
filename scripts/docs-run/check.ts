import { match, parseExpected } from "./answer.js";
import type { Answer } from "./markdown.js";
import type { Result } from "./shell.js";

// Whether a command's answer is the one its guide shows: its exit code, the HTTP status of the
// last request it made, the error code, and the JSON's shape.

/** A request that only reads (curl with no body and no other method), which a reader may simply ask again. */
export function isRead(command: string): boolean {
  return /\bcurl\b/.test(command) && !/\s(-X|--request|-d|--data\S*|-F|--form|-T)\b/.test(command);
}

/** `npm start`, with the settings written before it. */
export function startLine(command: string): string | undefined {
  const code = command.replace(/\s#.*$/s, "").trim();
  const m = /^((?:[A-Z_][A-Z0-9_]*=\S+\s+)*)npm start$/.exec(code);
  return m ? m[1]!.trim() : undefined;
}

/** The answer's JSON: the whole output, without the status line and headers `curl -i` prints, or its last line. */
function answerJson(stdout: string): unknown {
  let text = stdout.trim();
  if (/^HTTP\/[\d.]+ \d{3}/.test(text)) text = text.slice(text.search(/\r?\n\r?\n/) + 1).trim();
  for (const candidate of [text, text.split("\n").at(-1) ?? ""]) {
    try {
      return JSON.parse(candidate);
    } catch {
      // Try the next.
    }
  }
  return undefined;
}

function statusProblem(answer: Answer | undefined, status: number | undefined, expectedBody: unknown): string | undefined {
  if (status === undefined) return undefined;
  if (answer?.status !== undefined) return status === answer.status ? undefined : `HTTP ${status}, the guide shows ${answer.status}`;
  const refusal = typeof expectedBody === "object" && expectedBody !== null && (expectedBody as { success?: unknown }).success === false;
  if (refusal) return status >= 400 ? undefined : `HTTP ${status}, the guide shows a refusal`;
  return status >= 200 && status < 300 ? undefined : `HTTP ${status}`;
}

/** What is wrong with a command's result, or undefined when it is what the guide shows. */
export function problem(answer: Answer | undefined, r: Result): string | undefined {
  if (r.timedOut) return "no answer within the time allowed";
  if (r.rc !== 0) return `exited ${r.rc}`;
  const expected = answer?.body !== undefined ? parseExpected(answer.body) : undefined;
  const byStatus = statusProblem(answer, r.statuses.at(-1), expected);
  if (byStatus) return byStatus;
  const actual = answerJson(r.stdout);
  if (answer?.code !== undefined) {
    const code = (actual as { error?: { code?: unknown } } | undefined)?.error?.code;
    if (code !== answer.code) return `error code ${JSON.stringify(code)}, the guide shows ${answer.code}`;
  }
  if (expected === undefined) return undefined;
  if (actual === undefined) return "the answer is not JSON";
  return match(expected, actual);
}
