import type { NumberLink, WahaServer } from "../../../generated/prisma/client.js";
import type { ServiceDeps } from "../../../core/deps.js";
import type { SqlClient } from "../../../core/db/database.js";
import type { Actor } from "../../../core/principal.js";
import { notFound, ServiceError, validationError } from "../../../core/errors.js";
import { setWahaServerOf } from "../../accounts/index.js";
import { sessionWebhook } from "../link-hosts.js";
import { WahaSessionHost } from "../waha-session-host.js";
import { lockPlacements, moveLink, serverWithRoom } from "../sql/links-sql.js";
import { recordMove } from "./move-notice.js";

// A number's session moves to another WAHA server (waha-server:move, and the drain of a server):
// its place on the target is taken first (under the lock every placement takes, so a move and a
// new number never both take a server's last place), then the session is stopped on its server
// (stopped, not logged out: its auth is kept) and started on the target under the same name, made
// there with the same webhooks when the target does not hold it. The number keeps its id, keys,
// settings and history. With a session storage both servers share, the session resumes WORKING;
// with each server's own storage the target asks for a QR code, and the number shows it needs a
// scan through the session's own status (session-events.ts). A move that fails on the way is put
// back: the session runs on its server again, and nothing is recorded.

export type MoveDeps = Pick<ServiceDeps, "db" | "config" | "clock" | "urls">;

/** A session being linked (its phone scanning): a move would cut the scan short. */
const MID_LINK = ["CREATING", "STARTING", "SCAN_QR_CODE", "PASSKEY_REQUIRED", "PASSKEY_CONFIRMATION_REQUIRED"];

export type MovableLink = NumberLink & { server: WahaServer | null; account: { tenantId: number; phoneNumber: string | null; removedAt: Date | null } };

export interface MovedNumber {
  account: number;
  session: string;
  from: string;
  to: string;
  /** The session ran, and was started on the target; a stopped or failed one is only placed there, for its next link. */
  started: boolean;
}

/** The link of a number and its server, as a move reads it. */
export const movableLinks = (deps: Pick<ServiceDeps, "db">, where: { accountId?: number; serverId?: number }) =>
  deps.db.numberLink.findMany({
    where,
    include: { server: true, account: { select: { tenantId: true, phoneNumber: true, removedAt: true } } },
    orderBy: { accountId: "asc" },
  });

/** Why the link cannot move now; undefined when it can. */
export function unmovable(link: MovableLink): string | undefined {
  if (MID_LINK.includes(link.state)) return `is being linked (its session is ${link.state}): move it once it is linked or has failed`;
  if (link.logoutDueAt) return "has a refused link whose logout WAHA has not confirmed yet: move it after the link sweep's next try";
  return undefined;
}

/** waha-server:move: the number's session to the server named `to`; 422 naming the field for what cannot move. */
export async function moveNumber(deps: MoveDeps, accountId: number, to: string, actor: Actor): Promise<MovedNumber> {
  const [link] = await movableLinks(deps, { accountId });
  if (link?.account.removedAt || (!link && !(await deps.db.account.findUnique({ where: { id: accountId }, select: { id: true } })))) throw notFound("Account");
  if (!link?.server) throw validationError({ account: "is not on a WAHA server: only a number its business linked through WAHA has a session to move" });
  const why = unmovable(link);
  if (why) throw validationError({ account: why });
  const target = await deps.db.wahaServer.findUnique({ where: { name: to } });
  if (!target) throw validationError({ to: "is no WAHA server (waha-server:list names them)" });
  if (target.id === link.server.id) throw validationError({ to: "is the server the number is on" });
  if (target.drainingSince) throw validationError({ to: "is being drained: it takes no new session" });
  const from = link.server;
  const moved = await relocate(deps, { ...link, server: from }, (tx) => serverWithRoom(tx, from.id, target.id), actor);
  if (moved === "full") throw validationError({ to: "is full: it holds as many sessions as its capacity" });
  if (moved === "gone") throw validationError({ account: "was moved meanwhile" });
  return moved;
}

/** A drain's move: the session to the server with the most room; "full" when none has room, "gone" when another instance moved it first. */
export const moveToRoom = (deps: MoveDeps, link: MovableLink & { server: WahaServer }, actor: Actor) => relocate(deps, link, (tx) => serverWithRoom(tx, link.server.id), actor);

async function relocate(
  deps: MoveDeps,
  link: MovableLink & { server: WahaServer },
  pick: (tx: SqlClient) => Promise<WahaServer | undefined>,
  actor: Actor,
): Promise<MovedNumber | "full" | "gone"> {
  const from = link.server;
  // Before anything changes: a gateway that cannot take WAHA's events cannot make the session anywhere.
  const webhook = sessionWebhook(deps);
  const host = (server: WahaServer) => new WahaSessionHost(server, webhook, deps.config.channel.timeoutMs);
  const at = deps.clock.now();
  const to = await deps.db.$transaction(async (tx) => {
    await lockPlacements(tx);
    const server = await pick(tx);
    if (!server) return "full" as const;
    if (!(await moveLink(tx, link.accountId, from.id, server.id, at))) return "gone" as const;
    await setWahaServerOf(tx, link.accountId, server.id);
    return server;
  });
  if (typeof to === "string") return to;
  const started = link.state === "WORKING";
  try {
    await host(from).stop(link.session);
  } catch (err) {
    await putBack(deps, link.accountId, to.id, from.id);
    throw moveFailure(err, `stop the session on ${from.name}`);
  }
  if (started) {
    try {
      await host(to).resume(link.session);
    } catch (err) {
      await host(from)
        .start(link.session)
        .catch(() => undefined);
      await putBack(deps, link.accountId, to.id, from.id);
      throw moveFailure(err, `start the session on ${to.name}`);
    }
  }
  await recordMove(deps, { accountId: link.accountId, ...link.account, from: from.name, to: to.name, started, actor, at });
  return { account: link.accountId, session: link.session, from: from.name, to: to.name, started };
}

/** A move that failed on the way: the link names its own server again. */
async function putBack(deps: MoveDeps, accountId: number, to: number, from: number): Promise<void> {
  await deps.db.$transaction(async (tx) => {
    if (await moveLink(tx, accountId, to, from, deps.clock.now())) await setWahaServerOf(tx, accountId, from);
  });
}

const moveFailure = (err: unknown, doing: string) =>
  err instanceof ServiceError ? err : new ServiceError("CHANNEL_ERROR", `Could not ${doing}: ${err instanceof Error ? err.message : String(err)} Nothing moved.`);
