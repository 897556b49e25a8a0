import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAdminCommand } from "../src/features/admin/admin.js";
import { startServer, onPostgres, type TestServer } from "./kit/server.js";
import { startFakeProvider } from "./kit/fake-provider.js";
import { runScript } from "./kit/spawn.js";
import { waitFor } from "./kit/wait.js";
import { openWindows, WINDOW_APP_SECRET } from "./kit/customer-window.js";
import { OWN_PROCESSES_MS } from "./kit/limits.js";

// An operator rotates a WhatsApp Cloud token while the gateway sends from that number. On
// PostgreSQL the admin CLI is a process of its own that writes to the database directly; on the
// embedded database it goes through the server's admin endpoint. Either way the server learns of
// the change only through the database.

const ADMIN_TOKEN = "admin-token-for-account-changes-test";

/** Answers for a token the test refuses are held until the test lets them go, then refused (190). */
const held: Array<() => void> = [];
let provider: Awaited<ReturnType<typeof startFakeProvider>>;
let server: TestServer;
beforeAll(async () => {
  provider = await startFakeProvider(async (req) => {
    if (req.headers.authorization === "Bearer revoked-token") {
      await new Promise<void>((release) => held.push(release));
      return { status: 401, body: { error: { message: "Error validating access token", type: "OAuthException", code: 190 } } };
    }
    return { status: 200, body: { messages: [{ id: `wamid.${provider.requests.length}` }] } };
  });
  server = await startServer({
    WHATSAPP_CLOUD_BASE_URL: provider.url,
    // The contact writes first: Cloud numbers send free-form messages only inside its 24-hour window.
    WHATSAPP_CLOUD_APP_SECRET: WINDOW_APP_SECRET,
    ADMIN_TOKEN,
    WORKER_RETRY_BASE_MS: "20",
    // A held answer waits for the admin CLI, a process that takes seconds to start: neither the
    // driver's timeout nor the message's lease may end the send in flight meanwhile.
    CHANNEL_TIMEOUT_MS: "120000",
    WORKER_LEASE_SECONDS: "600",
  });
});
afterAll(async () => {
  await server?.close();
  await provider?.close();
});

const cloudSettings = (accountId: number, token: string) => ({
  account: String(accountId),
  channel: "whatsapp-cloud",
  cloudPhoneNumberId: `pn${accountId}`,
  cloudAccessToken: token,
});

/** The number's first token, set up beside the server (the server has not read the account yet). */
const setUpCloud = async (accountId: number, token: string) => {
  await runAdminCommand(server.app.deps.db, "account:update", cloudSettings(accountId, token));
  await openWindows(server, `pn${accountId}`, ["966501234567"]);
};

/** `npm run admin -- account:update` as an operator runs it against this server's database. */
async function rotateToken(accountId: number, token: string): Promise<void> {
  const args = cloudSettings(accountId, token);
  if (onPostgres) {
    const flags = Object.entries(args).flatMap(([k, v]) => [`--${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`, v]);
    const r = await runScript("src/features/admin/cli.ts", ["account:update", ...flags, "--json"], { DATABASE_URL: server.databaseUrl! });
    expect(r.code, r.stderr).toBe(0);
    return;
  }
  const r = await fetch(`${server.url}/admin/commands`, {
    method: "POST",
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, "content-type": "application/json" },
    body: JSON.stringify({ command: "account:update", args }),
  });
  expect(r.status).toBe(200);
}

const tokensSince = (from: number) => provider.requests.slice(from).map((r) => r.headers.authorization);
const statusOf = async (key: string, accountId: number) =>
  ((await server.client(key).get("/accounts")).body.accounts as Array<{ id: number; status: string }>).find((a) => a.id === accountId)?.status;

describe("changes to an account", () => {
  it("the next send after a token rotation uses the new token", { timeout: OWN_PROCESSES_MS }, async () => {
    const t = await server.seed.tenant().account().create();
    const account = t.accounts[0]!.id;
    const api = server.client(t.key);
    await setUpCloud(account, "token-one");
    const from = provider.requests.length;
    expect((await api.post("/send", { to: "0501234567", message: "first" })).status).toBe(200);

    await rotateToken(account, "token-two");
    expect((await api.post("/send", { to: "0501234567", message: "second" })).status).toBe(200);
    expect(tokensSince(from)).toEqual(["Bearer token-one", "Bearer token-two"]);
  });

  it("a send refused with a token replaced meanwhile does not mark the fixed account", { timeout: OWN_PROCESSES_MS }, async () => {
    const t = await server.seed.tenant().account().create();
    const account = t.accounts[0]!.id;
    const api = server.client(t.key);
    await setUpCloud(account, "revoked-token");
    const from = provider.requests.length;

    const inFlight = api.post("/send", { to: "0501234567", message: "with the old token" });
    await waitFor(
      () => Promise.resolve(held.length),
      (n) => n === 1,
    );
    await rotateToken(account, "fixed-token");
    held.shift()!();
    const refused = await inFlight;
    expect(refused.status).toBe(502);
    expect(refused.body.error.message).toContain("token_invalid");
    expect(await statusOf(t.key, account)).toBe("connected");

    expect((await api.post("/send", { to: "0501234567", message: "with the new token" })).status).toBe(200);
    expect(tokensSince(from)).toEqual(["Bearer revoked-token", "Bearer fixed-token"]);
  });

  it("a queued message refused with a replaced token is retried with the new one", { timeout: OWN_PROCESSES_MS }, async () => {
    const t = await server.seed.tenant().account().create();
    const account = t.accounts[0]!.id;
    const api = server.client(t.key);
    await setUpCloud(account, "revoked-token");
    const from = provider.requests.length;

    const bulk = await api.post("/send-bulk", { numbers: ["0501234567"], message: "queued" });
    expect(bulk.status).toBe(200);
    await waitFor(
      () => Promise.resolve(held.length),
      (n) => n === 1,
    );
    await rotateToken(account, "fixed-token");
    held.shift()!();
    const done = await waitFor(
      () => api.get(`/batches/${bulk.body.batch_id}`),
      (b) => b.body.status === "completed",
    );
    expect(done.body.counts).toEqual({ pending: 0, sending: 0, sent: 1, failed: 0, cancelled: 0, expired: 0, opted_out: 0, delivered: 0, read: 0, replies: 0 });
    expect(tokensSince(from)).toEqual(["Bearer revoked-token", "Bearer fixed-token"]);
    expect(await statusOf(t.key, account)).toBe("connected");
  });
});
