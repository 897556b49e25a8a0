import pg from "pg";
import { describe, expect, it } from "vitest";
import { onPostgres, startServer, useServer } from "./kit/server.js";
import { runAdminCommand } from "../src/features/admin/admin.js";
import { waitFor } from "./kit/wait.js";

// API keys are cached for AUTH_CACHE_MS (key-cache.ts). A change made through this process's
// services forgets them at once; one made elsewhere is announced by a trigger (PostgreSQL NOTIFY);
// and no entry outlives AUTH_CACHE_MS whatever happens to the announcements.

describe("cached API keys", () => {
  // A long lifetime, so only invalidation can explain a refusal seen soon after a change.
  const server = useServer({ AUTH_CACHE_MS: "60000" });

  it("serves a key from the cache until it is forgotten, and an admin command forgets it at once", async () => {
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    expect((await api.get("/balance")).status).toBe(200);
    // Changed behind the services' back. The embedded database has no other process and so no
    // listener: the key is served from the cache (on PostgreSQL the trigger's notification may
    // already have arrived, so only the embedded case is asserted).
    await server().app.deps.db.$executeRaw`UPDATE tenant SET status = 'suspended' WHERE id = ${t.id}`;
    if (!onPostgres) expect((await api.get("/balance")).status).toBe(200);
    await runAdminCommand(server().app.deps.db, "tenant:resume", { tenant: t.id });
    expect((await api.get("/balance")).status).toBe(200);
    await runAdminCommand(server().app.deps.db, "tenant:suspend", { tenant: t.id });
    const refused = await api.get("/balance");
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("ACCOUNT_SUSPENDED");
    await runAdminCommand(server().app.deps.db, "key:revoke", { key: t.key.slice(0, 11) });
    await runAdminCommand(server().app.deps.db, "tenant:resume", { tenant: t.id });
    expect((await api.get("/balance")).status).toBe(401);
  });

  it("a changed send window reaches the next send at once (it travels with the cached key)", async () => {
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    expect((await api.post("/send", { to: "0501234567", message: "before" })).body.status).toBe("sent");
    // A window that is closed now: open all day, but only tomorrow.
    const today = new Intl.DateTimeFormat("en-US", { timeZone: "Asia/Riyadh", weekday: "short" }).format(server().app.deps.clock.now()).toLowerCase();
    const days = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];
    const tomorrow = days[(days.indexOf(today) + 1) % 7]!;
    expect((await api.put("/send-window", { time_zone: "Asia/Riyadh", days: [tomorrow], start: "00:00", end: "24:00" })).status).toBe(200);
    const refused = await api.post("/send", { to: "0501234567", message: "after" });
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe("OUTSIDE_SEND_WINDOW");
  });

  it("forgets a key whose change was not made through it once AUTH_CACHE_MS has passed", async () => {
    const short = await startServer({ AUTH_CACHE_MS: "300" });
    try {
      const t = await short.seed.tenant().account().create();
      const api = short.client(t.key);
      expect((await api.get("/balance")).status).toBe(200);
      await short.app.deps.db.$executeRaw`UPDATE api_key SET revoked_at = now() WHERE tenant_id = ${t.id}`;
      const refused = await waitFor(
        () => api.get("/balance"),
        (r) => r.status !== 200,
        5_000,
      );
      expect(refused.status).toBe(401);
    } finally {
      await short.close();
    }
  });

  it.runIf(onPostgres)("hears of a revocation made by another process through PostgreSQL's notification, well inside the cache's lifetime", async () => {
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    expect((await api.get("/balance")).status).toBe(200);
    // Another process: a connection of its own, as the admin CLI or another instance would use.
    const url = new URL(server().databaseUrl!);
    const schema = url.searchParams.get("schema")!;
    url.searchParams.delete("schema");
    const other = new pg.Client({ connectionString: url.toString(), options: `-c search_path="${schema}"` });
    await other.connect();
    try {
      await other.query("UPDATE api_key SET revoked_at = now() WHERE tenant_id = $1", [t.id]);
    } finally {
      await other.end();
    }
    // The cache would keep the key for 60 s; the notification ends it within a moment.
    const refused = await waitFor(
      () => api.get("/balance"),
      (r) => r.status !== 200,
      10_000,
    );
    expect(refused.status).toBe(401);
  });
});
