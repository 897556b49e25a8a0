import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "./kit/server.js";
import { startWahaSessions } from "./kit/waha-sessions.js";
import { closedPort } from "./kit/fake-provider.js";
import { runAdminCommand } from "../src/features/admin/admin.js";

// Which WAHA servers can hold the numbers tenants link themselves (docs/connecting-numbers.md,
// "WAHA editions"), against the WAHA stand-in (test/kit/waha-sessions.ts) as each edition answers
// (test/kit/references/waha-sessions-and-graph.md, A.8): WAHA Core before 2026.6.1 holds one
// session, `default`, and refuses the gateway's `gw_…` sessions with 422; Core from 2026.6.1 and
// Plus hold any number. The operator is told when adding the server, and a tenant connecting
// through a server downgraded since is told what it lacks, with nothing left behind.

const HMAC_KEY = "waha-editions-hmac";
const WAHA_KEY = "waha-editions-key";

let server: TestServer;
const stands: Array<Awaited<ReturnType<typeof startWahaSessions>>> = [];

beforeAll(async () => {
  server = await startServer({ WAHA_WEBHOOK_HMAC_KEY: HMAC_KEY, SIMULATOR_LATENCY_MS: "0" });
});
afterAll(async () => {
  await server?.close();
  for (const s of stands) await s.close();
});

async function waha(edition: { version: string; tier: "CORE" | "PLUS" }) {
  const stand = await startWahaSessions({ apiKey: WAHA_KEY, edition });
  stands.push(stand);
  return stand;
}

const add = (name: string, url: string, apiKey = WAHA_KEY) => runAdminCommand(server.app.deps.db, "waha-server:add", { name, url, capacity: "5", apiKey });
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => expect.unreachable("the command was accepted"),
    (err: unknown) => err as { code: string; message: string; fields?: Record<string, string> },
  );

describe("adding a WAHA server", () => {
  it("refuses a WAHA Core before 2026.6.1, saying it holds only `default` and what to run instead; nothing is stored", async () => {
    const core = await waha({ version: "2026.5.1", tier: "CORE" });
    const refused = await refusal(add("core-old", core.url));
    expect(refused.code).toBe("VALIDATION_ERROR");
    expect(refused.message).toContain("WAHA CORE 2026.5.1");
    expect(refused.message).toContain("`default`");
    expect(refused.message).toContain("2026.6.1 or later");
    expect(refused.message).toContain("WAHA Plus");
    expect(await server.app.deps.db.wahaServer.count({ where: { name: "core-old" } })).toBe(0);
    // It asked the server its version, with the server's key.
    expect(core.requests.map((r) => [r.method, r.path, r.headers["x-api-key"]])).toEqual([["GET", "/api/server/version", WAHA_KEY]]);
  });

  it("takes WAHA Core from 2026.6.1 and WAHA Plus, and answers with the version each runs", async () => {
    const core = await waha({ version: "2026.7.1", tier: "CORE" });
    const plus = await waha({ version: "2026.5.1", tier: "PLUS" });
    expect(await add("core-new", core.url)).toMatchObject({ name: "core-new", waha: { version: "2026.7.1", tier: "CORE" } });
    expect(await add("plus-old", plus.url)).toMatchObject({ name: "plus-old", waha: { version: "2026.5.1", tier: "PLUS" } });
    const listed = (await runAdminCommand(server.app.deps.db, "waha-server:list", {})) as Array<{ name: string }>;
    expect(listed.map((s) => s.name)).toEqual(expect.arrayContaining(["core-new", "plus-old"]));
    for (const name of ["core-new", "plus-old"]) await runAdminCommand(server.app.deps.db, "waha-server:remove", { name });
  });

  it("refuses a wrong key and an address where no WAHA answers, naming the field", async () => {
    const core = await waha({ version: "2026.7.1", tier: "CORE" });
    const badKey = await refusal(add("bad-key", core.url, "not-the-key"));
    expect(badKey).toMatchObject({ code: "VALIDATION_ERROR", fields: { apiKey: expect.stringContaining("refused the API key (401)") } });
    const nobody = await refusal(add("nobody", `http://127.0.0.1:${await closedPort()}`));
    expect(nobody).toMatchObject({ code: "VALIDATION_ERROR", fields: { url: expect.stringContaining("did not answer") } });
    expect(await server.app.deps.db.wahaServer.count({ where: { name: { in: ["bad-key", "nobody"] } } })).toBe(0);
  });

  it("refuses moving a server to an address that holds only `default`, and keeps the old address", async () => {
    const core = await waha({ version: "2026.6.1", tier: "CORE" });
    const old = await waha({ version: "2025.12.3", tier: "CORE" });
    await add("moving", core.url);
    const refused = await refusal(runAdminCommand(server.app.deps.db, "waha-server:update", { name: "moving", url: old.url }));
    expect(refused.message).toContain("WAHA CORE 2025.12.3");
    expect((await server.app.deps.db.wahaServer.findUniqueOrThrow({ where: { name: "moving" } })).baseUrl).toBe(core.url);
    // A change of capacity alone asks nothing.
    const asked = core.requests.length;
    await runAdminCommand(server.app.deps.db, "waha-server:update", { name: "moving", capacity: "7" });
    expect(core.requests.length).toBe(asked);
    await runAdminCommand(server.app.deps.db, "waha-server:remove", { name: "moving" });
  });
});

describe("connecting a number through a server that holds only `default`", () => {
  it("is refused with what the server lacks, and leaves no number behind", async () => {
    const stand = await waha({ version: "2026.7.1", tier: "CORE" });
    await add("downgraded", stand.url);
    // The operator swaps the container for an older Core at the same address.
    stand.setEdition({ version: "2026.5.1", tier: "CORE" });
    const t = await server.seed.tenant({ maxAccounts: 3 }).create();
    const api = server.client(t.key);
    const before = await server.app.deps.db.account.count({ where: { tenantId: t.id } });
    const refused = await api.post("/accounts", { channel: "waha", name: "Sales" });
    expect(refused).toMatchObject({ status: 502, body: { error: { code: "CHANNEL_ERROR" } } });
    expect(refused.body.error.message).toContain("holds one session only, named `default`");
    expect(refused.body.error.message).toContain("2026.6.1 or later");
    // WAHA refused the gateway's session by its name, as Core does.
    const made = stand.requests.find((r) => r.method === "POST" && r.path === "/api/sessions");
    expect((made?.body as { name: string }).name).toMatch(/^gw_[0-9a-f]{16}$/);
    expect(stand.sessions.size).toBe(0);
    expect(await server.app.deps.db.account.count({ where: { tenantId: t.id } })).toBe(before);

    // Updated again, the same server takes the number.
    stand.setEdition({ version: "2026.7.1", tier: "CORE" });
    const created = await api.post("/accounts", { channel: "waha", name: "Sales" });
    expect(created.status).toBe(200);
    expect([...stand.sessions.keys()]).toEqual([expect.stringMatching(/^gw_[0-9a-f]{16}$/)]);
  });
});
