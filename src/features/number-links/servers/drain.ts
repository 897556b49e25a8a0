import type { ServiceDeps } from "../../../core/deps.js";
import type { Db } from "../../../core/db/database.js";
import { ADMIN_ACTOR } from "../../../core/audit/audit-record.js";
import { movableLinks, moveToRoom, unmovable, type MoveDeps } from "./moves.js";

// The drain of a WAHA server for maintenance (waha-server:drain): it takes no new session (the one
// rule of where a session goes, links-sql.ts's serverWithRoom), and the link sweep moves the
// sessions it holds to servers with room, one at a time: each move is finished (the target
// answered) before the next starts, so the targets' load grows one session at a time and a target
// that fails stops the pass at once. A session being linked waits for its scan to end; when no
// server has room the pass stops there, and waha-server:list says so.

/** The drain's moves in the business's audit log: the drain, on the operator's command. */
const DRAIN_ACTOR = { ...ADMIN_ACTOR, label: "waha-server:drain" };

/** Moves one pass makes at most, so the sweep's other work is never held long. */
const MOVES_PER_PASS = 100;

export interface DrainPass {
  moved: number;
  /** Servers whose drain stopped because no other server has room. */
  stalled: number;
  /** Moves that failed (logged); the next pass tries again. */
  failed: number;
}

/** One pass over every server being drained. */
export async function drainServers(deps: MoveDeps & Pick<ServiceDeps, "log">): Promise<DrainPass> {
  const pass: DrainPass = { moved: 0, stalled: 0, failed: 0 };
  const servers = await deps.db.wahaServer.findMany({ where: { drainingSince: { not: null } }, select: { id: true, name: true }, orderBy: { id: "asc" } });
  for (const server of servers) {
    for (const link of await movableLinks(deps, { serverId: server.id })) {
      if (pass.moved >= MOVES_PER_PASS) return pass;
      if (!link.server || unmovable(link)) continue;
      const moved = await moveToRoom(deps, { ...link, server: link.server }, DRAIN_ACTOR).catch((err: unknown) => {
        deps.log.warn({ err, server: server.name, accountId: link.accountId }, "could not move a session off a drained WAHA server; the next sweep tries again");
        return "failed" as const;
      });
      if (moved === "gone") continue;
      if (moved === "failed") pass.failed += 1;
      else if (moved === "full") pass.stalled += 1;
      else pass.moved += 1;
      if (typeof moved === "string") break;
    }
  }
  return pass;
}

/** What runs a pass now in this process (the link sweep), by database: a drain starts at once, not at the next tick. */
const runners = new WeakMap<Db, () => void>();
export const onDrainRequested = (db: Db, run: () => void): void => void runners.set(db, run);
export const requestDrainPass = (db: Db): void => runners.get(db)?.();
