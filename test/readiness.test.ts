import { describe, expect, it } from "vitest";
import { setTimeout as sleep } from "node:timers/promises";
import { onPostgres, startServer, useServer } from "./kit/server.js";
import { startRedisServer } from "./kit/redis-server.js";

// /healthz: the process is alive. /readyz: it can work now (database, migrations, Redis if set).
const server = useServer();

describe("health and readiness", () => {
  it("is alive and ready, naming each check", async () => {
    expect((await fetch(`${server().url}/healthz`)).status).toBe(200);
    const r = await fetch(`${server().url}/readyz`);
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({
      status: "ready",
      checks: { database: "ok", migrations: "ok", redis: onPostgres && process.env.REDIS_URL ? "ok" : "not configured" },
    });
  });

  it("is not ready while a migration of this build is missing from the database", async () => {
    const db = server().app.deps.db;
    const [last] = await db.$queryRaw<Array<{ id: string; migration_name: string }>>`
      SELECT id, migration_name FROM _prisma_migrations ORDER BY migration_name DESC LIMIT 1`;
    await db.$executeRaw`UPDATE _prisma_migrations SET rolled_back_at = now() WHERE id = ${last!.id}`;
    try {
      const r = await fetch(`${server().url}/readyz`);
      expect(r.status).toBe(503);
      expect(await r.json()).toMatchObject({ status: "not ready", checks: { database: "ok", migrations: `failed: not applied: ${last!.migration_name}` } });
    } finally {
      await db.$executeRaw`UPDATE _prisma_migrations SET rolled_back_at = NULL WHERE id = ${last!.id}`;
    }
    expect((await fetch(`${server().url}/readyz`)).status).toBe(200);
  });

  it("waits for its Redis connection to come up within the probe's bound rather than failing at once", async () => {
    // The publishing connection sends nothing while it is down (no offline queue): a probe right
    // after start, before it has connected, must wait for it rather than report Redis failed.
    const redis = await startRedisServer();
    await redis.stop();
    const early = await startServer({ REDIS_URL: redis.url, REDIS_PREFIX: `readyz-early${Date.now()}` });
    try {
      const probe = fetch(`${early.url}/readyz`);
      await sleep(300);
      await redis.start();
      const r = await probe;
      expect(await r.json()).toMatchObject({ status: "ready", checks: { redis: "ok" } });
    } finally {
      await early.close();
      await redis.stop();
    }
  });

  it("is not ready when its Redis does not answer", async () => {
    const unreachable = await startServer({ REDIS_URL: "redis://127.0.0.1:1", REDIS_PREFIX: `readyz${Date.now()}` });
    try {
      const r = await fetch(`${unreachable.url}/readyz`);
      expect(r.status).toBe(503);
      const body = (await r.json()) as { checks: Record<string, string> };
      expect(body.checks.database).toBe("ok");
      expect(body.checks.redis).toMatch(/^failed: /);
    } finally {
      await unreachable.close();
    }
  });
});
