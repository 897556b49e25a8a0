import { createHash, randomBytes } from "node:crypto";
import { SESSION_PREFIX, SessionHostError, type SessionHost, type SessionOwner, type SessionState } from "./sessions.js";

// The embedded default's stand-in for a WAHA server: a session shows a new QR code every
// `qrRotateMs`, as WhatsApp rotates them, and the "phone" scans the `linkAfterQrCodes`-th one (or
// the pairing code, one interval after it is asked for); each move reaches the gateway through
// `report`, as WAHA's session.status webhooks do.

export interface SimulatedSessionOptions {
  qrRotateMs: number;
  /** 0: the phone never scans by itself (a person watching the console sees codes rotate). */
  linkAfterQrCodes: number;
}

interface Simulated {
  state: SessionState;
  qr: string | null;
  codes: number;
  owner: SessionOwner | null;
  timer: NodeJS.Timeout | undefined;
}

export class SimulatedSessionHost implements SessionHost {
  private readonly held = new Map<string, Simulated>();
  /** Moves are reported one after another, in the order they happen, as WAHA delivers a session's events. */
  private reporting: Promise<void> = Promise.resolve();
  /** Set by the composition root: where session moves go (session-events.ts). */
  report: ((session: string, state: SessionState) => Promise<void>) | undefined;

  constructor(private readonly options: SimulatedSessionOptions) {}

  async create(session: string): Promise<void> {
    if (this.held.has(session)) throw new SessionHostError(422, `Session ${session} already exists.`);
    this.held.set(session, { state: "STOPPED", qr: null, codes: 0, owner: null, timer: undefined });
    await this.start(session);
  }

  async start(session: string): Promise<void> {
    const s = this.session(session);
    if (s.state === "WORKING" || s.timer) return;
    this.move(session, s.owner ? "WORKING" : "STARTING");
    if (!s.owner) this.schedule(session, 0);
    await Promise.resolve();
  }

  async qr(session: string): Promise<string | undefined> {
    const s = this.session(session);
    return Promise.resolve(s.state === "SCAN_QR_CODE" ? (s.qr ?? undefined) : undefined);
  }

  async requestCode(session: string, phone: string): Promise<string> {
    const s = this.session(session);
    if (s.state !== "SCAN_QR_CODE") throw new SessionHostError(422, "Session status is not as expected.");
    clearTimeout(s.timer);
    s.timer = setTimeout(() => this.link(session, phone), this.options.qrRotateMs);
    return Promise.resolve(
      randomBytes(4)
        .toString("hex")
        .toUpperCase()
        .replace(/^(.{4})/, "$1-"),
    );
  }

  async owner(session: string): Promise<SessionOwner | undefined> {
    const s = this.session(session);
    return Promise.resolve(s.state === "WORKING" ? (s.owner ?? undefined) : undefined);
  }

  /** Logs the phone out and starts again, waiting for a new scan (WAHA restarts a session that is not STOPPED). */
  async logout(session: string): Promise<void> {
    const s = this.session(session);
    clearTimeout(s.timer);
    Object.assign(s, { owner: null, qr: null, codes: 0, timer: undefined, state: "STOPPED" });
    await this.start(session);
  }

  async remove(session: string): Promise<void> {
    clearTimeout(this.held.get(session)?.timer);
    this.held.delete(session);
    await Promise.resolve();
  }

  async sessions(): Promise<string[]> {
    return Promise.resolve([...this.held.keys()].filter((name) => name.startsWith(SESSION_PREFIX)));
  }

  /** Ends every timer (at shutdown: a move would find the database closed). */
  stop(): void {
    for (const s of this.held.values()) clearTimeout(s.timer);
  }

  private session(name: string): Simulated {
    const s = this.held.get(name);
    if (!s) throw new SessionHostError(404, `Session ${name} not found.`);
    return s;
  }

  private schedule(session: string, delayMs: number): void {
    const s = this.session(session);
    s.timer = setTimeout(() => this.nextCode(session), delayMs);
  }

  private nextCode(session: string): void {
    const s = this.held.get(session);
    if (!s) return;
    const { linkAfterQrCodes } = this.options;
    if (linkAfterQrCodes > 0 && s.codes >= linkAfterQrCodes) return this.link(session, simulatedPhone(session));
    s.codes += 1;
    s.qr = `2@${randomBytes(24).toString("base64")}`;
    this.move(session, "SCAN_QR_CODE");
    this.schedule(session, this.options.qrRotateMs);
  }

  private link(session: string, phone: string): void {
    const s = this.held.get(session);
    if (!s) return;
    s.timer = undefined;
    s.qr = null;
    s.owner = { phone, pushName: "Simulated phone" };
    this.move(session, "WORKING");
  }

  private move(session: string, state: SessionState): void {
    const s = this.session(session);
    s.state = state;
    const report = this.report;
    if (report) this.reporting = this.reporting.then(() => report(session, state)).catch(() => undefined);
  }
}

/** A Saudi mobile number of its own for each simulated session (96658 and seven digits). */
export const simulatedPhone = (session: string): string => `96658${(createHash("sha256").update(session).digest().readUInt32BE(0) % 10_000_000).toString().padStart(7, "0")}`;
