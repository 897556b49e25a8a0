import type { Principal } from "../../core/principal.js";
import type { ServiceDeps } from "../../core/deps.js";
import { validationError } from "../../core/errors.js";
import { MAX_SCHEDULE_SECONDS, type SendOptions } from "../../core/input/send-input.js";
import { expiryOf } from "../queue/index.js";
import { nextOpening, outsideWindowError } from "../campaigns/index.js";

// When accepted messages come due and until when they are worth sending.

export interface Schedule {
  /** When the messages come due; null: now (a single send is then delivered inline). */
  dueAt: Date | null;
  expiresAt: Date;
}

/**
 * The send time a caller asked for: null for none or a past time (now), refused beyond
 * MAX_SCHEDULE_SECONDS ahead. Queued messages expire their validity after it.
 */
export function scheduleOf(deps: ServiceDeps, o: Pick<SendOptions, "sendAt" | "validForSeconds">, now: Date): Schedule {
  let dueAt: Date | null = null;
  if (o.sendAt && o.sendAt.getTime() > now.getTime()) {
    if (o.sendAt.getTime() > now.getTime() + MAX_SCHEDULE_SECONDS * 1000) {
      throw validationError({ sendAt: `must be at most ${MAX_SCHEDULE_SECONDS / 86_400} days ahead` });
    }
    dueAt = o.sendAt;
  }
  return { dueAt, expiresAt: expiryOf(dueAt ?? now, validForMs(deps, o)) };
}

export const validForMs = (deps: ServiceDeps, o: { validForSeconds?: number | null }) => (o.validForSeconds ?? deps.config.messageTtlMs / 1000) * 1000;

/**
 * An immediate single send while the tenant's send window is closed: refused, or (when the caller
 * says `outsideWindow: queue`) due at the window's next opening. A scheduled send is not checked
 * here: the worker holds every queued message until its window is open.
 */
export function scheduleSingle(
  deps: ServiceDeps,
  principal: Principal,
  o: Pick<SendOptions, "sendAt" | "validForSeconds"> & { outsideWindow: "refuse" | "queue" },
  now: Date,
): Schedule {
  const schedule = scheduleOf(deps, o, now);
  if (schedule.dueAt !== null) return schedule;
  const window = principal.sendWindow;
  if (!window) return schedule;
  const opens = nextOpening(window, now);
  if (opens.getTime() === now.getTime()) return schedule;
  if (o.outsideWindow === "refuse") throw outsideWindowError(window, opens);
  return { dueAt: opens, expiresAt: expiryOf(opens, validForMs(deps, o)) };
}
