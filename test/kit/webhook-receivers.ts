import http from "node:http";
import type { AddressInfo } from "node:net";

// Receivers of the gateway's outbound webhooks that behave as real ones do on a bad day: one that
// does the work and answers 2xx only after the sender stopped waiting (its answer is lost), one
// that resets the connection while the request is still coming in. Each misbehaves on the first
// request of every event (by X-Event-Id) and answers the next ones 204 at once. What the gateway
// promises them is docs/webhooks.md's "Delivery, retries and order" (at-least-once, X-Event-Id).

export type Misbehaviour = "answer-after-timeout" | "reset-mid-request";

export interface ReceivedAttempt {
  eventId: string;
  /** "late": answered 204 once the sender had gone; "reset": connection reset before the body was read; "ok": 204 at once. */
  outcome: "late" | "reset" | "ok";
}

export interface AwkwardReceiver {
  url: string;
  attempts: ReceivedAttempt[];
  close(): Promise<void>;
}

export async function startAwkwardReceiver(mode: Misbehaviour): Promise<AwkwardReceiver> {
  const attempts: ReceivedAttempt[] = [];
  const seen = new Set<string>();
  const server = http.createServer((req, res) => {
    const eventId = String(req.headers["x-event-id"] ?? "");
    const first = !seen.has(eventId);
    seen.add(eventId);
    if (first && mode === "reset-mid-request") {
      attempts.push({ eventId, outcome: "reset" });
      // TCP RST with the body unread: the sender sees the connection reset, not an answer.
      return void req.socket.resetAndDestroy();
    }
    req.resume();
    req.on("end", () => {
      if (!first) return void (attempts.push({ eventId, outcome: "ok" }), res.writeHead(204).end());
      // The work is done and the 2xx is written only once the sender closed the connection (its timeout).
      res.on("close", () => {
        attempts.push({ eventId, outcome: "late" });
        if (!res.writableEnded) res.writeHead(204).end();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return { url, attempts, close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))) };
}
