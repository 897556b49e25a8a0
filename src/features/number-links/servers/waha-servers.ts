import { LRUCache } from "lru-cache";
import type { Db } from "../../../core/db/database.js";
import { notFound, ServiceError } from "../../../core/errors.js";
import { deleteEmptyServer, insertServer, setServerDraining, updateServer } from "../sql/links-sql.js";
import { probeWahaServer } from "./probe.js";
import { movableLinks, unmovable } from "./moves.js";
import { requestDrainPass } from "./drain.js";
import { holdsNamedSessions, onlyDefault, wahaEnvironment, type WahaServerAddress } from "../waha-session-host.js";
import { SessionHostError } from "../sessions.js";

// The operator's WAHA servers (admin waha-server:add, :list, :update, :remove, :drain, :undrain), and where a
// linked number's sends find its server. A server is asked its version when added or moved, so
// one that cannot hold the gateway's sessions (WAHA Core before 2026.6.1 holds only `default`), a
// wrong address or a wrong key is refused then, not when a tenant first connects a number.

export interface WahaServerInput {
  name: string;
  baseUrl: string;
  apiKey?: string | undefined;
  capacity: number;
}

/** How long the operator's command waits for the server's answer. */
const CHECK_TIMEOUT_MS = 10_000;

export async function addWahaServer(db: Db, s: WahaServerInput) {
  const env = await checkWahaServer({ baseUrl: s.baseUrl, apiKey: s.apiKey ?? null });
  return { ...(await insertServer(db, { name: s.name, baseUrl: s.baseUrl, apiKey: s.apiKey ?? null, capacity: s.capacity })), waha: env };
}

/** The server's version and edition; refused (422, naming the field) when it cannot be reached with that key or holds only `default`. */
async function checkWahaServer(address: WahaServerAddress) {
  const env = await wahaEnvironment(address, CHECK_TIMEOUT_MS).catch((err: unknown) => {
    if (!(err instanceof SessionHostError)) throw err;
    if (err.status === 401 || err.status === 403) throw refused("apiKey", `WAHA at ${address.baseUrl} refused the API key (${err.status}): give that server's WAHA_API_KEY.`);
    throw refused("url", `${err.message} Check the address, and that WAHA is running there.`);
  });
  if (!holdsNamedSessions(env)) throw refused("url", onlyDefault(address.baseUrl, env));
  return { version: env.version, tier: env.tier };
}

const refused = (field: string, message: string) => new ServiceError("VALIDATION_ERROR", message, { [field]: message });

/**
 * Each server with the sessions it holds, whether it answers now (every server asked at once,
 * probe.ts), and how its drain stands; keys are never shown.
 */
export async function listWahaServers(db: Db) {
  const servers = await db.wahaServer.findMany({ include: { _count: { select: { links: true } } }, orderBy: { id: "asc" } });
  const answers = await Promise.all(servers.map((s) => probeWahaServer(s)));
  const room = new Set(servers.filter((s) => !s.drainingSince && s._count.links < s.capacity).map((s) => s.id));
  const rows = servers.map(async ({ _count, apiKey: _key, ...s }, i) => {
    const stalled = s.drainingSince && _count.links > 0 ? await drainStall(db, s.id, room) : null;
    return { ...s, sessions: _count.links, answer: answers[i]!, draining: s.drainingSince !== null, drain: s.drainingSince ? { left: _count.links, stalled } : null };
  });
  return Promise.all(rows);
}

/** Why a drain with sessions left is not moving them: no other server has room, or each left is being linked (it waits). */
async function drainStall(db: Db, serverId: number, room: Set<number>): Promise<"no_room" | "links_in_progress" | null> {
  if (![...room].some((id) => id !== serverId)) return "no_room";
  // Read after the count: a session moved meanwhile leaves fewer (none: nothing waits).
  const links = await movableLinks({ db }, { serverId });
  return links.length > 0 && links.every((l) => unmovable(l) !== undefined) ? "links_in_progress" : null;
}

/** Drains a server for maintenance (`at`: now): it takes no new session, and the link sweep moves its sessions one at a time. */
export async function drainWahaServer(db: Db, name: string, at: Date) {
  const server = await db.wahaServer.findUnique({ where: { name } });
  if (!server) throw notFound("WAHA server");
  const drained = server.drainingSince ? server : await setServerDraining(db, server.id, at);
  requestDrainPass(db);
  return { name: drained.name, drainingSince: drained.drainingSince };
}

/** Puts a drained server back in service: it takes new sessions again (those moved off it stay where they went). */
export async function undrainWahaServer(db: Db, name: string) {
  const server = await db.wahaServer.findUnique({ where: { name } });
  if (!server) throw notFound("WAHA server");
  const back = server.drainingSince ? await setServerDraining(db, server.id, null) : server;
  return { name: back.name, drainingSince: back.drainingSince };
}

export async function updateWahaServer(db: Db, name: string, s: { baseUrl?: string | undefined; apiKey?: string | undefined; capacity?: number | undefined }) {
  const server = await db.wahaServer.findUnique({ where: { name } });
  if (!server) throw notFound("WAHA server");
  const moved = (s.baseUrl && s.baseUrl !== server.baseUrl) || (s.apiKey !== undefined && (s.apiKey || null) !== server.apiKey);
  if (moved) await checkWahaServer({ baseUrl: s.baseUrl || server.baseUrl, apiKey: s.apiKey === undefined ? server.apiKey : s.apiKey || null });
  return updateServer(db, server.id, {
    ...(s.baseUrl ? { baseUrl: s.baseUrl } : {}),
    ...(s.apiKey !== undefined ? { apiKey: s.apiKey || null } : {}),
    ...(s.capacity !== undefined ? { capacity: s.capacity } : {}),
  });
}

export async function removeWahaServer(db: Db, name: string): Promise<{ removed: string }> {
  const server = await db.wahaServer.findUnique({ where: { name } });
  if (!server) throw notFound("WAHA server");
  if (!(await deleteEmptyServer(db, server.id)))
    throw new ServiceError("VALIDATION_ERROR", `WAHA server ${name} still holds sessions; their numbers must be removed first.`, { name: "holds sessions" });
  return { removed: name };
}

/** How long a send trusts what it read of a server (an operator's change reaches sends within it). */
const SERVER_CACHE_MS = 30_000;

/** The WAHA driver's lookup of a number's server, cached briefly: every send from a linked number asks. */
export function wahaServerLookup(db: Db) {
  const cache = new LRUCache<number, { baseUrl: string; apiKey: string | null } | false>({ max: 1_000, ttl: SERVER_CACHE_MS });
  return async (id: number) => {
    const known = cache.get(id);
    if (known !== undefined) return known || undefined;
    const server = await db.wahaServer.findUnique({ where: { id }, select: { baseUrl: true, apiKey: true } });
    cache.set(id, server ?? false);
    return server ?? undefined;
  };
}
