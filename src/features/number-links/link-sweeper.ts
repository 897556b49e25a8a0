import type { ServiceDeps } from "../../core/deps.js";
import { PeriodicTask } from "../../core/runtime/periodic-task.js";
import { deleteNeverLinkedAccount } from "../accounts/index.js";
import { hostFor } from "./link-hosts.js";
import { retryOwedLogouts } from "./link-refusals.js";
import { drainServers, onDrainRequested, type DrainPass } from "./servers/drain.js";
import { deleteLink, knownSessions, setLinkState, staleCreations } from "./sql/links-sql.js";

// Half-made sessions are found and ended, never left running unowned: a link whose request died
// between our write and the server's answer, and a session on a server that no link names (the
// server created it although its answer never reached us, or our write after it failed). And the
// logouts owed to refused links (link-refusals.ts) are tried again once due. And the sessions of
// WAHA servers being drained move to servers with room (servers/drain.ts).

/** A connection's request takes seconds; one still `CREATING` after this died on the way. */
const STALE_AFTER_MS = 2 * 60_000;
const SWEEP_EVERY_MS = 60_000;

export function createLinkSweeper(deps: ServiceDeps): PeriodicTask {
  const task = new PeriodicTask("number link sweep", SWEEP_EVERY_MS, () => sweepLinks(deps).then(() => undefined), deps.log);
  onDrainRequested(deps.db, () => task.nudge());
  return task;
}

/**
 * One sweep; answers how many links and sessions it ended, how many owed logouts WAHA confirmed,
 * and what the drains of WAHA servers did (servers/drain.ts).
 */
export async function sweepLinks(deps: ServiceDeps): Promise<{ stale: number; orphans: number; logouts: number; drain: DrainPass }> {
  const now = deps.clock.now();
  let stale = 0;
  for (const link of await staleCreations(deps.db, new Date(now.getTime() - STALE_AFTER_MS))) {
    const host = await hostFor(deps, link.serverId).catch(() => undefined);
    if (
      !host ||
      !(await host.remove(link.session).then(
        () => true,
        () => false,
      ))
    )
      continue;
    const account = await deps.db.account.findUnique({ where: { id: link.accountId }, select: { phoneNumber: true } });
    if (account?.phoneNumber === null) {
      await deleteLink(deps.db, link.accountId);
      await deleteNeverLinkedAccount(deps.db, link.accountId);
    } else {
      await setLinkState(deps.db, link.session, { state: "FAILED", qr: null, error: "not_started" }, now);
    }
    stale += 1;
  }
  return { stale, orphans: await endOrphans(deps), logouts: await retryOwedLogouts(deps), drain: await drainServers(deps) };
}

async function endOrphans(deps: ServiceDeps): Promise<number> {
  const servers = await deps.db.wahaServer.findMany({ select: { id: true } });
  let ended = 0;
  for (const serverId of [null, ...servers.map((s) => s.id)]) {
    const host = await hostFor(deps, serverId).catch(() => undefined);
    const held = await host?.sessions().catch(() => undefined);
    if (!host || !held) continue;
    const known = await knownSessions(deps.db);
    for (const session of held.filter((s) => !known.has(s))) {
      if (
        await host.remove(session).then(
          () => true,
          () => false,
        )
      )
        ended += 1;
    }
  }
  if (ended > 0) deps.log.warn({ ended }, "ended sessions no number link owns");
  return ended;
}
