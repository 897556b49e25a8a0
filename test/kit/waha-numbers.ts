import type { TestServer } from "./server.js";
import { startWahaSessions, type SessionStorage } from "./waha-sessions.js";
import { asCommandLine } from "./operators.js";
import { waitFor } from "./wait.js";

// WAHA servers and the numbers on them, as the tests of moves and drains meet them
// (test/waha-servers.test.ts, test/operator-console-servers.test.ts): stand-ins added as the
// operator's servers through the admin endpoint, and numbers a business links on them by QR code.

export const WAHA_KEY = "waha-servers-key";
export const HMAC_KEY = "waha-servers-hmac";

export type Waha = Awaited<ReturnType<typeof startWahaSessions>>;

/** A stand-in (sharing `storage` when given), added as the server `name`. */
export async function addedWaha(server: TestServer, name: string, capacity: number, storage?: SessionStorage): Promise<Waha> {
  const waha = await startWahaSessions({ apiKey: WAHA_KEY, retryScale: 0.01, ...(storage ? { storage } : {}) });
  const added = await asCommandLine(server, "waha-server:add", { name, url: waha.url, capacity: String(capacity), apiKey: WAHA_KEY });
  if (added.status !== 200) throw new Error(`waha-server:add ${name}: ${added.status} ${JSON.stringify(added.body)}`);
  return waha;
}

export type Api = ReturnType<TestServer["client"]>;

export const connectionOf = async (api: Api, id: number) => (await api.get(`/accounts/${id}/connection`)).body.connection;
export const sessionOf = async (server: TestServer, id: number) => (await server.app.deps.db.numberLink.findUniqueOrThrow({ where: { accountId: id } })).session;

/** A number the business links on whichever server has the most room now, by scanning its QR code with `phone`; its id and session. */
export async function linkedNumber(server: TestServer, api: Api, wahas: Waha[], phone: string): Promise<{ id: number; session: string; waha: Waha }> {
  const created = await api.post("/accounts", { channel: "waha", name: `Number ${phone}` });
  if (created.status !== 200) throw new Error(`connect: ${created.status} ${JSON.stringify(created.body)}`);
  const id = created.body.connection.account_id as number;
  const session = await sessionOf(server, id);
  const waha = wahas.find((w) => w.sessions.has(session))!;
  await waitFor(
    () => connectionOf(api, id),
    (c) => c.state === "SCAN_QR_CODE",
  );
  await waha.link(session, phone);
  await waitFor(
    () => connectionOf(api, id),
    (c) => c.state === "WORKING" && c.status === "connected",
  );
  return { id, session, waha };
}

/** Every webhook delivery of these stand-ins has ended, its retries included: the gateway took what they said. */
export const settled = (wahas: Waha[]) => Promise.all(wahas.map((w) => w.deliveriesSettled()));

export interface ListedServer {
  name: string;
  sessions: number;
  capacity: number;
  draining: boolean;
  answer: { status: string; message: string | null; via: string | null };
  drain: { left: number; stalled: string | null } | null;
}

export async function listedServers(server: TestServer): Promise<Record<string, ListedServer>> {
  const listed = await asCommandLine(server, "waha-server:list");
  return Object.fromEntries((listed.body.result as ListedServer[]).map((s) => [s.name, s]));
}
