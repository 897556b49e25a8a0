// What linking a number asks of the place its WhatsApp session lives: a WAHA server
// (waha-session-host.ts) or, on the embedded default, the simulator (simulated-session-host.ts).
// Both report a session's moves through the same door, session-events.ts.

/** WAHA's session statuses (test/kit/references/waha-sessions-and-graph.md, A.3). */
export const SESSION_STATES = ["STOPPED", "STARTING", "SCAN_QR_CODE", "PASSKEY_REQUIRED", "PASSKEY_CONFIRMATION_REQUIRED", "WORKING", "FAILED"] as const;
export type SessionState = (typeof SESSION_STATES)[number];

/** The WhatsApp account a session is logged in to, once WORKING. */
export interface SessionOwner {
  /** International digits. */
  phone: string;
  /** The name the person gave their WhatsApp profile. */
  pushName: string | null;
}

export interface SessionHost {
  /** Creates the session, with its events sent to this gateway, and starts it. */
  create(session: string): Promise<void>;
  /** Starts a session that exists (after a logout or a failure). */
  start(session: string): Promise<void>;
  /** The QR code's value while the session waits for a scan; undefined otherwise. */
  qr(session: string): Promise<string | undefined>;
  /** A code to type on the phone instead of scanning (Linked devices → Link with phone number). */
  requestCode(session: string, phone: string): Promise<string>;
  /** Who the session is logged in as, or undefined when it is not. */
  owner(session: string): Promise<SessionOwner | undefined>;
  /** Logs the phone out, keeping the session. */
  logout(session: string): Promise<void>;
  /** Stops the session, logs it out and removes it; a session that is not there is fine. */
  remove(session: string): Promise<void>;
  /** The names of every session the host holds, for finding those nobody owns. */
  sessions(): Promise<string[]>;
}

/** The host refused or could not be reached; `status` is its HTTP status (0: no answer). */
export class SessionHostError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "SessionHostError";
  }
}

/** Our sessions' names: a prefix of our own, so a sweep never touches sessions others made on a shared server. */
export const SESSION_PREFIX = "gw_";
