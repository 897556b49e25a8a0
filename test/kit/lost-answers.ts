import type http from "node:http";

// "Accept, then lose the answer": a stand-in has done what a request asked (taken the message,
// stored the post) and its answer never reaches the caller, as a provider's can be lost on the
// way back. No provider the gateway uses takes an idempotency key for a send: Meta's request for
// `POST /{phone-number-id}/messages` has messaging_product, recipient_type, to, type and the
// content (developers.facebook.com/documentation/business-messaging/whatsapp/messages/text-messages),
// WAHA's `POST /api/sendText` has session, chatId, text, reply_to, linkPreview and mentions
// (waha.devlike.pro/docs/how-to/send-messages/), and neither names a key header. So the caller can
// only try again: docs/design.md, "Delivery promise", says what the gateway promises then.

/** "drop": the connection is reset once the work is done; "stall": no answer ever (the caller's timeout ends it). */
export type LostAnswer = "drop" | "stall";

/** Loses the answer to a request the stand-in has already acted on. */
export function loseAnswer(how: LostAnswer, req: http.IncomingMessage): void {
  if (how === "drop") req.socket.resetAndDestroy();
  // "stall": the socket stays open and silent; the stand-in's close() ends it.
}

/**
 * The requests whose answers a stand-in loses: each entry is taken by the first request (after the
 * stand-in acted on it) whose method and path match.
 */
export class LostAnswers {
  private readonly pending: Array<{ method: string; path: RegExp; how: LostAnswer }> = [];
  /** Requests whose answer was lost so far, in order. */
  readonly lost: Array<{ method: string; path: string; how: LostAnswer }> = [];

  /** The next `count` requests of `method` to a path matching `path` are acted on and their answers lost. */
  add(method: string, path: RegExp, how: LostAnswer, count = 1): void {
    for (let i = 0; i < count; i++) this.pending.push({ method, path, how });
  }

  /** Whether this request's answer is to be lost (then lost: the caller must not answer it). */
  take(req: http.IncomingMessage): boolean {
    const path = req.url ?? "/";
    const at = this.pending.findIndex((p) => p.method === req.method && p.path.test(path));
    if (at < 0) return false;
    const { how } = this.pending.splice(at, 1)[0]!;
    this.lost.push({ method: req.method ?? "", path, how });
    loseAnswer(how, req);
    return true;
  }
}

/**
 * Rails' way with a caller that gave up: the request is worked on only once the caller has closed
 * its connection (its timeout), and the work is kept though no one hears the answer.
 */
export function workAfterCallerGone(res: http.ServerResponse, work: () => Promise<unknown>): void {
  res.once("close", () => void work().catch(() => undefined));
}
