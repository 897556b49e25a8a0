import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "./kit/server.js";
import { startFakeProvider, type Recorded } from "./kit/fake-provider.js";
import { contactWrote, WINDOW_APP_SECRET } from "./kit/customer-window.js";
import { waitFor } from "./kit/wait.js";

// Meta's 24-hour customer-service window, end to end: a Cloud number (the gateway's real driver
// against a local server speaking the Cloud API) sends free-form messages only to contacts who
// wrote to it within 24 hours; the rest are refused (single) or skipped (bulk) before anything is
// charged, or get the fallback template; a queued message whose window closes while it waits fails
// at claim with its allowance given back. Time is the service clock, moved, never waited for.

const HOUR = 3_600_000;
let provider: Awaited<ReturnType<typeof startFakeProvider>>;
let server: TestServer;
let serial = 0;

beforeAll(async () => {
  provider = await startFakeProvider(() => ({ status: 200, body: { messages: [{ id: `wamid.OUT${++serial}` }] } }));
  server = await startServer({ WHATSAPP_CLOUD_BASE_URL: provider.url, WHATSAPP_CLOUD_APP_SECRET: WINDOW_APP_SECRET, WORKER_POLL_MS: "20" });
});
afterAll(async () => {
  await server?.close();
  await provider?.close();
});

let numberSerial = 0;
/** A fresh recipient number for each case, so windows of one case never open another's. */
const recipient = () => `9665${String(70_000_000 + process.pid * 1000 + ++numberSerial).slice(-8)}`;

async function cloudTenant(opts: { template?: boolean } = {}) {
  const phoneNumberId = `pn-window-${++numberSerial}`;
  const t = await server.seed.tenant().account({ cloud: { phoneNumberId } }).create();
  const api = server.client(t.key);
  if (opts.template) {
    const r = await api.post("/whatsapp-templates", { name: "order_update", language: "ar", category: "utility", body_parameters: 1 });
    expect(r.status).toBe(200);
  }
  return { ...t, api, phoneNumberId, accountId: t.accounts[0]!.id };
}

const sentTo = (to: string) => provider.requests.filter((r: Recorded) => (r.body as { to?: string }).to === to);
const used = async (api: TestServer["client"] extends (k: string) => infer C ? C : never) => (await api.get("/balance")).body.messages.used as number;

describe("the 24-hour customer-service window", () => {
  it("refuses a free-form send to a contact silent for 25 hours, charging nothing, and sends to one who wrote an hour ago", async () => {
    const t = await cloudTenant();
    const [silent, talking] = [recipient(), recipient()];
    const now = server.app.deps.clock.now().getTime();
    await contactWrote(server, { phoneNumberId: t.phoneNumberId, from: silent, at: new Date(now - 25 * HOUR) });
    await contactWrote(server, { phoneNumberId: t.phoneNumberId, from: talking, at: new Date(now - HOUR) });

    const refused = await t.api.post("/send", { to: silent, message: "Your order shipped" });
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe("OUTSIDE_CUSTOMER_WINDOW");
    expect(refused.body.error.message).toContain("template");
    expect(Date.parse(refused.body.window_closed_at)).toBe(Math.floor((now - 25 * HOUR) / 1000) * 1000 + 24 * HOUR);
    expect(await used(t.api)).toBe(0);
    expect(sentTo(silent)).toHaveLength(0);

    const sent = await t.api.post("/send", { to: talking, message: "Your order shipped" });
    expect(sent.status).toBe(200);
    expect(sent.body.status).toBe("sent");
    expect(sentTo(talking).map((r) => (r.body as { type: string }).type)).toEqual(["text"]);
    expect(await used(t.api)).toBe(1);

    const never = await t.api.post("/send", { to: recipient(), message: "hello" });
    expect(never.body.error).toMatchObject({ code: "OUTSIDE_CUSTOMER_WINDOW" });
    expect(never.body.error.message).toContain("never written");
  });

  it("shows each contact's window per number", async () => {
    const t = await cloudTenant();
    const who = recipient();
    const wrote = new Date(server.app.deps.clock.now().getTime() - 2 * HOUR);
    await contactWrote(server, { phoneNumberId: t.phoneNumberId, from: who, at: wrote });
    const contact = await t.api.get(`/contacts/${who}`);
    expect(contact.body.contact.windows).toEqual([{ account_id: t.accountId, window_open_until: expect.any(String), open: true }]);
    expect(Date.parse(contact.body.contact.windows[0].window_open_until)).toBe(Math.floor(wrote.getTime() / 1000) * 1000 + 24 * HOUR);
    const accounts = await t.api.get("/accounts");
    expect(accounts.body.accounts[0].capabilities).toMatchObject({ channel: "whatsapp-cloud", customer_window: true });
  });

  it("a template message goes out whatever the window; a fallback template replaces a refused free-form send", async () => {
    const t = await cloudTenant({ template: true });
    const silent = recipient();
    const direct = await t.api.post("/send", { to: silent, whatsapp_template: { name: "order_update", language: "ar", body: ["A17"] } });
    expect(direct.status).toBe(200);
    const withFallback = await t.api.post("/send", {
      to: silent,
      message: "free-form",
      fallback_template: { name: "order_update", language: "ar", body: ["{{code}}"] },
      variables: { code: "B22" },
    });
    expect(withFallback.status).toBe(200);
    const bodies = sentTo(silent).map((r) => r.body as { type: string; template?: { name: string; components?: unknown } });
    expect(bodies.map((b) => b.type)).toEqual(["template", "template"]);
    expect(JSON.stringify(bodies[1]!.template)).toContain("B22");
    expect(await used(t.api)).toBe(2);
  });

  it("a bulk of 10 with 4 outside the window skips exactly those 4 and charges 6; with a fallback it sends all 10", async () => {
    const t = await cloudTenant({ template: true });
    const numbers = Array.from({ length: 10 }, recipient);
    const now = server.app.deps.clock.now().getTime();
    for (const [i, n] of numbers.entries()) {
      if (i % 5 === 0 || i % 5 === 3) continue; // 0, 3, 5, 8 stay outside
      await contactWrote(server, { phoneNumberId: t.phoneNumberId, from: n, at: new Date(now - 3 * HOUR) });
    }
    const outside = [numbers[0], numbers[3], numbers[5], numbers[8]];
    const bulk = await t.api.post("/send-bulk", { numbers, message: "Sale today" });
    expect(bulk.status).toBe(200);
    expect(bulk.body.queued).toBe(6);
    expect(bulk.body.skipped).toEqual(outside.map((to) => ({ to, reason: "outside_window" })));
    expect(await used(t.api)).toBe(6);
    const done = await waitFor(
      () => t.api.get(`/batches/${bulk.body.batch_id}`),
      (b) => b.body.status === "completed",
    );
    expect(done.body.counts.sent).toBe(6);

    const fallback = await t.api.post("/send-bulk", { numbers, message: "Sale today", fallback_template: { name: "order_update", language: "ar", body: ["sale"] } });
    expect(fallback.body).toMatchObject({ queued: 10, skipped: [] });
    await waitFor(
      () => t.api.get(`/batches/${fallback.body.batch_id}`),
      (b) => b.body.status === "completed",
    );
    for (const n of numbers) {
      const last = sentTo(n).at(-1)!.body as { type: string };
      expect(last.type).toBe(outside.includes(n) ? "template" : "text");
    }
    expect(await used(t.api)).toBe(16);
  });

  it("a queued message whose window closes while it waits fails outside_messaging_window with its allowance given back", async () => {
    const t = await cloudTenant();
    const who = recipient();
    const clock = server.app.deps.clock;
    await contactWrote(server, { phoneNumberId: t.phoneNumberId, from: who, at: new Date(clock.now().getTime() - 22 * HOUR) });
    const sendAt = new Date(clock.now().getTime() + HOUR).toISOString();
    const queued = await t.api.post("/send", { to: who, message: "see you", send_at: sendAt });
    expect(queued.status).toBe(200);
    expect(queued.body.status).toBe("pending");
    expect(await used(t.api)).toBe(1);
    clock.advance(3 * HOUR);
    server.app.deps.wakeWorker();
    const failed = await waitFor(
      () => t.api.get(`/messages/${queued.body.message_id}`),
      (m) => m.body.status === "failed",
    );
    expect(failed.body.error).toBe("outside_messaging_window");
    expect(await used(t.api)).toBe(0);
    expect(sentTo(who)).toHaveLength(0);
  });

  it("a scheduled free-form send due after the window closes is refused at once", async () => {
    const t = await cloudTenant();
    const who = recipient();
    const clock = server.app.deps.clock;
    await contactWrote(server, { phoneNumberId: t.phoneNumberId, from: who, at: new Date(clock.now().getTime() - 23 * HOUR) });
    const r = await t.api.post("/send", { to: who, message: "later", send_at: new Date(clock.now().getTime() + 2 * HOUR).toISOString() });
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe("OUTSIDE_CUSTOMER_WINDOW");
    expect(await used(t.api)).toBe(0);
  });
});

describe("the simulator keeping the window (SIMULATOR_CUSTOMER_WINDOW)", () => {
  it("refuses free-form to a contact who never wrote, and takes it once the contact's reply opened the window", async () => {
    const sim = await startServer({ SIMULATOR_CUSTOMER_WINDOW: "true", SIMULATOR_REPLY_DELAY_MS: "0", SIMULATOR_LATENCY_MS: "0" });
    try {
      const t = await sim.seed.tenant().account().create();
      const api = sim.client(t.key);
      expect((await api.get("/accounts")).body.accounts[0].capabilities).toMatchObject({ channel: "simulator", customer_window: true });
      // Numbers matching SIMULATOR_REPLY_PATTERN (^9665000003) answer every message they get.
      const replier = "966500000377";
      expect((await api.post("/send", { to: replier, message: "hello" })).body.error.code).toBe("OUTSIDE_CUSTOMER_WINDOW");
      await api.post("/whatsapp-templates", { name: "hello", language: "en", category: "utility" });
      expect((await api.post("/send", { to: replier, whatsapp_template: { name: "hello", language: "en" } })).body.status).toBe("sent");
      await waitFor(
        () => api.get(`/contacts/${replier}`),
        (c) => c.body.contact?.windows?.[0]?.open === true,
      );
      expect((await api.post("/send", { to: replier, message: "thanks for answering" })).body.status).toBe("sent");
      // Its answer to that one too is stored before the server stops (a reply in flight at shutdown
      // would publish on a closed connection).
      await waitFor(
        () => api.get(`/inbound-messages?contact=${replier}`),
        (r) => r.body.inbound_messages?.length === 2,
      );
    } finally {
      await sim.close();
    }
  });
});
