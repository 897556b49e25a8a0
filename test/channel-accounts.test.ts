import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAdminCommand } from "../src/features/admin/admin.js";
import { startServer, type TestServer } from "./kit/server.js";
import { startFakeProvider } from "./kit/fake-provider.js";
import { waitFor } from "./kit/wait.js";
import { openWindows, WINDOW_APP_SECRET } from "./kit/customer-window.js";

// End to end through real drivers: the gateway talks to a local server implementing the WhatsApp
// Cloud API contract, which refuses one number's token (code 190), and WAHA's, whose session
// "stopped" is not WORKING (422).
let provider: Awaited<ReturnType<typeof startFakeProvider>>;
let server: TestServer;
beforeAll(async () => {
  provider = await startFakeProvider((req) => {
    if (req.path.startsWith("/api/")) {
      return { status: 422, body: { error: "Session status is not as expected", session: "stopped", status: "STOPPED", expected: ["WORKING"] } };
    }
    return req.headers.authorization === "Bearer revoked-token"
      ? { status: 401, body: { error: { message: "Error validating access token", type: "OAuthException", code: 190 } } }
      : { status: 200, body: { messages: [{ id: `wamid.${req.path.split("/")[2]}.${Date.now()}` }] } };
  });
  server = await startServer({ WHATSAPP_CLOUD_BASE_URL: provider.url, WAHA_BASE_URL: provider.url, WORKER_RETRY_BASE_MS: "20", WHATSAPP_CLOUD_APP_SECRET: WINDOW_APP_SECRET });
});
afterAll(async () => {
  await server?.close();
  await provider?.close();
});

async function cloudAccount(accountId: number, token: string) {
  await runAdminCommand(server.app.deps.db, "account:update", {
    account: accountId,
    channel: "whatsapp-cloud",
    cloudPhoneNumberId: `pn${accountId}`,
    cloudAccessToken: token,
  });
  // The contacts write first: a Cloud number sends free-form messages only inside their 24-hour window.
  await openWindows(server, `pn${accountId}`, ["966501234567", "966501234568", "966501110001", "966501110002", "966501110003", "966501110004"]);
}

describe("accounts on a real provider", () => {
  it("sends through the account's own driver and token and keeps the provider's id", async () => {
    const t = await server.seed.tenant().account().create();
    await cloudAccount(t.accounts[0]!.id, "good-token");
    const api = server.client(t.key);
    const r = await api.post("/send", { to: "0501234567", message: "via cloud" });
    expect(r.status).toBe(200);
    const req = provider.requests.at(-1)!;
    expect(req.path).toBe(`/v21.0/pn${t.accounts[0]!.id}/messages`);
    expect(req.headers.authorization).toBe("Bearer good-token");
    const row = await server.app.deps.db.message.findUniqueOrThrow({ where: { id: BigInt(r.body.message_id) } });
    expect(row.providerMessageId).toMatch(/^wamid\./);
  });

  it("marks a number whose token the provider refuses, and queued messages move to a number that works", async () => {
    const t = await server.seed.tenant().account().account().create();
    const bad = t.accounts[0]!;
    const good = t.accounts[1]!;
    await cloudAccount(bad.id, "revoked-token");
    await cloudAccount(good.id, "good-token");
    const api = server.client(t.key);

    const single = await api.post("/send", { to: "0501234567", message: "x", account_id: bad.id });
    expect(single.status).toBe(502);
    expect(single.body.error.message).toContain("token_invalid");
    const failed = await server.app.deps.db.message.findUniqueOrThrow({ where: { id: BigInt(single.body.message_id) } });
    expect(failed).toMatchObject({ status: "failed", error: "token_invalid", providerErrorCode: "190" });
    const accounts = (await api.get("/accounts")).body.accounts;
    expect(accounts.find((a: { id: number }) => a.id === bad.id).status).toBe("token_invalid");

    const bulk = await api.post("/send-bulk", { numbers: ["0501234567", "0501234568"], message: "y" });
    const done = await waitFor(
      () => api.get(`/batches/${bulk.body.batch_id}`),
      (b) => b.body.status === "completed",
    );
    expect(done.body.counts).toEqual({ pending: 0, sending: 0, sent: 2, failed: 0, cancelled: 0, expired: 0, opted_out: 0, delivered: 0, read: 0, replies: 0 });
    const rows = await server.app.deps.db.message.findMany({ where: { batchId: BigInt(bulk.body.batch_id) } });
    expect(rows.every((m) => m.accountId === good.id)).toBe(true);
  });

  it("a queued message whose number turns out disconnected is given back and sent from another number", async () => {
    const t = await server.seed.tenant().account().account().create();
    const [stopped, good] = [t.accounts[0]!, t.accounts[1]!];
    await runAdminCommand(server.app.deps.db, "account:update", { account: stopped.id, channel: "waha", wahaSession: "stopped" });
    await cloudAccount(good.id, "good-token");
    const api = server.client(t.key);
    const wahaBefore = provider.requests.filter((r) => r.path === "/api/sendText").length;

    // Both numbers are connected when the batch is accepted, so the worker spreads it over both.
    const bulk = await api.post("/send-bulk", { numbers: ["0501110001", "0501110002", "0501110003", "0501110004"], message: "z" });
    const done = await waitFor(
      () => api.get(`/batches/${bulk.body.batch_id}`),
      (b) => b.body.status === "completed",
    );
    expect(done.body.counts).toEqual({ pending: 0, sending: 0, sent: 4, failed: 0, cancelled: 0, expired: 0, opted_out: 0, delivered: 0, read: 0, replies: 0 });
    expect(provider.requests.filter((r) => r.path === "/api/sendText").length).toBeGreaterThan(wahaBefore);

    const rows = await server.app.deps.db.message.findMany({ where: { batchId: BigInt(bulk.body.batch_id) } });
    expect(rows.map((m) => m.accountId)).toEqual([good.id, good.id, good.id, good.id]);
    const accounts = (await api.get("/accounts")).body.accounts as Array<{ id: number; status: string; today_sent: number }>;
    // The disconnected number's counts were given back when its messages moved.
    expect(accounts.find((a) => a.id === stopped.id)).toMatchObject({ status: "disconnected", today_sent: 0 });
    expect(accounts.find((a) => a.id === good.id)).toMatchObject({ status: "connected", today_sent: 4 });
  });
});
