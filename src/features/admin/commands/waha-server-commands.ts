import { z } from "zod";
import type { Db } from "../../../core/db/database.js";
import { addWahaServer, listWahaServers, removeWahaServer, updateWahaServer } from "../../number-links/index.js";

// The operator's WAHA servers, where the numbers tenants link themselves get their sessions
// (docs/connecting-numbers.md): a new number goes to the server with the most room.

const name = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,62}$/, "must be lowercase letters, digits, - and _ (at most 63)");
const url = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" });
const capacity = z.coerce.number().int().min(1, "must be at least 1").max(100_000, "must be at most 100000");

export const wahaServerCommands = {
  "waha-server:add": {
    help: "--name <name> --url <WAHA base URL> --capacity <sessions> [--api-key <WAHA_API_KEY of that server>]",
    args: z.object({ name, url, capacity, apiKey: z.string().min(1).optional() }),
    run: (db: Db, a: { name: string; url: string; capacity: number; apiKey?: string | undefined }) =>
      addWahaServer(db, { name: a.name, baseUrl: a.url, apiKey: a.apiKey, capacity: a.capacity }),
  },
  "waha-server:list": {
    help: "(each server with the sessions it holds; keys are not shown)",
    args: z.object({}),
    run: (db: Db) => listWahaServers(db),
  },
  "waha-server:update": {
    help: "--name <name> [--url <URL>] [--capacity <sessions>] [--api-key <key> ('' for none)]",
    args: z.object({ name, url: url.optional(), capacity: capacity.optional(), apiKey: z.string().optional() }),
    run: (db: Db, a: { name: string; url?: string | undefined; capacity?: number | undefined; apiKey?: string | undefined }) =>
      updateWahaServer(db, a.name, { baseUrl: a.url, capacity: a.capacity, apiKey: a.apiKey }),
  },
  "waha-server:remove": {
    help: "--name <name> (only a server that holds no session)",
    args: z.object({ name }),
    run: (db: Db, a: { name: string }) => removeWahaServer(db, a.name),
  },
} as const;
