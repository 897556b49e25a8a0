import { randomBytes } from "node:crypto";
import type http from "node:http";
import type { sessionEvents } from "./waha-session-events.js";
import type { Edition, World } from "./waha-sessions.js";

// The test's side of the WAHA sessions stand-in (test/kit/waha-sessions.ts): failures to inject,
// events to hold back, and the phone's actions (scan, log out), each moving a session the way
// WAHA 2026.7.1 reports it (test/kit/references/waha-sessions-and-graph.md, A.3, A.7).

/** A QR value: real ones look like `2@` and base64; the gateway only needs it to be opaque. */
export const newQr = () => `2@${randomBytes(48).toString("base64")}`;

/** How many QR codes one start shows before it gives up (W-SESS `-qr-code.md`). */
export const QR_CODES_PER_START = 6;

/** The next request whose path matches: refused with `status`, or carried out and answered `lateMs` later. */
export type Failure = { pattern: RegExp } & ({ status: number; body: unknown } | { lateMs: number });

/** The test's side: failures to inject, events to hold back, the phone's actions, and closing. */
export function controls(
  world: World,
  failures: Failure[],
  events: Pick<ReturnType<typeof sessionEvents>, "hold" | "release" | "drain" | "late" | "settled">,
  server: http.Server,
) {
  const get = (name: string) => {
    const s = world.sessions.get(name);
    if (!s) throw new Error(`waha stand-in: no session ${name}`);
    return s;
  };
  return {
    /** What GET /health answers from now on (ok, error: 503 with a full disk, shutting_down), or down: no answer at all. */
    setHealth(state: World["health"]): void {
      world.health = state;
    },
    /** The server is updated, or replaced by another edition, at the same address. */
    setEdition(edition: Edition): void {
      world.edition = edition;
    },
    failNext(pattern: RegExp, status: number, body?: unknown): void {
      failures.push({ pattern, status, body });
    },
    answerLateNext(pattern: RegExp, lateMs: number): void {
      failures.push({ pattern, lateMs });
    },
    /** The session's `session.status` webhooks made from now on wait until releaseEvents. */
    holdEvents: (name: string) => events.hold(name),
    releaseEvents: (name: string) => events.release(name),
    /** The session's next `count` events are late: delivered after the ones that follow them, once released. */
    delayNextEvents: (name: string, count = 1) => events.late.delayNext(name, count),
    /** Sends the session's late events now; answers how many. */
    releaseLateEvents: (name: string) => events.late.release(name),
    /** Resolves once every webhook delivery made so far has ended, its retries included. */
    deliveriesSettled: () => events.settled(),
    /**
     * The QR code on show expires (W-SESS: the first after 60 s, the next ones after 20 s each): a new
     * one, until the sixth expires and the session is FAILED, to be restarted.
     */
    async expireQr(name: string): Promise<void> {
      const s = get(name);
      if (s.status !== "SCAN_QR_CODE") throw new Error(`waha stand-in: ${name} shows no QR code`);
      if (s.qrCount < QR_CODES_PER_START) return this.rotateQr(name);
      s.qr = null;
      return world.setStatus(s, "FAILED");
    },
    rotateQr(name: string): Promise<void> {
      const s = get(name);
      s.qr = newQr();
      s.qrCount++;
      return world.setStatus(s, "SCAN_QR_CODE"); // "SCAN_QR_CODE is issued every time when QR updated" (W-SESS)
    },
    link(name: string, phone: string, pushName = "~"): Promise<void> {
      const s = get(name);
      s.me = { id: `${phone}@c.us`, pushName }; // pushName "~" as in the W-EVT example
      world.storage.auth.set(name, s.me);
      s.qr = null;
      return world.setStatus(s, "WORKING");
    },
    lose(name: string, status: "FAILED" | "STOPPED" = "FAILED"): Promise<void> {
      const s = get(name);
      // The phone logged out: the auth is gone, so a restart asks for a QR again.
      s.me = null;
      world.storage.auth.delete(name);
      s.qr = null;
      return world.setStatus(s, status);
    },
    async close(): Promise<void> {
      await events.drain();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
