import type { ServiceClock } from "../clock.js";
import { ServiceError } from "../errors.js";

/**
 * The one rule of whether a console session still stands, its key aside (key-standing.ts has
 * that): shared by every request that carries it (console-session.ts) and by the recheck of open
 * live streams (live-auth.ts). A session not found is `null`.
 */
export function sessionRefusal(deps: { clock: ServiceClock }, session: { endedAt: Date | null; expiresAt: Date } | null): ServiceError | undefined {
  if (!session || session.endedAt || session.expiresAt <= deps.clock.now()) return new ServiceError("UNAUTHORIZED", "The console session has ended: sign in again.");
  return undefined;
}
