import { describe, expect, it } from "vitest";
import { onPostgres, useServer } from "./kit/server.js";
import { waitFor } from "./kit/wait.js";
import { answerCounts } from "./kit/http.js";

// PGlite has one connection and never contends, so these claims are proven on PostgreSQL only
// (npm run test:pg). On PGlite the file reports its tests as skipped.
describe.runIf(onPostgres)("concurrency on PostgreSQL", () => {
  const server = useServer({ DB_POOL_MAX: "20" });

  it("100 concurrent sends against 10 remaining: exactly 10 accepted, 90 × 429, never negative", async () => {
    const t = await server().seed.tenant({ monthlyLimit: 15 }).account().account().create();
    const api = server().client(t.key);
    for (let i = 0; i < 5; i++) expect((await api.post("/send", { to: "0501234567", message: "warm-up" })).status).toBe(200);
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => api.post("/send", { to: "0501234567", message: `race ${i}` })));
    expect(answerCounts(results)).toEqual({ "200": 10, "429 MONTHLY_LIMIT_REACHED": 90 });
    expect((await api.get("/balance")).body.messages).toEqual({ limit: 15, used: 15, remaining: 0 });
    expect(await server().app.deps.db.message.count({ where: { tenantId: t.id } })).toBe(15);
  });

  it("concurrent sends never take more of a number than its daily limit (no double sender choice)", async () => {
    const t = await server().seed.tenant().account({ dailyLimit: 7 }).account({ dailyLimit: 5 }).create();
    const api = server().client(t.key);
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => api.post("/send", { to: "0501234567", message: `c${i}` })));
    expect(answerCounts(results)).toEqual({ "200": 12, "429 ACCOUNT_LIMIT_REACHED": 28 });
    const rows = await server().app.deps.db.message.groupBy({ by: ["accountId"], where: { tenantId: t.id }, _count: { _all: true }, orderBy: { accountId: "asc" } });
    expect(rows.map((r) => [r.accountId, r._count._all])).toEqual([
      [t.accounts[0]!.id, 7],
      [t.accounts[1]!.id, 5],
    ]);
    const accounts = (await api.get("/accounts")).body.accounts;
    expect(accounts.map((a: { today_sent: number }) => a.today_sent)).toEqual([7, 5]);
    expect((await api.get("/balance")).body.messages.used).toBe(12);
  });

  it("concurrent bulk requests never overspend: each is accepted whole or refused whole", async () => {
    const t = await server().seed.tenant({ monthlyLimit: 100 }).account().create();
    const api = server().client(t.key);
    const batch = (k: number) => Array.from({ length: 30 }, (_, i) => `05${60_000_000 + k * 100 + i}`);
    const results = await Promise.all(Array.from({ length: 8 }, (_, k) => api.post("/send-bulk", { numbers: batch(k), message: "b" })));
    expect(answerCounts(results)).toEqual({ "200": 3, "429 MONTHLY_LIMIT_REACHED": 5 });
    expect(await server().app.deps.db.message.count({ where: { tenantId: t.id } })).toBe(90);
    expect((await api.get("/balance")).body.messages).toMatchObject({ used: 90, remaining: 10 });
  });

  it("single sends and a running bulk batch share the allowance and deliver each message once", async () => {
    const t = await server().seed.tenant({ monthlyLimit: 250 }).account().account().create();
    const api = server().client(t.key);
    const bulk = await api.post("/send-bulk", { numbers: Array.from({ length: 200 }, (_, i) => `05${61_000_000 + i}`), message: "b" });
    expect(bulk.status).toBe(200);
    const singles = await Promise.all(Array.from({ length: 80 }, (_, i) => api.post("/send", { to: "0501234567", message: `s${i}` })));
    expect(answerCounts(singles)).toEqual({ "200": 50, "429 MONTHLY_LIMIT_REACHED": 30 });
    await waitFor(
      () => api.get(`/batches/${bulk.body.batch_id}`),
      (r) => r.body.status === "completed",
    );
    const ids = await server().app.deps.db.message.findMany({ where: { tenantId: t.id }, select: { id: true, status: true } });
    expect(ids).toHaveLength(250);
    expect(ids.filter((m) => m.status !== "sent")).toEqual([]);
    const delivered = server().app.channel.ledger.filter((e) => ids.some((m) => m.id === e.messageId));
    expect(delivered).toHaveLength(250);
    expect(new Set(delivered.map((d) => d.messageId)).size).toBe(250);
  });
});
