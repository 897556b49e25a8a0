import { beforeAll, describe, expect, it } from "vitest";
import { runAdminCommand } from "../src/features/admin/admin.js";
import { onPostgres, startServer, useServer } from "./kit/server.js";

// Request rate limits per API key (token bucket per plan), with RateLimit-* headers on every
// answer; over the limit 429 RATE_LIMITED with Retry-After. Shared through Redis across instances.
const server = useServer();
// The buckets refill from the service clock: held still, a slow machine cannot refill one between two requests.
beforeAll(() => server().app.deps.clock.freeze());

const limits = (r: { headers: Headers }) => [r.headers.get("ratelimit-limit"), r.headers.get("ratelimit-remaining"), r.headers.get("retry-after")];

describe("rate limits", () => {
  it("lets a burst through, then refuses with 429 RATE_LIMITED and Retry-After, headers on every answer", async () => {
    const t = await server().seed.tenant({ requestsPerSecond: 1, requestBurst: 3 }).account().create();
    const api = server().client(t.key);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await api.get("/balance"));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
    expect(answers.slice(0, 3).map(limits)).toEqual([
      ["3", "2", null],
      ["3", "1", null],
      ["3", "0", null],
    ]);
    expect(limits(answers[3]!)).toEqual(["3", "0", "1"]);
    expect(answers[3]!.body.error.code).toBe("RATE_LIMITED");
    // The clock is held still: three tokens spent at one a second fill again in three seconds.
    expect(answers[3]!.headers.get("ratelimit-reset")).toBe("3");
  });

  it("limits GraphQL the same way, per key, and keeps the monthly allowance's 429 apart", async () => {
    const t = await server().seed.tenant({ requestsPerSecond: 1, requestBurst: 2, monthlyLimit: 0 }).account().create();
    const second = (await runAdminCommand(server().app.deps.db, "key:create", { tenant: t.id, label: "second" })) as { key: string };
    const gql = (key: string) => server().client(key).request("POST", "/graphql", { query: "{ balance { plan } }" });
    const a1 = await gql(t.key);
    expect(limits(a1)).toEqual(["2", "1", null]);
    const monthly = await server().client(t.key).post("/send", { to: "0501234567", message: "x" });
    expect(monthly.status).toBe(429);
    expect(monthly.body.error.code).toBe("MONTHLY_LIMIT_REACHED");
    expect(limits(monthly)).toEqual(["2", "0", null]);
    const refused = await gql(t.key);
    expect(refused.body.errors[0].extensions.code).toBe("RATE_LIMITED");
    expect(refused.headers.get("retry-after")).toBe("1");
    // Another key of the same tenant has a bucket of its own.
    expect(limits(await gql(second.key))).toEqual(["2", "1", null]);
  });

  it.runIf(onPostgres && process.env.REDIS_URL)("spends one bucket across two instances through Redis", async () => {
    const other = await startServer({ DATABASE_URL: server().databaseUrl!, REDIS_PREFIX: server().app.deps.config.redisPrefix });
    // Both instances' clocks held at the same reading.
    other.app.deps.clock.freeze();
    other.app.deps.clock.advance(server().app.deps.clock.now().getTime() - other.app.deps.clock.now().getTime());
    try {
      const t = await server().seed.tenant({ requestsPerSecond: 1, requestBurst: 3 }).account().create();
      const statuses = [];
      for (const s of [server(), other, server(), other]) statuses.push((await s.client(t.key).get("/balance")).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await other.close();
    }
  });
});
