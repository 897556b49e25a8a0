import type { DeliveryResult } from "./channel.js";

// What the HTTP drivers share: one JSON POST under a timeout, and the failures that do not depend
// on the provider (no answer, no connection).

export interface JsonAnswer {
  status: number;
  headers: Headers;
  body: unknown;
}

export type PostResult = { answer: JsonAnswer } | { failure: Extract<DeliveryResult, { ok: false }> };

export async function postJson(url: string, headers: Record<string, string>, body: unknown, timeoutMs: number): Promise<PostResult> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    const timedOut = err instanceof DOMException && (err.name === "TimeoutError" || err.name === "AbortError");
    return { failure: { ok: false, error: timedOut ? "timeout" : "network_error", permanent: false, providerCode: timedOut ? "TIMEOUT" : "NETWORK" } };
  }
  let text = "";
  try {
    text = await response.text();
  } catch {
    // a body cut short reads as empty
  }
  let parsed: unknown = undefined;
  try {
    parsed = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    parsed = text;
  }
  return { answer: { status: response.status, headers: response.headers, body: parsed } };
}

/** Retry-After in seconds (the only form providers use here), as milliseconds. */
export function retryAfterMs(headers: Headers): number | undefined {
  const seconds = Number(headers.get("retry-after"));
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined;
}
