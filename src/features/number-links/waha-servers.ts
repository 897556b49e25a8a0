import { LRUCache } from "lru-cache";
import type { Db } from "../../core/db/database.js";
import { notFound, ServiceError } from "../../core/errors.js";
import { deleteEmptyServer, insertServer, updateServer } from "./sql/links-sql.js";

// The operator's WAHA servers (admin waha-server:add, :list, :update, :remove), and where a
// linked number's sends find its server.

export interface WahaServerInput {
  name: string;
  baseUrl: string;
  apiKey?: string | undefined;
  capacity: number;
}

export const addWahaServer = (db: Db, s: WahaServerInput) => insertServer(db, { name: s.name, baseUrl: s.baseUrl, apiKey: s.apiKey ?? null, capacity: s.capacity });

/** Each server with the sessions it holds; keys are never shown. */
export async function listWahaServers(db: Db) {
  const servers = await db.wahaServer.findMany({ omit: { apiKey: true }, include: { _count: { select: { links: true } } }, orderBy: { id: "asc" } });
  return servers.map(({ _count, ...s }) => ({ ...s, sessions: _count.links }));
}

export async function updateWahaServer(db: Db, name: string, s: { baseUrl?: string | undefined; apiKey?: string | undefined; capacity?: number | undefined }) {
  const server = await db.wahaServer.findUnique({ where: { name } });
  if (!server) throw notFound("WAHA server");
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
