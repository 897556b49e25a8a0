import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/core/config.js";
import { createApp } from "../src/app/app.js";
import { createLogger } from "../src/core/runtime/logger.js";
import { runScript } from "./kit/spawn.js";
import { OWN_PROCESSES_MS } from "./kit/limits.js";
import { embeddedPass } from "./kit/server.js";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gateway-admin-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const admin = async (args: string[], env: Record<string, string> = {}) => {
  const r = await runScript("src/features/admin/cli.ts", [...args, "--json"], { DATA_DIR: dir, ...env });
  return { code: r.code, json: JSON.parse(r.stdout.trim().split("\n").pop() ?? "null") as Record<string, unknown>, stderr: r.stderr };
};

describe.runIf(embeddedPass)("admin CLI", () => {
  it("works on the embedded database with no server running, then through a running server", { timeout: OWN_PROCESSES_MS }, async () => {
    const falling = await admin(["plan:create", "--name", "Ramp", "--monthly-limit", "5000", "--max-accounts", "1", "--warmup-ramp", "50,30"]);
    expect(falling.code).toBe(1);
    expect(falling.json).toMatchObject({ error: { code: "VALIDATION_ERROR", fields: { warmupRamp: expect.stringContaining("increase") } } });
    const plan = await admin(["plan:create", "--name", "Pro", "--monthly-limit", "5000", "--max-accounts", "1", "--warmup-ramp", "10,20,40", "--first-contact-cap", "8"]);
    expect(plan.code).toBe(0);
    expect(plan.json).toMatchObject({ name: "Pro", monthlyMessageLimit: 5000, maxAccounts: 1, warmupRamp: [10, 20, 40], firstContactCap: 8 });
    const tenant = await admin(["tenant:create", "--name", "Shop", "--plan", "Pro", "--ends", "2099-01-31"]);
    expect(tenant.json).toMatchObject({ name: "Shop", subscriptionEnds: "2099-01-31", status: "active" });
    // An operator of the gateway, with the secrets printed once: a password, a TOTP secret and its otpauth address, ten recovery codes.
    const operator = await admin(["operator:create", "--email", "Ops@Example.com", "--role", "support"]);
    expect(operator.json).toMatchObject({
      operator: { email: "ops@example.com", role: "support", disabledAt: null },
      password: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/),
      totpSecret: expect.stringMatching(/^[A-Z2-7]{32}$/),
      totpUri: expect.stringMatching(/^otpauth:\/\/totp\/.*secret=[A-Z2-7]{32}/),
      recoveryCodes: expect.arrayContaining([expect.stringMatching(/^[a-z2-9]{5}-[a-z2-9]{5}$/)]),
    });
    expect(operator.json.recoveryCodes).toHaveLength(10);
    expect(operator.json.operator).not.toHaveProperty("passwordHash");

    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dir, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "silent", SEED_DEMO: "false" });
    const app = await createApp(config, { log: createLogger(config) });
    const url = await app.listen();
    try {
      const account = await admin(["account:create", "--tenant", String(tenant.json.id), "--phone", "0551234567", "--name", "Main", "--daily-limit", "100"]);
      expect(account.code).toBe(0);
      // A new number warms up on its plan's ramp.
      expect(account.json).toMatchObject({ phoneNumber: "966551234567", dailyLimit: 100, status: "connected", warmupStartedOn: expect.any(String) });
      const second = await admin(["account:create", "--tenant", String(tenant.json.id), "--phone", "0551234568", "--name", "Extra"]);
      expect(second.code).toBe(1);
      expect(second.json).toMatchObject({ error: { code: "VALIDATION_ERROR" } });

      const key = await admin(["key:create", "--tenant", String(tenant.json.id), "--label", "ci"]);
      expect(key.json.key).toMatch(/^gw_/);
      const send = await fetch(`${url}/api/v1/send`, {
        method: "POST",
        headers: { "x-api-key": String(key.json.key), "content-type": "application/json" },
        body: JSON.stringify({ to: "0501234567", message: "from the CLI's key" }),
      });
      expect(send.status).toBe(200);

      expect((await admin(["tenant:suspend", "--tenant", String(tenant.json.id)])).json).toMatchObject({ status: "suspended" });
      const refused = await fetch(`${url}/api/v1/balance`, { headers: { "x-api-key": String(key.json.key) } });
      expect(refused.status).toBe(403);
      expect((await admin(["tenant:resume", "--tenant", String(tenant.json.id)])).json).toMatchObject({ status: "active" });
      expect((await admin(["key:revoke", "--key", String(key.json.prefix)])).json.revokedAt).toBeTruthy();
      expect((await fetch(`${url}/api/v1/balance`, { headers: { "x-api-key": String(key.json.key) } })).status).toBe(401);

      // Every change above, by the command line with or without the server, is in the operators'
      // chain: plan, tenant, operator, number, key, suspend, resume, revoke (the refused ones are not).
      const chain = await admin(["audit:verify", "--operator"]);
      expect(chain.json).toEqual({ ok: true, events: 8, breaks: [] });
      expect(chain.code).toBe(0);

      // Without the admin token or an operator's session the route is not advertised.
      const unauthorised = await fetch(`${url}/admin/commands`, { method: "POST", body: JSON.stringify({ command: "plan:list" }) });
      expect(unauthorised.status).toBe(404);
    } finally {
      await app.close();
    }
  });

  it("lists every bad setting at boot and exits 1", { timeout: OWN_PROCESSES_MS }, async () => {
    const r = await runScript("src/main.ts", [], { PORT: "eighty", TIME_ZONE: "Mars/Olympus", DATABASE_URL: "mysql://x" });
    expect(r.code).toBe(1);
    for (const name of ["PORT", "TIME_ZONE", "DATABASE_URL"]) expect(r.stderr).toContain(name);
  });
});
