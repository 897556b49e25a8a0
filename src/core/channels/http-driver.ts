import type { DeliveryResult } from "./channel.js";

// What the HTTP drivers share: one JSON request (a POST, or WAHA's PUT for reactions) under a
// timeout, and the failures that do not depend on the provider (no answer, no connection).

export interface JsonAnswer {
  status: number;
  headers: Headers;
  /** Parsed JSON; the raw text when it is not JSON; undefined when empty or unreadable. */
  body: unknown;
}

export type Failure = Extract<DeliveryResult, { ok: false }>;
export type PostResult = { answer: JsonAnswer } | { failure: Failure };

/**
 * Sends JSON (POST unless `method` says PUT) and reads the answer, all under one `timeoutMs`. Once
 * a status line has arrived the provider has decided: a body that then stalls or breaks off reads
 * as empty rather than as a timeout, because retrying a message the provider accepted would send it twice.
 */
export async function postJson(url: string, headers: Record<string, string>, body: unknown, timeoutMs: number, method: "POST" | "PUT" = "POST"): Promise<PostResult> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: { "content-type": "application/json", accept: "application/json", ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
      // Following a redirect could turn the request into a GET and lose the message.
      redirect: "manual",
    });
  } catch (err) {
    return { failure: transportFailure(err) };
  }
  let text = "";
  try {
    text = await response.text();
  } catch {
    // cut short or stalled: see above
  }
  let parsed: unknown = undefined;
  try {
    parsed = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    parsed = text;
  }
  return { answer: { status: response.status, headers: response.headers, body: parsed } };
}

/**
 * Socket errors that come before a connection exists: the request cannot have reached the
 * provider. Any other failure after the request started may have lost an answer the provider gave.
 */
const NEVER_CONNECTED = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "UND_ERR_CONNECT_TIMEOUT"]);

function transportFailure(err: unknown): Failure {
  if (err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError")) {
    return { ok: false, error: "timeout", permanent: false, providerCode: "TIMEOUT", answerLost: true };
  }
  // undici reports the socket's error (ECONNREFUSED, ECONNRESET, ENOTFOUND…) as the cause of "fetch failed".
  const cause = err instanceof Error ? (err.cause as { code?: unknown } | undefined) : undefined;
  const code = typeof cause?.code === "string" ? cause.code : "NETWORK";
  return { ok: false, error: "network_error", permanent: false, providerCode: code, ...(NEVER_CONNECTED.has(code) ? {} : { answerLost: true }) };
}

/** Retry-After as milliseconds, in either of its forms (seconds, or an HTTP date). */
export function retryAfterMs(headers: Headers): number | undefined {
  const value = headers.get("retry-after")?.trim();
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds >= 0 ? Math.round(seconds * 1000) : undefined;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}
