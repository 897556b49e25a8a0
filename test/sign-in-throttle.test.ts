import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGN_IN_ATTEMPTS } from "../src/core/auth/console-session.js";
import { startServer, type TestServer } from "./kit/server.js";
import type { SeededTenant } from "./kit/seed.js";

// The console's sign-in is throttled per address and per key: past the key's attempts, a sign-in
// is refused with 429 and Retry-After before the key is read (so the audit log's refused sign-ins
// are bounded too); when the service clock has moved on by the wait, it is allowed again. On
// PostgreSQL with Redis, the buckets are shared by every instance.

let server: TestServer;
let tenant: SeededTenant;

beforeAll(async () => {
  server = await startServer();
  tenant = await server.seed.tenant().create();
});

afterAll(async () => server?.close());

const signIn = (key: string) =>
  fetch(`${server.url}/console/session`, { method: "POST", headers: { "content-type": "application/json", "x-graphql-yoga-csrf": "1" }, body: JSON.stringify({ api_key: key }) });

describe("console sign-in throttling", () => {
  it("refuses a key's sign-ins past its attempts until the wait has passed, and bounds the refused sign-ins recorded", async () => {
    const wrong = `${tenant.key.slice(0, 12)}${"x".repeat(tenant.key.length - 12)}`;
    const first = server.app.deps.clock.now().getTime();
    for (let i = 0; i < SIGN_IN_ATTEMPTS.key.burst; i++) expect((await signIn(wrong)).status).toBe(401);
    const refused = await signIn(tenant.key);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("RATE_LIMITED");
    const wait = Number(refused.headers.get("retry-after"));
    // One token comes back every 900 / 30 = 30 s, counted from the first attempt.
    expect(wait).toBeLessThanOrEqual(900 / SIGN_IN_ATTEMPTS.key.burst);
    expect(wait).toBeGreaterThanOrEqual(900 / SIGN_IN_ATTEMPTS.key.burst - Math.ceil((server.app.deps.clock.now().getTime() - first) / 1000));
    const failed = await server.app.deps.db.auditEvent.count({ where: { tenantId: tenant.id, action: "session.sign_in_failed" } });
    expect(failed).toBe(SIGN_IN_ATTEMPTS.key.burst);

    // Another key from the same address is not held up by this one's attempts.
    const other = await server.seed.tenant().create();
    expect((await signIn(other.key)).status).toBe(200);

    server.app.deps.clock.advance(wait * 1000);
    expect((await signIn(tenant.key)).status).toBe(200);
  });
});
