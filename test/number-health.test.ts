import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loopPassesAfter, startServer, type TestServer } from "./kit/server.js";
import { startFakeProvider, type Recorded } from "./kit/fake-provider.js";
import { openWindows, WINDOW_APP_SECRET } from "./kit/customer-window.js";
import { postCloudWebhook, postWahaWebhook } from "./kit/provider-signing.js";
import { waitFor } from "./kit/wait.js";
import { subscribeLive, wsClient } from "./kit/ws.js";

// Number health end to end, on the service clock (moved, never waited for): a provider's "spam
// rate limit" pauses a Cloud number and its queued messages go from the tenant's other number,
// none twice; quality webhooks pause and lift; a WAHA session that failed disconnects its number;
// a warm-up number keeps to its day's ramp and first-contact cap; an opt-out rate over the
// threshold pauses the number; each change is one account.status_changed.

const HOUR = 3_600_000;
const WAHA_HMAC = "health-waha-hmac";
const SPAMMED = "pn-health-spammed";
let provider: Awaited<ReturnType<typeof startFakeProvider>>;
let receiver: Awaited<ReturnType<typeof startFakeProvider>>;
let server: TestServer;
let serial = 0;

beforeAll(async () => {
  // The number SPAMMED answers every send with Meta's 131048; the others take it.
  provider = await startFakeProvider((req) =>
    req.path.includes(SPAMMED)
      ? { status: 400, body: { error: { code: 131048, message: "Spam rate limit hit" } } }
      : { status: 200, body: { messages: [{ id: `wamid.HEALTH${++serial}` }] } },
  );
  receiver = await startFakeProvider(() => ({ status: 200, body: "ok" }));
  server = await startServer({
    WEBHOOK_ALLOW_PRIVATE_ADDRESSES: "true",
    WHATSAPP_CLOUD_BASE_URL: provider.url,
    WHATSAPP_CLOUD_APP_SECRET: WINDOW_APP_SECRET,
    WAHA_WEBHOOK_HMAC_KEY: WAHA_HMAC,
    WORKER_POLL_MS: "20",
    WORKER_RETRY_BASE_MS: "10",
    NUMBER_HEALTH_CHECK_MS: "50",
    SIMULATOR_LATENCY_MS: "0",
    SIMULATOR_REPLY_DELAY_MS: "0",
  });
});
afterAll(async () => {
  await server?.close();
  await provider?.close();
  await receiver?.close();
});

let numberSerial = 0;
const recipient = () => `9665${String(60_000_000 + process.pid * 1000 + ++numberSerial).slice(-8)}`;
type Api = ReturnType<TestServer["client"]>;

const accountOf = async (api: Api, id: number) =>
  ((await api.get("/accounts")).body.accounts as Array<{ id: number; state: string; status: string; state_reason: string | null }>).find((a) => a.id === id)!;
const changesOf = async (api: Api, id: number) =>
  (await api.get(`/accounts/${id}/health`)).body.changes as Array<{ event_id: string; from_state: string; state: string; reason: string }>;
/** The server's paused numbers, as its metrics count them. */
const pausedNumbers = async () => Number(/^gateway_numbers\{state="paused"\} (\d+)$/m.exec(await (await fetch(`${server.url}/metrics`)).text())?.[1] ?? 0);

const cloudSigned = (payload: unknown, secret = WINDOW_APP_SECRET) => postCloudWebhook(server.url, JSON.stringify(payload), secret);
const wahaSigned = (payload: unknown) => postWahaWebhook(server.url, JSON.stringify(payload), WAHA_HMAC);

const qualityUpdate = (phone: string, rating: string, event: string) => ({
  object: "whatsapp_business_account",
  entry: [
    {
      id: "waba-health",
      time: 1,
      changes: [{ field: "phone_number_quality_update", value: { display_phone_number: phone, event, current_limit: "TIER_1K", quality_rating: rating } }],
    },
  ],
});

describe("number health", () => {
  it("pauses a Cloud number answering 131048; its auto-placed messages go from the tenant's other number, none twice", async () => {
    const t = await server.seed
      .tenant()
      .account({ cloud: { phoneNumberId: SPAMMED } })
      .account({ cloud: { phoneNumberId: "pn-health-good" } })
      .create();
    const api = server.client(t.key);
    const [spammed, good] = t.accounts.map((a) => a.id) as [number, number];
    const pausedBefore = await pausedNumbers();
    const numbers = Array.from({ length: 12 }, recipient);
    await openWindows(server, SPAMMED, numbers);
    await openWindows(server, "pn-health-good", numbers);
    const bulk = await api.post("/send-bulk", { numbers, message: "Your order is ready" });
    expect(bulk.status).toBe(200);
    await waitFor(async () => (await api.get(`/batches/${bulk.body.batch_id}`)).body.counts.sent === 12, Boolean, 15_000);

    const delivered = provider.requests.filter((r: Recorded) => numbers.includes((r.body as { to: string }).to) && !r.path.includes(SPAMMED));
    expect(delivered.map((r) => (r.body as { to: string }).to).sort()).toEqual([...numbers].sort());
    const account = await accountOf(api, spammed);
    expect(account).toMatchObject({ state: "paused", status: "paused", state_reason: "spam_rate_limit" });
    expect((await accountOf(api, good)).state).toBe("connected");
    const changes = await changesOf(api, spammed);
    expect(changes.map((c) => [c.from_state, c.state, c.reason])).toEqual([["connected", "paused", "spam_rate_limit"]]);
    const health = await api.get(`/accounts/${spammed}/health`);
    expect(health.body.account.state_until).not.toBeNull();
    expect(health.body.last_24h.block_signals).toBe(1);
    expect(await pausedNumbers()).toBe(pausedBefore + 1);

    // The pause ends by itself: one more event, connected again.
    server.app.deps.clock.advance(2 * HOUR);
    await waitFor(async () => (await accountOf(api, spammed)).state === "connected", Boolean, 5_000);
    expect((await changesOf(api, spammed)).map((c) => c.reason)).toEqual(["pause_ended", "spam_rate_limit"]);
  });

  it("a quality RED webhook pauses the number and GREEN lifts it; a forged one changes nothing", async () => {
    const t = await server.seed
      .tenant()
      .account({ cloud: { phoneNumberId: "pn-health-quality" } })
      .account()
      .create();
    const api = server.client(t.key);
    const [{ id, phoneNumber }, probe] = t.accounts as [{ id: number; phoneNumber: string }, { id: number }];
    // Live: the subscription is known to be listening once a change of the probe number arrives.
    const ws = wsClient(server.url, { connectionParams: { apiKey: t.key } });
    const sub = ws.subscribe<{ accountStatusChanges: { id: string; accountId: number; fromState: string; state: string; reason: string } }>(
      "subscription { accountStatusChanges { id accountId fromState state reason } }",
    );
    let warming = false;
    expect(await subscribeLive(sub, () => api.put(`/accounts/${probe.id}/warm-up`, { warming_up: (warming = !warming) }))).toBe("live");
    expect((await api.post("/webhooks", { url: `${receiver.url}/health-${id}`, events: ["account.status_changed"] })).status).toBe(200);

    const forged = await cloudSigned(qualityUpdate(phoneNumber, "RED", "FLAGGED"), "not-the-secret");
    expect(forged.status).toBe(401);
    expect((await accountOf(api, id)).state).toBe("connected");

    expect((await cloudSigned(qualityUpdate(phoneNumber, "RED", "FLAGGED"))).status).toBe(200);
    expect(await accountOf(api, id)).toMatchObject({ state: "paused", state_reason: "quality_red" });
    const refused = await api.post(`/accounts/${id}/resume`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("PROVIDER_BLOCK_ACTIVE");
    const send = await api.post("/send", { to: recipient(), message: "hi", account_id: id });
    expect(send.status).toBe(422);
    expect(JSON.stringify(send.body.error)).toContain("is paused (quality_red)");

    expect((await cloudSigned(qualityUpdate(phoneNumber, "GREEN", "UNFLAGGED"))).status).toBe(200);
    expect((await accountOf(api, id)).state).toBe("connected");
    const changes = await changesOf(api, id);
    expect(changes.map((c) => `${c.from_state}>${c.state}:${c.reason}`)).toEqual(["paused>connected:quality_green", "connected>paused:quality_red"]);
    // Each change is one account.status_changed webhook, with the change's event id.
    const hooks = () =>
      receiver.requests.filter((r) => r.path === `/health-${id}`).map((r) => r.body as { id: string; type: string; data: { state: string; status: string; reason: string } });
    await waitFor(
      () => Promise.resolve(hooks().length),
      (n) => n >= 2,
    );
    // The dispatcher has looked for due deliveries twice since: a third would have started.
    await loopPassesAfter(server, "webhook dispatcher");
    expect(
      hooks()
        .map((h) => h.id)
        .sort(),
    ).toEqual(changes.map((c) => c.event_id).sort());
    expect(hooks().map((h) => [h.type, h.data.state, h.data.status, h.data.reason])).toEqual([
      ["account.status_changed", "paused", "paused", "quality_red"],
      ["account.status_changed", "connected", "connected", "quality_green"],
    ]);
    // And one live event each, with the same ids.
    const live = () => sub.events.map((e) => e.accountStatusChanges).filter((e) => e.accountId === id);
    await expect.poll(() => live().length).toBe(2);
    expect(sub.errors).toEqual([]);
    expect(live().map((e) => [e.id, e.fromState, e.state, e.reason])).toEqual(changes.map((c) => [c.event_id, c.from_state, c.state, c.reason]).reverse());
    await ws.close();
  });

  it("takes the messaging tier from Meta's current throughput webhook (the business's limit, no current_limit)", async () => {
    const t = await server.seed
      .tenant()
      .account({ cloud: { phoneNumberId: "pn-health-tier" } })
      .create();
    const api = server.client(t.key);
    const [{ id, phoneNumber }] = t.accounts as [{ id: number; phoneNumber: string }];
    const throughput = (limit: string) => ({
      object: "whatsapp_business_account",
      entry: [
        {
          id: "waba-health",
          time: 1,
          changes: [
            { field: "phone_number_quality_update", value: { display_phone_number: phoneNumber, event: "THROUGHPUT_UPGRADE", max_daily_conversations_per_business: limit } },
          ],
        },
      ],
    });
    const tierOf = async () => ((await api.get("/accounts")).body.accounts as Array<{ id: number; messaging_tier: number | null }>).find((a) => a.id === id)!.messaging_tier;
    expect((await cloudSigned(throughput("TIER_2K"))).status).toBe(200);
    await waitFor(tierOf, (tier) => tier === 2000, 5_000);
    expect((await cloudSigned(throughput("TIER_UNLIMITED"))).status).toBe(200);
    await waitFor(tierOf, (tier) => tier === null, 5_000);
  });

  it("a WAHA session FAILED event disconnects its number, and a send naming it gets a clear 422", async () => {
    const t = await server.seed.tenant().account({ wahaSession: "health-session" }).account().create();
    const api = server.client(t.key);
    const [waha] = t.accounts.map((a) => a.id) as [number];
    expect((await wahaSigned({ event: "session.status", session: "health-session", payload: { status: "FAILED" } })).status).toBe(200);
    expect(await accountOf(api, waha)).toMatchObject({ state: "disconnected", status: "disconnected", state_reason: "session_lost" });
    const send = await api.post("/send", { to: recipient(), message: "hi", account_id: waha });
    expect(send.status).toBe(422);
    expect(JSON.stringify(send.body.error)).toMatch(/disconnected \(session_lost\)/);
    expect((await api.post(`/accounts/${waha}/resume`, {})).status).toBe(409);
    expect((await wahaSigned({ event: "session.status", session: "health-session", payload: { status: "WORKING" } })).status).toBe(200);
    expect((await accountOf(api, waha)).state).toBe("connected");
    expect(await changesOf(api, waha)).toHaveLength(2);
  });

  it("a warming-up number stops at its day's ramp and the rest wait for the next day", async () => {
    const t = await server.seed.tenant().account().create();
    const api = server.client(t.key);
    const [id] = t.accounts.map((a) => a.id) as [number];
    const bad = await api.put(`/accounts/${id}/warm-up`, { ramp: [5, 3] });
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields).toHaveProperty("ramp");
    const set = await api.put(`/accounts/${id}/warm-up`, { ramp: [3, 6], first_contact_cap: 100, warming_up: true });
    expect(set.body.account).toMatchObject({ state: "warming_up", status: "connected", warm_up: { day: 1, today_limit: 3, ramp: [3, 6], first_contact_cap: 100 } });

    const bulk = await api.post("/send-bulk", { numbers: Array.from({ length: 5 }, recipient), message: "Welcome" });
    await waitFor(async () => (await api.get(`/batches/${bulk.body.batch_id}`)).body.counts.sent === 3, Boolean);
    // The worker has looked at the two left since, and held them.
    await loopPassesAfter(server, "delivery worker");
    const batch = (await api.get(`/batches/${bulk.body.batch_id}`)).body;
    expect(batch.counts).toMatchObject({ sent: 3, pending: 2 });

    // Into the next service day (the messages' validity of 24 hours still runs).
    server.app.deps.clock.advance(server.app.deps.clock.startOfNextDay().getTime() - server.app.deps.clock.now().getTime() + 60_000);
    server.app.deps.wakeWorker();
    // Two passes of the worker since the day turned (each awaits its sends) have sent what was held.
    await loopPassesAfter(server, "delivery worker");
    expect((await api.get(`/batches/${bulk.body.batch_id}`)).body.counts).toMatchObject({ sent: 5, pending: 0 });
    expect((await accountOf(api, id)).state).toBe("warming_up");
  });

  it("holds a warming-up number's first-contact cap under 20 concurrent sends", async () => {
    const t = await server.seed.tenant().account().create();
    const api = server.client(t.key);
    const [id] = t.accounts.map((a) => a.id) as [number];
    expect((await api.put(`/accounts/${id}/warm-up`, { ramp: [1000], first_contact_cap: 5, warming_up: true })).body.account.state).toBe("warming_up");
    const answers = await Promise.all(Array.from({ length: 20 }, () => api.post("/send", { to: recipient(), message: "Hello" })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429 && a.body.error.code === "ACCOUNT_LIMIT_REACHED")).toHaveLength(15);
    expect((await api.get("/balance")).body.messages.used).toBe(5);
    expect((await accountOf(api, id)) as unknown).toMatchObject({ warm_up: { first_contacts_today: 5 } });
  });

  it("holds a number's messaging tier over a rolling 24 hours, exactly under 20 concurrent sends, across the hour", async () => {
    const t = await server.seed.tenant().account().create();
    const api = server.client(t.key);
    const [id] = t.accounts.map((a) => a.id) as [number];
    expect((await api.put(`/accounts/${id}/warm-up`, { messaging_tier: 8 })).body.account.messaging_tier).toBe(8);
    for (let i = 0; i < 3; i++) expect((await api.post("/send", { to: recipient(), message: "Hello" })).status).toBe(200);
    // A new hour: the three are counted in a finished hour now, the next ones in the live one.
    server.app.deps.clock.advance(HOUR);
    const answers = await Promise.all(Array.from({ length: 20 }, () => api.post("/send", { to: recipient(), message: "Hello" })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429 && a.body.error.code === "ACCOUNT_LIMIT_REACHED")).toHaveLength(15);
    expect((await api.get(`/accounts/${id}/health`)).body.last_24h).toMatchObject({ sent: 8, failed: 0 });
    // A day later the first hour has left the window and the second is still in it: room for 3.
    server.app.deps.clock.advance(24 * HOUR);
    for (let i = 0; i < 3; i++) expect((await api.post("/send", { to: recipient(), message: "Hello" })).status).toBe(200);
    expect((await api.post("/send", { to: recipient(), message: "Hello" })).status).toBe(429);
    const health = (await api.get(`/accounts/${id}/health`)).body;
    expect([health.last_24h.sent, health.last_7d.sent]).toEqual([8, 11]);
  });

  it("pauses a number whose opt-out rate is over the threshold, with that reason", async () => {
    const t = await server.seed.tenant().account().create();
    const api = server.client(t.key);
    const [id] = t.accounts.map((a) => a.id) as [number];
    const out = await api.put("/health-thresholds", { opt_out_rate_percent: 80 });
    expect(out.status).toBe(422);
    expect(out.body.error.fields).toHaveProperty("opt_out_rate_percent");
    expect((await api.put("/health-thresholds", { opt_out_rate_percent: 5, min_sends: 10 })).status).toBe(200);
    // The simulator's SIMULATOR_STOP_PATTERN (^9665000004) answers with a stop word.
    const stoppers = [`9665000004${String(process.pid % 100).padStart(2, "0")}`];
    const numbers = [...stoppers, ...Array.from({ length: 9 }, recipient)];
    for (const to of numbers) expect((await api.post("/send", { to, message: "Offer" })).status).toBe(200);
    await waitFor(async () => (await accountOf(api, id)).state === "paused", Boolean, 5_000);
    expect(await accountOf(api, id)).toMatchObject({ state: "paused", state_reason: "opt_out_rate" });
    const health = (await api.get(`/accounts/${id}/health`)).body;
    expect(health.last_24h).toMatchObject({ sent: 10, opt_outs: 1, opt_out_rate: 10 });
    expect(health.account.state_until).toBeNull();

    const other = await server.seed.tenant().account().create();
    expect((await server.client(other.key).post(`/accounts/${id}/resume`, {})).status).toBe(404);
    const resumed = await api.post(`/accounts/${id}/resume`, {});
    expect(resumed.body.account).toMatchObject({ state: "connected", state_reason: "resumed" });
    // The health check has run twice since, over the same opt-outs, and left it connected.
    await loopPassesAfter(server, "number health check");
    expect((await accountOf(api, id)).state).toBe("connected");
    expect((await changesOf(api, id)).map((c) => c.reason)).toEqual(["resumed", "opt_out_rate"]);
  });
});

describe("the simulator plays number health", () => {
  let sim: TestServer;
  beforeAll(async () => {
    sim = await startServer({ SIMULATOR_LATENCY_MS: "0", SIMULATOR_SIGNAL_PATTERN: "^96650000099", SIMULATOR_QUALITY_RED_AFTER_SENDS: "3", NUMBER_HEALTH_CHECK_MS: "50" });
  });
  afterAll(async () => sim?.close());

  it("answers a matching recipient with the spam rate limit, pausing the number, and drops its quality after N sends", async () => {
    const t = await sim.seed.tenant().account().account().create();
    const api = sim.client(t.key);
    const [first, second] = t.accounts.map((a) => a.id) as [number, number];
    const refused = await api.post("/send", { to: "966500000990", message: "hi", account_id: first });
    expect(refused.status).toBe(502);
    expect(await accountOf(api, first)).toMatchObject({ state: "paused", state_reason: "spam_rate_limit" });
    for (let i = 0; i < 3; i++) expect((await api.post("/send", { to: recipient(), message: "hi", account_id: second })).status).toBe(200);
    await waitFor(
      async () => (await accountOf(api, second)).state,
      (s) => s === "paused",
    );
    expect(await accountOf(api, second)).toMatchObject({ state_reason: "quality_red" });
    expect((await api.post(`/accounts/${second}/resume`, {})).body.error.code).toBe("PROVIDER_BLOCK_ACTIVE");
  });
});
