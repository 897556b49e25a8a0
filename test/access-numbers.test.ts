import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "./kit/server.js";
import type { SeededTenant } from "./kit/seed.js";
import { subscribeLive, wsClient } from "./kit/ws.js";
import { waitFor } from "./kit/wait.js";

// A key restricted to some sender numbers (like WAHA's session keys) sends from, and sees, those
// numbers only, over REST, GraphQL and subscriptions: another number of the same tenant is
// answered exactly as another tenant's (404), and lists leave it out.

let server: TestServer;
let tenant: SeededTenant;
let a: number;
let b: number;
let c: number;
let onlyA: string;
let aAndB: string;

const SCOPES = ["messages:send", "messages:read", "campaigns:manage", "inbox:read", "accounts:read", "keys:manage"];

beforeAll(async () => {
  server = await startServer({ SIMULATOR_REPLY_DELAY_MS: "0" });
  tenant = await server.seed.tenant({ monthlyLimit: 10_000 }).account().account().account().create();
  [a, b, c] = tenant.accounts.map((x) => x.id) as [number, number, number];
  const make = async (account_ids: number[]) =>
    (await server.client(tenant.key).post("/keys", { label: `numbers ${account_ids.join(",")}`, scopes: SCOPES, account_ids })).body.secret as string;
  onlyA = await make([a]);
  aAndB = await make([a, b]);
});

afterAll(async () => server?.close());

const admin = () => server.client(tenant.key);
const later = () => new Date(Date.now() + 86_400_000).toISOString();

describe("a key restricted to some numbers", () => {
  it("sends from its number, and from no other", async () => {
    const sent = await server.client(onlyA).post("/send", { to: "0501230001", message: "hi" });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const stored = await server.app.deps.db.message.findUniqueOrThrow({ where: { id: BigInt(sent.body.message_id) } });
    expect(stored.accountId).toBe(a);

    const other = await server.client(onlyA).post("/send", { to: "0501230002", message: "hi", account_id: b });
    expect(other.status).toBe(404);
    expect(other.body.error.code).toBe("NOT_FOUND");
    const bulk = await server.client(onlyA).post("/send-bulk", { numbers: ["0501230003"], message: "hi", account_id: c });
    expect(bulk.status).toBe(404);

    const unnamed = await server.client(aAndB).post("/send", { to: "0501230004", message: "hi" });
    expect(unnamed.status).toBe(422);
    expect(unnamed.body.error.fields).toHaveProperty("account_id");
    expect((await server.client(aAndB).post("/send", { to: "0501230004", message: "hi", account_id: b })).status).toBe(200);
  });

  it("sees its numbers' messages, batches and numbers only (REST and GraphQL)", async () => {
    const fromB = (await admin().post("/send", { to: "0501230010", message: "from b", account_id: b })).body.message_id as number;
    const laterB = (await admin().post("/send", { to: "0501230011", message: "later", account_id: b, send_at: later() })).body.message_id as number;
    const batchB = (await admin().post("/send-bulk", { numbers: ["0501230012"], message: "b", account_id: b, send_at: later() })).body.batch_id as number;
    const api = server.client(onlyA);

    expect((await api.get(`/messages/${fromB}`)).status).toBe(404);
    expect((await api.post(`/messages/${laterB}/cancel`, {})).status).toBe(404);
    expect((await api.get(`/batches/${batchB}`)).status).toBe(404);
    expect((await api.post(`/batches/${batchB}/cancel`, {})).status).toBe(404);
    expect((await api.get(`/accounts/${b}/health`)).status).toBe(404);
    expect((await api.get("/accounts")).body.accounts.map((x: { id: number }) => x.id)).toEqual([a]);
    const batches = (await api.get("/batches")).body.batches as Array<{ batch_id: number }>;
    expect(batches.map((x) => x.batch_id)).not.toContain(batchB);
    // The admin's key still sees and may cancel them: nothing was touched.
    expect((await admin().get(`/messages/${laterB}`)).body.status).toBe("pending");

    const gql = await api.request("POST", "/graphql", { query: `{ messages(first: 100) { edges { node { accountId } } } message(id: "${fromB}") { id } }` });
    expect(gql.body.errors[0].extensions.code).toBe("NOT_FOUND");
    const seen = await api.request("POST", "/graphql", { query: "{ messages(first: 100) { edges { node { accountId } } } }" });
    const accounts = new Set(seen.body.data.messages.edges.map((e: { node: { accountId: number } }) => e.node.accountId));
    expect([...accounts]).toEqual([a]);
  });

  it("sees replies to its numbers only", async () => {
    await admin().post("/send", { to: "0500000301", message: "reply please", account_id: a });
    await admin().post("/send", { to: "0500000302", message: "reply please", account_id: b });
    await waitFor(
      async () => (await admin().get("/inbound-messages")).body.inbound_messages.length,
      (n) => n >= 2,
      10_000,
    );
    const mine = (await server.client(onlyA).get("/inbound-messages")).body.inbound_messages as Array<{ id: number; account_id: number }>;
    expect(mine.map((m) => m.account_id)).toEqual([a]);
    const all = (await admin().get("/inbound-messages")).body.inbound_messages as Array<{ id: number; account_id: number }>;
    const theirs = all.find((m) => m.account_id === b)!;
    expect((await server.client(onlyA).get(`/inbound-messages/${theirs.id}/media`)).status).toBe(404);
  });

  it("follows its numbers' events only, beside an unrestricted subscriber of the same operation", async () => {
    const query = "subscription { messageEvents { messageId accountId status } }";
    const restricted = wsClient(server.url, { connectionParams: { apiKey: onlyA } });
    const everyone = wsClient(server.url, { connectionParams: { apiKey: tenant.key } });
    type Event = { messageEvents: { messageId: string; accountId: number | null; status: string } };
    const mine = restricted.subscribe<Event>(query);
    const all = everyone.subscribe<Event>(query);
    const sendFrom = (account: number, to: string) => admin().post("/send", { to, message: "x", account_id: account });
    expect(await subscribeLive([mine, all], () => sendFrom(a, "0501230019"))).toBe("live");
    const sentOn = (sub: typeof mine, id: unknown) => sub.events.some((e) => e.messageEvents.messageId === String(id) && e.messageEvents.status === "sent");
    const viaA = await sendFrom(a, "0501230020");
    const viaB = await sendFrom(b, "0501230021");
    await waitFor(() => sentOn(all, viaA.body.message_id) && sentOn(all, viaB.body.message_id) && sentOn(mine, viaA.body.message_id), Boolean);
    // One subscription hears events in the order they were published: once a later one of A's arrives, B's would have come first.
    const later = await sendFrom(a, "0501230022");
    await waitFor(() => sentOn(mine, later.body.message_id), Boolean);
    expect(new Set(all.events.map((e) => e.messageEvents.accountId))).toEqual(new Set([a, b]));
    expect(new Set(mine.events.map((e) => e.messageEvents.accountId))).toEqual(new Set([a]));
    const other = restricted.subscribe(`subscription { messageEvents(filter: { accountId: ${b} }) { messageId } }`);
    await other.done;
    expect(other.errors[0]?.extensions?.code).toBe("NOT_FOUND");
    mine.stop();
    all.stop();
    await Promise.all([restricted.client.dispose(), everyone.client.dispose()]);
  });

  it("makes keys within its own numbers only", async () => {
    const api = server.client(aAndB);
    const wider = await api.post("/keys", { label: "wider", scopes: ["messages:read"], account_ids: [c] });
    expect(wider.status).toBe(422);
    expect(wider.body.error.fields).toHaveProperty("account_ids");
    const inherited = await api.post("/keys", { label: "inherits", scopes: ["messages:read"] });
    expect(inherited.body.key.account_ids).toEqual([a, b]);
    const narrower = await api.post("/keys", { label: "narrower", scopes: ["messages:read"], account_ids: [b] });
    expect(narrower.body.key.account_ids).toEqual([b]);
    // An unrestricted key is more than it has: it may not revoke or rotate it.
    const full = (await admin().get("/keys")).body.keys.find((k: { label: string }) => k.label === "test");
    const refused = await api.request("DELETE", `/api/v1/keys/${full.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("INSUFFICIENT_SCOPE");
  });
});
