import { z } from "zod";
import type { Db } from "../../../core/db/database.js";
import type { ServiceDeps } from "../../../core/deps.js";
import { ServiceError } from "../../../core/errors.js";
import { byOperator, type RunBy } from "../../../core/audit/audited.js";
import { addWahaServer, drainWahaServer, listWahaServers, moveNumber, removeWahaServer, undrainWahaServer, updateWahaServer } from "../../number-links/index.js";

// The operator's WAHA servers, where the numbers tenants link themselves get their sessions
// (docs/connecting-numbers.md): a new number goes to the server with the most room, never to one
// being drained; a number's session moves to another server, and a drained server's move one at a
// time (docs/operators.md, "WAHA servers").

interface Settings extends RunBy {
  /** The configuration (WAHA's webhook key, PUBLIC_URL), clock and addresses: a move makes the session on its target. */
  services?: Pick<ServiceDeps, "config" | "clock" | "urls"> | undefined;
}

const account = z.coerce.number().int().positive();

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
    help: "(each server with the sessions it holds, whether it answers now (WAHA's GET /health, else /ping) and how its drain stands; keys are not shown)",
    args: z.object({}),
    run: (db: Db) => listWahaServers(db),
  },
  "waha-server:update": {
    help: "--name <name> [--url <URL>] [--capacity <sessions>] [--api-key <key> ('' for none)]",
    args: z.object({ name, url: url.optional(), capacity: capacity.optional(), apiKey: z.string().optional() }),
    run: (db: Db, a: { name: string; url?: string | undefined; capacity?: number | undefined; apiKey?: string | undefined }) =>
      updateWahaServer(db, a.name, { baseUrl: a.url, capacity: a.capacity, apiKey: a.apiKey }),
  },
  "waha-server:move": {
    help: "--account <id> --to <name> (stops the number's session on its server, its auth kept, and starts it on that one; the business is told)",
    args: z.object({ account, to: name }),
    run: (db: Db, a: { account: number; to: string }, settings: Settings) => {
      if (!settings.services) throw new ServiceError("SERVICE_UNAVAILABLE", "Moving a session needs the gateway's settings; run it on the server or with npm run admin.");
      return moveNumber({ ...settings.services, db }, a.account, a.to, byOperator(settings).actor);
    },
  },
  "waha-server:drain": {
    help: "--name <name> (for maintenance: no new session goes there, and its sessions move one at a time to servers with room)",
    args: z.object({ name }),
    run: (db: Db, a: { name: string }, settings: Settings) => drainWahaServer(db, a.name, byOperator(settings).at),
  },
  "waha-server:undrain": {
    help: "--name <name> (takes new sessions again; those moved off it stay where they are)",
    args: z.object({ name }),
    run: (db: Db, a: { name: string }) => undrainWahaServer(db, a.name),
  },
  "waha-server:remove": {
    help: "--name <name> (only a server that holds no session)",
    args: z.object({ name }),
    run: (db: Db, a: { name: string }) => removeWahaServer(db, a.name),
  },
} as const;
