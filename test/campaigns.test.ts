import { beforeAll, describe, expect, it } from "vitest";
import { loopPassesAfter, useServer } from "./kit/server.js";
import { waitFor } from "./kit/wait.js";
import { openApiChecker } from "./kit/openapi.js";
import { subscribeLive, wsClient } from "./kit/ws.js";
import type { Client } from "./kit/http.js";

// Scheduled sends, send windows, validity and priority, driven by moving the service clock (the
// worker reads the same clock), never by sleeping for real time.

const server = useServer();
const clock = () => server().app.deps.clock;
let checker: Awaited<ReturnType<typeof openApiChecker>>;
beforeAll(async () => {
  checker = await openApiChecker(server().url);
});
const conforms: (typeof checker)["conforms"] = (...args) => checker.conforms(...args);
const HOUR = 3_600_000;
const numbers = (count: number, from: number) => Array.from({ length: count }, (_, i) => `05${String(70_000_000 + from + i)}`);
const ledgerOf = (ids: number[]) => server().app.channel.ledger.filter((e) => ids.includes(Number(e.messageId)));
/**
 * The next 09:00 in Riyadh (UTC+3 all year) after the service clock's now. A test that reads the
 * month's balance across the hours it moves on starts there, so it never reaches a new month,
 * whatever the wall clock says (a month's last evening once emptied the balance read).
 */
function nextRiyadhNine(): Date {
  const now = clock().now();
  const at = new Date(now);
  at.setUTCHours(6, 0, 0, 0);
  if (at <= now) at.setUTCDate(at.getUTCDate() + 1);
  return at;
}
const moveTo = (at: Date) => clock().advance(Math.max(0, at.getTime() - clock().now().getTime()));
const messageState = (api: Client, id: number) =>
  api
    .request("POST", "/graphql", { query: "query($id: ID!) { message(id: $id) { status error dueAt expiresAt priority cancelled } }", variables: { id: String(id) } })
    .then((r) => r.body.data.message);

describe("scheduled sends", () => {
  it("queues a single send for later with its allowance taken now, sends it when due, and treats a past time as now", async () => {
    moveTo(nextRiyadhNine());
    const t = await server().seed.tenant({ monthlyLimit: 10 }).account().create();
    const api = server().client(t.key);
    const at = new Date(clock().now().getTime() + HOUR);
    const r = conforms("POST", "/send", await api.post("/send", { to: "0501230001", message: "later", send_at: at.toISOString().replace("Z", "+00:00") }));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, status: "pending", send_at: clock().timestamp(at) });
    expect((await api.get("/balance")).body.messages.used).toBe(1);
    expect(await messageState(api, r.body.message_id)).toMatchObject({ status: "pending", priority: "high", dueAt: clock().timestamp(at) });

    moveTo(new Date(at.getTime() + 1000));
    await waitFor(
      () => api.get(`/messages/${r.body.message_id}`),
      (m) => m.body.status === "sent",
    );
    expect(ledgerOf([r.body.message_id])).toHaveLength(1);

    const past = await api.post("/send", { to: "0501230002", message: "now", send_at: "2020-01-01T09:00:00+03:00" });
    expect(past.body).toMatchObject({ status: "sent" });
    expect(past.body.send_at).toBeUndefined();

    const tooFar = await api.post("/send", { to: "0501230003", message: "x", send_at: new Date(clock().now().getTime() + 36 * 24 * HOUR).toISOString() });
    expect(tooFar.status).toBe(422);
    expect(tooFar.body.error.fields).toEqual({ send_at: "must be at most 35 days ahead" });
    const noOffset = await api.post("/send", { to: "0501230003", message: "x", send_at: "2030-01-01T09:00:00" });
    expect(Object.keys(noOffset.body.error.fields)).toEqual(["send_at"]);
    expect((await api.get("/balance")).body.messages.used).toBe(2);
  });

  it("gives an expired message's allowance back and reports it, on the message, the batch and a subscription", async () => {
    moveTo(nextRiyadhNine());
    const t = await server().seed.tenant({ monthlyLimit: 100 }).account().create();
    const api = server().client(t.key);
    // Listening before the batch exists, proven by warm-up sends it hears (each counted in the allowance).
    const ws = wsClient(server().url, { connectionParams: { apiKey: t.key } });
    const sub = ws.subscribe<{ messageEvents: { messageId: string; batchId: string | null; status: string; message: { error: string | null } } }>(
      `subscription { messageEvents { messageId batchId status message { error } } }`,
    );
    let warmUps = 0;
    expect(await subscribeLive(sub, () => (warmUps++, api.post("/send", { to: "0501239999", message: "warm-up" })))).toBe("live");
    const at = new Date(clock().now().getTime() + HOUR);
    const bulk = await api.post("/send-bulk", { numbers: numbers(2, 100), message: "short-lived", send_at: at.toISOString(), valid_for_seconds: 60 });
    expect(bulk.body).toMatchObject({ queued: 2, send_at: clock().timestamp(at) });
    expect((await api.get("/balance")).body.messages.used).toBe(warmUps + 2);
    const ofBatch = () => sub.events.map((e) => e.messageEvents).filter((e) => e.batchId === String(bulk.body.batch_id));

    // Due an hour from now, valid for a minute after that: past both, it expires instead of going out.
    moveTo(new Date(at.getTime() + 61_000));
    const batch = await waitFor(
      () => api.get(`/batches/${bulk.body.batch_id}`),
      (b) => b.body.status === "completed",
    );
    conforms("GET", "/batches/{id}", batch);
    expect(batch.body).toMatchObject({ state: "finished", counts: { failed: 2, expired: 2, cancelled: 0, sent: 0 }, first_sent_at: null });
    expect(batch.body.messages.map((m: { error: string }) => m.error)).toEqual(["expired", "expired"]);
    expect(ledgerOf(bulk.body.messages.map((m: { message_id: number }) => m.message_id))).toHaveLength(0);
    expect((await api.get("/balance")).body.messages.used).toBe(warmUps);
    await waitFor(
      () => Promise.resolve(ofBatch().filter((e) => e.status === "failed").length),
      (n) => n === 2,
      15_000,
    );
    expect(
      ofBatch()
        .filter((e) => e.status === "failed")
        .map((e) => e.message.error),
    ).toEqual(["expired", "expired"]);
    sub.stop();
    await ws.close();
  });
});

describe("send windows", () => {
  it("holds a batch scheduled for 09:00 Riyadh until then, sends inside the window only, and refuses or queues an immediate send outside it", async () => {
    // It crosses into tomorrow and reads this month's balance: it runs on a day whose tomorrow is in
    // the same month, from two hours before that day's 09:00.
    let nine = nextRiyadhNine();
    while (new Date(nine.getTime() + 24 * HOUR).getUTCMonth() !== nine.getUTCMonth()) nine = new Date(nine.getTime() + 24 * HOUR);
    moveTo(new Date(nine.getTime() - 2 * HOUR));
    const t = await server().seed.tenant({ monthlyLimit: 50 }).account().create();
    const api = server().client(t.key);
    const window = await api.request("PUT", "/api/v1/send-window", {
      time_zone: "Asia/Riyadh",
      days: ["sun", "mon", "tue", "wed", "thu", "fri", "sat"],
      start: "09:00",
      end: "10:00",
    });
    expect(window.status).toBe(200);
    expect(window.body).toEqual({ send_window: { time_zone: "Asia/Riyadh", days: ["sun", "mon", "tue", "wed", "thu", "fri", "sat"], start: "09:00", end: "10:00" } });
    const bulk = await api.post("/send-bulk", { numbers: numbers(3, 200), message: "صباح الخير", send_at: nine.toISOString() });
    const ids = bulk.body.messages.map((m: { message_id: number }) => m.message_id) as number[];
    expect((await api.get(`/batches?state=scheduled`)).body.batches.map((b: { id: number }) => b.id)).toContain(bulk.body.batch_id);

    moveTo(new Date(nine.getTime() - 60_000));
    // The worker has looked at the queue with the clock a minute before nine, and sent nothing.
    await loopPassesAfter(server(), "delivery worker");
    expect(ledgerOf(ids)).toHaveLength(0);
    moveTo(nine);
    await waitFor(
      () => api.get(`/batches/${bulk.body.batch_id}`),
      (b) => b.body.counts.sent === 3,
    );
    for (const id of ids) expect(Date.parse((await api.get(`/messages/${id}`)).body.sent_at)).toBeGreaterThanOrEqual(nine.getTime());

    // 11:00 Riyadh: closed. A batch now waits for tomorrow's 09:00; an immediate single send is refused.
    moveTo(new Date(nine.getTime() + 2 * HOUR));
    const tomorrow = new Date(nine.getTime() + 24 * HOUR);
    const late = await api.post("/send-bulk", { numbers: numbers(2, 300), message: "late" });
    const lateIds = late.body.messages.map((m: { message_id: number }) => m.message_id) as number[];
    await waitFor(
      () => messageState(api, lateIds[1]!),
      (m) => m.dueAt === clock().timestamp(tomorrow),
    );
    expect(ledgerOf(lateIds)).toHaveLength(0);
    const refused = await api.post("/send", { to: "0501230010", message: "now?" });
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe("OUTSIDE_SEND_WINDOW");
    expect(refused.body.error.message).toContain(clock().timestamp(tomorrow).slice(0, 16));
    const queued = await api.post("/send", { to: "0501230010", message: "queue it", outside_window: "queue" });
    expect(queued.body).toMatchObject({ status: "pending", send_at: clock().timestamp(tomorrow) });
    expect((await api.get("/balance")).body.messages.used).toBe(6);

    moveTo(tomorrow);
    await waitFor(
      () => api.get(`/batches/${late.body.batch_id}`),
      (b) => b.body.counts.sent === 2,
    );
    await waitFor(
      () => api.get(`/messages/${queued.body.message_id}`),
      (m) => m.body.status === "sent",
    );
    expect((await api.request("DELETE", "/api/v1/send-window")).body).toEqual({ send_window: null });
  });

  it("validates the window and shows it over GraphQL", async () => {
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    const bad = await api.request("PUT", "/api/v1/send-window", { time_zone: "Mars/Olympus", days: [], start: "9am", end: "08:00" });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(["days", "start", "time_zone"]);
    const backwards = await api.request("PUT", "/api/v1/send-window", { time_zone: "Asia/Riyadh", days: ["sun"], start: "17:00", end: "09:00" });
    expect(backwards.body.error.fields).toEqual({ end: "must be later than start" });
    const set = await api.request("POST", "/graphql", {
      query: `mutation { setSendWindow(input: { timeZone: "Asia/Riyadh", days: [sun, mon, tue, wed, thu], start: "09:00", end: "17:00" }) { sendWindow { days start end } } }`,
    });
    expect(set.body.data.setSendWindow.sendWindow).toEqual({ days: ["sun", "mon", "tue", "wed", "thu"], start: "09:00", end: "17:00" });
    expect((await api.get("/send-window")).body.send_window.time_zone).toBe("Asia/Riyadh");
  });
});

/** A pending message due well after now waits for a pacing slot (one not yet claimed is due at its acceptance). */
const holdsSlot = (m: { dueAt: string | null }) => m.dueAt !== null && Date.parse(m.dueAt) > clock().now().getTime() + 10_000;

describe("priority", () => {
  it("sends a number's high message before its normal ones without changing its pacing", async () => {
    const t = await server().seed.tenant().account({ minIntervalMs: 60_000, jitterMs: 0 }).create();
    const api = server().client(t.key);
    const normal = await api.post("/send-bulk", { numbers: numbers(3, 400), message: "normal" });
    const normalIds = normal.body.messages.map((m: { message_id: number }) => m.message_id) as number[];
    // One goes at once; the other two take the number's next two slots, a minute apart (which one
    // goes first is up to the worker, which delivers a claimed batch concurrently).
    const states = await waitFor(
      async () => Promise.all(normalIds.map(async (id) => ({ id, ...(await messageState(api, id)) }))),
      (ms) => ms.filter((m) => m.status === "sent").length === 1 && ms.filter((m) => m.status === "pending" && holdsSlot(m)).length === 2,
    );
    const first = states.find((m) => m.status === "sent")!.id;
    const waiting = states
      .filter((m) => m.status === "pending")
      .sort((a, b) => Date.parse(a.dueAt) - Date.parse(b.dueAt))
      .map((m) => m.id);
    const high = await api.post("/send-bulk", { numbers: numbers(1, 500), message: "urgent", priority: "high" });
    const highId = high.body.messages[0].message_id as number;
    await waitFor(
      () => messageState(api, highId),
      (m) => m.status === "pending" && holdsSlot(m),
    );
    // The number's slots are the same set: the high message has the earliest waiting one, the
    // normal ones moved on one slot each in their order, and the last took the next free slot.
    const slots = states
      .filter((m) => m.status === "pending")
      .map((m) => Date.parse(m.dueAt))
      .sort((a, b) => a - b);
    const after = await Promise.all([highId, ...waiting].map(async (id) => Date.parse((await messageState(api, id)).dueAt)));
    expect(after).toEqual([slots[0], slots[1], slots[1]! + 60_000]);

    for (let sent = 2; sent <= 4; sent++) {
      clock().advance(60_000);
      await waitFor(
        () => Promise.resolve(ledgerOf([...normalIds, highId]).length),
        (n) => n === sent,
      );
    }
    const order = ledgerOf([...normalIds, highId]).map((e) => Number(e.messageId));
    expect(order).toEqual([first, highId, ...waiting]);
  });
});
