import { describe, expect, it } from "vitest";
import { graphql } from "../src/gql/index.js";
import { runAdminCommand } from "../src/features/admin/admin.js";
import { useServer } from "./kit/server.js";

const server = useServer();

const BalanceQuery = graphql(`
  query AuthBalance {
    balance { plan messages { remaining } }
  }
`);

describe("API keys", () => {
  it("accepts the key as a Bearer token, an X-API-Key header, or ?api_key=, on REST and GraphQL", async () => {
    const t = await server().seed.tenant().account().create();
    const anon = server().client();
    const ways = [
      (path: string) => anon.request("GET", path, undefined, { authorization: `Bearer ${t.key}` }),
      (path: string) => anon.request("GET", path, undefined, { "x-api-key": t.key }),
      (path: string) => anon.request("GET", `${path}${path.includes("?") ? "&" : "?"}api_key=${encodeURIComponent(t.key)}`),
    ];
    for (const way of ways) {
      const rest = await way("/api/v1/balance");
      expect(rest.status).toBe(200);
      expect(rest.body.messages.limit).toBe(1000);
      const gql = await way(`/graphql?query=${encodeURIComponent("{ balance { plan } }")}`);
      expect(gql.status).toBe(200);
      expect(gql.body.data.balance.plan).toMatch(/^plan-/);
    }
  });

  it.each([
    ["no key", {}],
    ["a wrong key", { authorization: "Bearer gw_AAAAAAAA_thisisnotarealkeythisisnotarealkey00" }],
    ["a malformed key", { "x-api-key": "hello" }],
    ["an empty bearer", { authorization: "Bearer " }],
  ])("answers 401 UNAUTHORIZED for %s on every endpoint", async (_, headers) => {
    const anon = server().client();
    for (const [method, path, body] of [
      ["POST", "/api/v1/send", { to: "0501234567", message: "x" }],
      ["POST", "/api/v1/send-bulk", { numbers: ["0501234567"], message: "x" }],
      ["GET", "/api/v1/messages/1"],
      ["GET", "/api/v1/batches/1"],
      ["GET", "/api/v1/accounts"],
      ["GET", "/api/v1/balance"],
    ] as const) {
      const r = await anon.request(method, path, body, headers);
      expect(r.status, `${method} ${path}`).toBe(401);
      expect(r.body).toEqual({ success: false, error: { code: "UNAUTHORIZED", message: expect.any(String) } });
    }
    const gql = await anon.graphql(BalanceQuery);
    expect(gql.errors?.[0]?.extensions?.code).toBe("UNAUTHORIZED");
  });

  it("refuses a revoked key with 401", async () => {
    const t = await server().seed.tenant().account().create();
    expect((await server().client(t.key).get("/balance")).status).toBe(200);
    await runAdminCommand(server().app.deps.db, "key:revoke", { key: t.key.slice(0, 11) });
    const r = await server().client(t.key).get("/balance");
    expect(r.status).toBe(401);
  });

  it("answers 403 ACCOUNT_SUSPENDED for a suspended tenant, and lets it in again once resumed", async () => {
    const t = await server().seed.tenant({ status: "suspended" }).account().create();
    const api = server().client(t.key);
    const r = await api.post("/send", { to: "0501234567", message: "x" });
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe("ACCOUNT_SUSPENDED");
    expect(await server().app.deps.db.message.count({ where: { tenantId: t.id } })).toBe(0);
    await runAdminCommand(server().app.deps.db, "tenant:resume", { tenant: t.id });
    expect((await api.post("/send", { to: "0501234567", message: "x" })).status).toBe(200);
  });

  it("answers 403 SUBSCRIPTION_EXPIRED once the end date has passed; the end date itself still counts", async () => {
    const clock = server().app.deps.clock;
    const yesterday = clock.day(new Date(Date.now() - 86_400_000));
    const expired = await server().seed.tenant({ ends: yesterday }).account().create();
    const r = await server().client(expired.key).get("/balance");
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe("SUBSCRIPTION_EXPIRED");

    const endsToday = await server().seed.tenant({ ends: clock.day() }).account().create();
    expect((await server().client(endsToday.key).get("/balance")).status).toBe(200);

    await runAdminCommand(server().app.deps.db, "tenant:renew", { tenant: expired.id, until: "2099-01-01" });
    expect((await server().client(expired.key).get("/balance")).body.subscription_ends).toBe("2099-01-01");
  });

  it("stores only a hash and a visible prefix of the key, and records when it was used", async () => {
    const t = await server().seed.tenant().account().create();
    await server().client(t.key).get("/balance");
    const row = await server().app.deps.db.apiKey.findFirstOrThrow({ where: { tenantId: t.id } });
    expect(t.key.startsWith(`${row.prefix}_`)).toBe(true);
    expect(row.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(t.key.slice(12));
    expect(row.lastUsedAt).not.toBeNull();
  });
});
