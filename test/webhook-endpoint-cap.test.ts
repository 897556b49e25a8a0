import pg from "pg";
import { describe, expect, it } from "vitest";
import { splitSchema } from "../src/core/db/database.js";
import { runAdminCommand } from "../src/features/admin/admin.js";
import { createWebhookEndpoint } from "../src/features/webhooks/webhooks.js";
import { parseNewEndpoint } from "../src/features/webhooks/endpoint-input.js";
import { onPostgres, useServer } from "./kit/server.js";
import { waitFor } from "./kit/wait.js";
import { byOperator } from "../src/core/audit/audited.js";

// The cap of 10 endpoints per tenant must hold when registrations arrive together. PGlite has one
// connection and never runs two registrations at once, so the race can only be shown on PostgreSQL.
// A pool larger than the burst lets every request reach the database at the same time.
const server = useServer({ WEBHOOK_ALLOW_PRIVATE_ADDRESSES: "true", WORKER_ENABLED: "false", DB_POOL_MAX: "40" });

/**
 * A session of the test's own on the server's schema. Holding webhook_endpoint in ACCESS EXCLUSIVE
 * mode stops every registration at its first touch of the table, so all of them are in flight
 * together when it is let go; otherwise the server's per-request work spreads a burst out and the
 * race shows only now and then.
 */
async function tableHolder() {
  const { connectionString, schema } = splitSchema(server().databaseUrl!);
  const client = new pg.Client({ connectionString, options: `-c search_path="${schema}"` });
  await client.connect();
  await client.query("BEGIN");
  await client.query("LOCK TABLE webhook_endpoint IN ACCESS EXCLUSIVE MODE");
  const pid = (await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]!.pid;
  return {
    /** Sessions waiting for this one, directly or behind another waiter. */
    async waiting(): Promise<number> {
      // Activity is read once per transaction unless the snapshot is dropped.
      await client.query("SELECT pg_stat_clear_snapshot()");
      const { rows } = await client.query<{ n: number }>(
        `WITH RECURSIVE blocked(pid) AS (
           SELECT pid FROM pg_stat_activity WHERE $1 = ANY (pg_blocking_pids(pid))
           UNION SELECT a.pid FROM pg_stat_activity a JOIN blocked b ON b.pid = ANY (pg_blocking_pids(a.pid)))
         SELECT count(*)::int AS n FROM blocked`,
        [pid],
      );
      return rows[0]!.n;
    },
    release: () => client.query("COMMIT"),
    end: () => client.end(),
  };
}

describe("the per-tenant webhook endpoint cap", () => {
  it("frees a place when an endpoint is deleted", async () => {
    const tenant = await server().seed.tenant().create();
    const api = server().client(tenant.key);
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) ids.push((await api.post("/webhooks", { url: `http://127.0.0.1:1/${i}` })).body.webhook.id);
    const full = await api.post("/webhooks", { url: "http://127.0.0.1:1/full" });
    expect(full.status).toBe(422);
    expect(full.body.error).toMatchObject({ code: "VALIDATION_ERROR", fields: { url: "a tenant may have at most 10 webhook endpoints; delete one first" } });
    expect((await api.request("DELETE", `/api/v1/webhooks/${ids[0]}`)).status).toBe(200);
    expect((await api.post("/webhooks", { url: "http://127.0.0.1:1/again" })).status).toBe(200);
    expect((await api.get("/webhooks")).body.webhooks).toHaveLength(10);
  });

  it("answers an unknown tenant with NOT_FOUND, not with the cap", async () => {
    const create = createWebhookEndpoint(server().app.deps.db, { allowPrivateAddresses: true }, 2_000_000_000, parseNewEndpoint({ url: "http://127.0.0.1:1/x" }), byOperator());
    await expect(create).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it.runIf(onPostgres)("holds under 30 concurrent registrations over REST: exactly 10 made, 20 refused", async () => {
    const tenant = await server().seed.tenant().create();
    const api = server().client(tenant.key);
    const holder = await tableHolder();
    try {
      const pending = Promise.all(Array.from({ length: 30 }, (_, i) => api.post("/webhooks", { url: `http://127.0.0.1:1/race/${i}` })));
      await waitFor(
        () => holder.waiting(),
        (n) => n >= 30,
      );
      await holder.release();
      const answers = await pending;
      expect(answers.map((a) => a.status).sort()).toEqual([...Array(10).fill(200), ...Array(20).fill(422)]);
      for (const refused of answers.filter((a) => a.status === 422)) {
        expect(refused.body.error).toMatchObject({ code: "VALIDATION_ERROR", fields: { url: "a tenant may have at most 10 webhook endpoints; delete one first" } });
      }
    } finally {
      await holder.end();
    }
    expect((await api.get("/webhooks")).body.webhooks).toHaveLength(10);
    expect(await server().app.deps.db.webhookEndpoint.count({ where: { tenantId: tenant.id } })).toBe(10);
  });

  it.runIf(onPostgres)("holds for operators too: concurrent webhook:create commands stop at 10", async () => {
    const tenant = await server().seed.tenant().create();
    const create = (i: number) => runAdminCommand(server().app.deps.db, "webhook:create", { tenant: tenant.id, url: `http://127.0.0.1:1/ops/${i}` }, server().app.deps.config);
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => create(i)));
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(10);
    for (const o of outcomes.filter((o) => o.status === "rejected")) expect(o.reason).toMatchObject({ code: "VALIDATION_ERROR" });
    expect(await server().app.deps.db.webhookEndpoint.count({ where: { tenantId: tenant.id } })).toBe(10);
  });
});
