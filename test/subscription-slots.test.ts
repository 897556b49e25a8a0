import type { ChildProcess } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { onPostgres, startServer, useServer, type TestServer } from "./kit/server.js";
import { runAdminCommand } from "../src/features/admin/admin.js";
import { startServerProcess } from "./kit/spawn.js";
import { subscribeLive, wsClient } from "./kit/ws.js";
import { OWN_PROCESSES_MS } from "./kit/limits.js";

// WS_MAX_SUBSCRIPTIONS_PER_KEY across instances: with Redis every instance counts the key's live
// subscriptions in one place, and the slots of an instance that dies come free when its leases end.
describe.runIf(onPostgres && process.env.REDIS_URL)("subscription limit per key across instances (PostgreSQL + Redis)", () => {
  const limit = { WS_MAX_SUBSCRIPTIONS_PER_KEY: "3" };
  const a = useServer(limit);
  const others: TestServer[] = [];
  const processes: ChildProcess[] = [];
  afterAll(async () => {
    for (const p of processes) p.kill("SIGKILL");
    await Promise.all(others.map((s) => s.close()));
  });

  const subscribeOn = (url: string, key: string) => {
    const ws = wsClient(url, { connectionParams: { apiKey: key } });
    return { ws, sub: ws.subscribe(`subscription { messageEvents { id } }`) };
  };
  const send = (key: string) => () => a().client(key).post("/send", { to: "0501234567", message: "warm-up" });
  /** The code a new subscription on `url` gets: undefined once it hears an event, or its error's code once it ends. */
  const attempt = async (url: string, key: string) => {
    const { ws, sub } = subscribeOn(url, key);
    const outcome = await subscribeLive(sub, send(key));
    const code = sub.errors[0]?.extensions?.code as string | undefined;
    await ws.close();
    return outcome === "live" ? undefined : (code ?? "ended without an error");
  };

  /** Subscriptions are running once each has an event of a message sent after it subscribed. */
  const untilLive = async (subs: Array<ReturnType<typeof subscribeOn>>, key: string) => {
    expect(
      await subscribeLive(
        subs.map((s) => s.sub),
        send(key),
      ),
    ).toBe("live");
    expect(subs.flatMap((s) => s.sub.errors)).toEqual([]);
  };

  it("counts one key's subscriptions on every instance together, and gives a slot back when one ends", { timeout: OWN_PROCESSES_MS }, async () => {
    const b = await startServer({ ...limit, DATABASE_URL: a().databaseUrl!, REDIS_PREFIX: a().app.deps.config.redisPrefix });
    others.push(b);
    const t = await a().seed.tenant().account().create();
    const onA = [subscribeOn(a().url, t.key), subscribeOn(a().url, t.key)];
    const onB = subscribeOn(b.url, t.key);
    await untilLive([...onA, onB], t.key);

    expect(await attempt(a().url, t.key)).toBe("TOO_MANY_SUBSCRIPTIONS");
    expect(await attempt(b.url, t.key)).toBe("TOO_MANY_SUBSCRIPTIONS");
    // Another key of the same tenant has slots of its own.
    const other = (await runAdminCommand(a().app.deps.db, "key:create", { tenant: t.id, label: "second" })) as { key: string };
    expect(await attempt(b.url, other.key)).toBeUndefined();

    // Ending the one on B frees a slot that A can take.
    onB.sub.stop();
    await expect.poll(() => attempt(a().url, t.key), { timeout: 10_000 }).toBeUndefined();
    for (const s of onA) await s.ws.close();
    await onB.ws.close();
  });

  it("keeps a live instance's slots past their lease, and frees a killed instance's once its leases end", { timeout: OWN_PROCESSES_MS }, async () => {
    const t = await a().seed.tenant().account().create();
    const { child, url } = await startServerProcess({
      ...limit,
      DATABASE_URL: a().databaseUrl!,
      REDIS_URL: process.env.REDIS_URL!,
      REDIS_PREFIX: a().app.deps.config.redisPrefix,
      // Renewed every third of it: 4 s lets a process starved by a loaded machine (CI's two cores
      // run this beside other files) miss two renewals and still hold its slots.
      WS_SUBSCRIPTION_LEASE_SECONDS: "4",
      WORKER_ENABLED: "false",
    });
    processes.push(child);
    const held = [subscribeOn(url, t.key), subscribeOn(url, t.key), subscribeOn(url, t.key)];
    await untilLive(held, t.key);
    expect(await attempt(a().url, t.key)).toBe("TOO_MANY_SUBSCRIPTIONS");
    // Three times the lease later the process still holds them: it renews its leases.
    await new Promise((r) => setTimeout(r, 12_000));
    expect(held.every((s) => s.sub.errors.length === 0)).toBe(true);
    expect(await attempt(a().url, t.key)).toBe("TOO_MANY_SUBSCRIPTIONS");

    // Killed, it releases nothing; its leases run out 4 s after its last renewal.
    child.kill("SIGKILL");
    await new Promise((resolve) => child.once("exit", resolve));
    await expect.poll(() => attempt(a().url, t.key), { timeout: 15_000, interval: 250 }).toBeUndefined();
    for (const s of held) void s.ws.close();
  });
});
