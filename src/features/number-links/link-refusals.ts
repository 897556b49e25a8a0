import type { ServiceDeps } from "../../core/deps.js";
import { announceStateChanges, applyNumberStateChange } from "../accounts/index.js";
import { hostFor } from "./link-hosts.js";
import { publishLinkMove } from "./link-events.js";
import { SessionHostError, type SessionHost } from "./sessions.js";
import { claimOwedLogouts, refuseLink, settleLogout } from "./sql/links-sql.js";

// A link the gateway refuses when its session reaches WORKING: another phone re-linked the number
// (other_phone), the phone is another live number's (number_taken), or the session was not working
// after all (not_started). The link fails and the number is disconnected for that reason in one
// transaction, so no reader, live subscriber or send ever finds it connected; then the session is
// logged out, to put the phone that scanned it off. That logout is owed until WAHA confirms one:
// the link sweep (link-sweeper.ts) tries it again, with backoff, on any instance, after a restart.

/** The states a refusal stops: any that sends, or that an all-clear or a timed pause's end would lift. */
const REFUSABLE = ["connected", "paused", "restricted", "disconnected"] as const;

export interface RefusedLink {
  session: string;
  accountId: number;
  tenantId: number;
}

/** Refuses the link (`reason`, told by `signal`: waha, simulator) and logs its session out; false for a session that is not one of our links. */
export async function refuseLinkOf(deps: ServiceDeps, link: RefusedLink, host: SessionHost, reason: string, signal: string): Promise<boolean> {
  const now = deps.clock.now();
  const refused = await deps.db.$transaction(async (tx) => {
    const moved = await refuseLink(tx, link.session, reason, now);
    if (!moved) return undefined;
    // Only a link by the number's own phone lifts this stop (session-events.ts): not WAHA's next
    // WORKING, whose session works for someone else, nor a tenant's resume (hence the provider's block).
    const change = { to: "disconnected", from: [...REFUSABLE], reason, signal, providerBlock: true, restate: true } as const;
    return { moved, changes: await applyNumberStateChange(tx, [link.accountId], change, now) };
  });
  if (!refused) return false;
  announceStateChanges(deps, refused.changes);
  publishLinkMove(deps, link.tenantId, link.accountId, refused.moved.state);
  await logOutRefused(deps, host, link.session, refused.moved.logoutAttempts);
  return true;
}

/** Tries the logouts owed and due now (the sweep); answers how many WAHA confirmed. */
export async function retryOwedLogouts(deps: ServiceDeps): Promise<number> {
  let confirmed = 0;
  for (const owed of await claimOwedLogouts(deps.db, deps.clock.now())) {
    const host = await hostFor(deps, owed.serverId).catch(() => undefined);
    if (host && (await logOutRefused(deps, host, owed.session, owed.logoutAttempts))) confirmed += 1;
  }
  return confirmed;
}

/** One try of an owed logout (the `attempts`-th); true once WAHA confirmed it, and nothing is owed. */
async function logOutRefused(deps: ServiceDeps, host: SessionHost, session: string, attempts: number): Promise<boolean> {
  try {
    await host.logout(session);
  } catch (err) {
    // A session WAHA no longer holds has nobody logged in to it.
    if (!(err instanceof SessionHostError && err.status === 404)) {
      deps.log.warn({ err, session, attempts }, "could not log out the phone of a refused link; the link sweep tries again");
      return false;
    }
  }
  await settleLogout(deps.db, session, attempts);
  return true;
}
