import { randomBytes } from "node:crypto";
import type { Engine } from "./waha-session-events.js";
import type { StandInSession } from "./waha-sessions.js";

// The shapes the WAHA sessions stand-in (test/kit/waha-sessions.ts) answers with, as WAHA 2026.7.1's
// OpenAPI (W-OAS) and the sessions page (W-SESS) give them (test/kit/references/waha-sessions-and-graph.md, A.1-A.4).

/** A pairing code as in the docs' example `ABCD-ABCD`: 8 letters/digits with a dash. */
export function newPairingCode(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTVWXYZ0123456789";
  const chars = [...randomBytes(8)].map((b) => alphabet[b % alphabet.length]).join("");
  return `${chars.slice(0, 4)}-${chars.slice(4)}`;
}

/** The config as WAHA shows it back: unset webhook options as `null` (W-SESS GET example). */
export function normalizeConfig(config: unknown): any {
  if (config === undefined || config === null) return null; // absent: shown as null (the reference is silent)
  const copy = structuredClone(config) as { webhooks?: Array<Record<string, unknown>> };
  if (Array.isArray(copy.webhooks)) {
    copy.webhooks = copy.webhooks.map((w) => ({ ...w, hmac: w.hmac ?? null, retries: w.retries ?? null, customHeaders: w.customHeaders ?? null }));
  }
  return copy;
}

/** SessionDTO {name*, status*, config} (W-OAS). */
export const dto = (s: StandInSession) => ({ name: s.name, status: s.status, config: s.config });

/** SessionInfo (W-OAS) plus `engine` as the W-SESS GET examples show it (not in the schema). */
export function info(s: StandInSession, engine: Engine) {
  return {
    ...dto(s),
    me: s.me,
    // `assignedWorker` is a string in the schema with no example: null here (no worker in front).
    assignedWorker: null,
    // `presence*` is an object in the schema with no example: an empty object here.
    presence: {},
    timestamps: { activity: s.statuses.at(-1)?.timestamp ?? null },
    engine: { engine },
  };
}
