import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../src/core/db/database.js";
import { startServer, type TestServer } from "./kit/server.js";
import { seedEarlyTenant, useDatabaseMigratedUntil } from "./kit/unit-db.js";
import { startGraphApi } from "./kit/graph-api.js";

// A number the tenant removes keeps no provider secret in its row (migration
// removed_number_secrets): a Cloud number's access token goes with it, whether the tenant connected
// it or an operator added it, and an operator's later update cannot put one back; its ids and its
// history stay. Numbers removed before the migration lose theirs when it runs. Each row is read
// from the database itself after the removal.

const APP_SECRET = "removal-app-secret";
const TOKEN = "EAAG-system-user-token-removal";
const WABA = "102290129340411";
const PHONE_ID = "106540352242933";

interface Row {
  removed_at: Date | null;
  settings: { whatsappCloud?: Record<string, string> };
}
const rowOf = async (db: Database["prisma"], id: number) => (await db.$queryRaw<Row[]>`SELECT removed_at, settings FROM account WHERE id = ${id}`)[0]!;

describe("removing a number", () => {
  let graph: Awaited<ReturnType<typeof startGraphApi>>;
  let server: TestServer;
  beforeAll(async () => {
    graph = await startGraphApi({ appId: "100000000000888", appSecret: APP_SECRET });
    graph.addWaba(TOKEN, {
      id: WABA,
      name: "Removal Co",
      phoneNumbers: [{ id: PHONE_ID, display_phone_number: "+966 55 123 9111", verified_name: "Removal Co", quality_rating: "GREEN", messaging_limit_tier: "TIER_1K" }],
      templates: [],
    });
    server = await startServer({ WHATSAPP_CLOUD_BASE_URL: graph.url, WHATSAPP_CLOUD_APP_SECRET: APP_SECRET, META_APP_ID: "100000000000888", SIMULATOR_LATENCY_MS: "0" });
  });
  afterAll(async () => {
    await server?.close();
    await graph?.close();
  });

  const admin = async (command: string, args: Record<string, unknown>) => {
    const r = await fetch(`${server.url}/admin/commands`, {
      method: "POST",
      headers: { authorization: `Bearer ${server.app.adminToken}`, "content-type": "application/json" },
      body: JSON.stringify({ command, args }),
    });
    expect(r.status).toBe(200);
    return ((await r.json()) as { result: Record<string, unknown> }).result;
  };

  it("by the tenant (DELETE /accounts/{id}) deletes a Cloud number's access token from its row and keeps its ids", async () => {
    const t = await server.seed.tenant().create();
    const api = server.client(t.key);
    const created = await api.post("/accounts", { channel: "whatsapp-cloud", name: "Cloud", phone_number_id: PHONE_ID, waba_id: WABA, access_token: TOKEN });
    expect(created.status).toBe(200);
    const id = created.body.connection.account_id as number;
    expect((await rowOf(server.app.deps.db, id)).settings.whatsappCloud?.accessToken).toBe(TOKEN);

    const removed = await api.delete(`/accounts/${id}`);
    expect(removed.status).toBe(200);
    const row = await rowOf(server.app.deps.db, id);
    expect(row.removed_at).not.toBeNull();
    expect(row.settings.whatsappCloud).toEqual({ phoneNumberId: PHONE_ID, wabaId: WABA, verifiedName: "Removal Co" });
    expect(JSON.stringify(row.settings)).not.toContain(TOKEN);
    expect((await api.get("/accounts")).body.accounts).toEqual([]);
  });

  it("added by an operator deletes its token too, and an operator's update cannot put one back", async () => {
    const t = await server.seed.tenant().create();
    const operatorToken = `EAAG-operator-${randomBytes(6).toString("hex")}`;
    const added = await admin("account:create", {
      tenant: t.id,
      phone: "0551239222",
      name: "Operator's",
      channel: "whatsapp-cloud",
      cloudPhoneNumberId: "106540352242944",
      cloudAccessToken: operatorToken,
    });
    const id = added.id as number;
    expect((await rowOf(server.app.deps.db, id)).settings.whatsappCloud?.accessToken).toBe(operatorToken);

    expect((await server.client(t.key).delete(`/accounts/${id}`)).status).toBe(200);
    expect((await rowOf(server.app.deps.db, id)).settings).toEqual({ whatsappCloud: { phoneNumberId: "106540352242944" } });

    await admin("account:update", { account: id, cloudAccessToken: `${operatorToken}-again` });
    expect((await rowOf(server.app.deps.db, id)).settings).toEqual({ whatsappCloud: { phoneNumberId: "106540352242944" } });
  });
});

describe("the migration removed_number_secrets", () => {
  const BEFORE = "20261128120000_message_counts";
  const database = useDatabaseMigratedUntil(BEFORE);

  it("deletes the tokens of numbers removed before it and leaves live numbers' alone", async () => {
    const t = await seedEarlyTenant(database().prisma, 2);
    const [gone, live] = t.accounts.map((a) => a.id) as [number, number];
    const cloud = (token: string) => JSON.stringify({ whatsappCloud: { phoneNumberId: `pn-${token}`, accessToken: token, wabaId: "1" } });
    await database().prisma.$executeRaw`UPDATE account SET settings = ${cloud("removed-token")}::jsonb, removed_at = now() WHERE id = ${gone}`;
    await database().prisma.$executeRaw`UPDATE account SET settings = ${cloud("live-token")}::jsonb WHERE id = ${live}`;
    expect((await rowOf(database().prisma, gone)).settings.whatsappCloud?.accessToken).toBe("removed-token");

    expect(await database().migrate()).toContain("20261128120000_removed_number_secrets");
    expect((await rowOf(database().prisma, gone)).settings).toEqual({ whatsappCloud: { phoneNumberId: "pn-removed-token", wabaId: "1" } });
    expect((await rowOf(database().prisma, live)).settings.whatsappCloud?.accessToken).toBe("live-token");
  });
});
