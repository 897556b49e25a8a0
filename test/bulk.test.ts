import { beforeAll, describe, expect, it } from "vitest";
import { useServer } from "./kit/server.js";
import { waitFor } from "./kit/wait.js";
import type { Client } from "./kit/http.js";

const server = useServer();
// Noon of the service day after today, before any test sends: the tests that wait for tomorrow
// then name it from the service clock, twelve hours from midnight whenever the run starts.
beforeAll(() => {
  const clock = server().app.deps.clock;
  clock.advance(clock.startOfNextDay().getTime() + 12 * 3_600_000 - clock.now().getTime());
});

const numbers = (count: number, from = 1000) => Array.from({ length: count }, (_, i) => `05${String(60_000_000 + from + i)}`);
const finished = (api: Client, batchId: number) =>
  waitFor(
    () => api.get(`/batches/${batchId}`),
    (r) => r.body.status === "completed",
  );

describe("POST /send-bulk", () => {
  it("queues distinct numbers, answers at once, and the worker sends every one", async () => {
    const t = await server().seed.tenant().account().account().create();
    const api = server().client(t.key);
    const r = await api.post("/send-bulk", { numbers: ["0501234567", "+966 50 123 4567", "966501234568", "٠٥٠١٢٣٤٥٦٩"], message: "عرض الأسبوع" });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, queued: 3, status: "processing", batch_id: expect.any(Number) });
    expect(r.body.messages.map((m: { to: string }) => m.to)).toEqual(["966501234567", "966501234568", "966501234569"]);

    const batch = await finished(api, r.body.batch_id);
    expect(batch.body).toMatchObject({ id: r.body.batch_id, total: 3, counts: { pending: 0, sending: 0, sent: 3, failed: 0 } });
    for (const m of r.body.messages as Array<{ message_id: number; to: string }>) {
      const status = await api.get(`/messages/${m.message_id}`);
      expect(status.body).toMatchObject({ id: m.message_id, to: m.to, status: "sent", error: null });
      expect(server().app.channel.ledger.filter((e) => e.messageId === BigInt(m.message_id))).toHaveLength(1);
    }
    expect((await api.get("/balance")).body.messages.used).toBe(3);
  });

  it("reports per-number outcomes, and failed messages give their allowance back", async () => {
    const t = await server().seed.tenant({ monthlyLimit: 10 }).account().create();
    const api = server().client(t.key);
    const r = await api.post("/send-bulk", { numbers: ["0501234567", "0500000007", "0501234568"], message: "hi" });
    const batch = await finished(api, r.body.batch_id);
    expect(batch.body.counts).toEqual({ pending: 0, sending: 0, sent: 2, failed: 1, cancelled: 0, expired: 0, opted_out: 0, delivered: 0, read: 0, replies: 0 });
    const failed = batch.body.messages.find((m: { to: string }) => m.to === "966500000007");
    expect(failed).toMatchObject({ status: "failed", error: "recipient_not_on_whatsapp", sent_at: null, message_id: expect.any(Number) });
    expect((await api.get("/balance")).body.messages).toEqual({ limit: 10, used: 2, remaining: 8 });
  });

  it("sends 500 numbers through the pinned account, gradually, all exactly once", async () => {
    const t = await server().seed.tenant().account().account().create();
    const api = server().client(t.key);
    const pinned = t.accounts[1]!;
    const r = await api.post("/send-bulk", { numbers: numbers(500), message: "big", account_id: pinned.id });
    expect(r.status).toBe(200);
    expect(r.body.queued).toBe(500);
    await finished(api, r.body.batch_id);
    const ids = new Set((r.body.messages as Array<{ message_id: number }>).map((m) => BigInt(m.message_id)));
    const deliveries = server().app.channel.ledger.filter((e) => ids.has(e.messageId));
    expect(deliveries).toHaveLength(500);
    expect(new Set(deliveries.map((d) => d.messageId)).size).toBe(500);
    expect(new Set(deliveries.map((d) => d.from))).toEqual(new Set([pinned.phoneNumber]));
    const accounts = (await api.get("/accounts")).body.accounts;
    expect(accounts.map((a: { today_sent: number }) => a.today_sent)).toEqual([0, 500]);
  });

  it("refuses a request larger than the remaining allowance whole", async () => {
    const t = await server().seed.tenant({ monthlyLimit: 5 }).account().create();
    const api = server().client(t.key);
    expect((await api.post("/send", { to: "0501234567", message: "x" })).status).toBe(200);
    const r = await api.post("/send-bulk", { numbers: numbers(5), message: "x" });
    expect(r.status).toBe(429);
    expect(r.body.error.code).toBe("MONTHLY_LIMIT_REACHED");
    expect(r.body.error.message).toContain("needs 5 messages and 4 remain");
    expect((await api.get("/balance")).body.messages.used).toBe(1);
    expect(await server().app.deps.db.batch.count({ where: { tenantId: t.id } })).toBe(0);
    expect((await api.post("/send-bulk", { numbers: numbers(4), message: "x" })).status).toBe(200);
  });

  it("validates: 1 to 500 numbers, each one by index, the text, and the account", async () => {
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    const cases: Array<[unknown, Record<string, string | RegExp>]> = [
      [{ numbers: [], message: "x" }, { numbers: "must hold at least one number" }],
      [{ numbers: numbers(501), message: "x" }, { numbers: "must hold at most 500 numbers" }],
      [{ message: "x" }, { numbers: "is required" }],
      [
        { numbers: ["0501234567", "12", "0112345678"], message: "x" },
        { "numbers[1]": /mobile number/, "numbers[2]": /mobile number/ },
      ],
      [{ numbers: ["0501234567", 7], message: "x" }, { "numbers[1]": "must be a string" }],
      [{ numbers: ["0501234567"], message: "ب".repeat(4001) }, { message: "must be at most 4000 characters" }],
      [{ numbers: ["0501234567"], message: "x", image_url: "/relative.png" }, { image_url: "must be an absolute http(s) URL" }],
      [{ numbers: ["0501234567"], message: "x", account_id: 424242 }, { account_id: "must name one of your connected accounts" }],
    ];
    for (const [body, fields] of cases) {
      const r = await api.post("/send-bulk", body);
      expect(r.status, JSON.stringify(fields)).toBe(422);
      expect(r.body.success).toBe(false);
      expect(r.body.error.code).toBe("VALIDATION_ERROR");
      expect(Object.keys(r.body.error.fields).sort()).toEqual(Object.keys(fields).sort());
      for (const [name, expected] of Object.entries(fields)) expect(r.body.error.fields[name]).toMatch(expected);
    }
    expect(await server().app.deps.db.message.count({ where: { tenantId: t.id } })).toBe(0);
    expect((await api.get("/balance")).body.messages.used).toBe(0);
  });

  it("gives 422 NO_CONNECTED_NUMBER when no number is connected", async () => {
    const t = await server().seed.tenant().create();
    const r = await server()
      .client(t.key)
      .post("/send-bulk", { numbers: ["0501234567"], message: "x" });
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe("NO_CONNECTED_NUMBER");
  });

  it("spreads over the accounts with room and waits for tomorrow when every number is full", async () => {
    const t = await server().seed.tenant().account({ dailyLimit: 2 }).account({ dailyLimit: 3 }).create();
    const api = server().client(t.key);
    const r = await api.post("/send-bulk", { numbers: numbers(7), message: "x" });
    const batch = await waitFor(
      () => api.get(`/batches/${r.body.batch_id}`),
      (b) => b.body.counts.sent === 5 && b.body.counts.sending === 0,
    );
    expect(batch.body.counts).toEqual({ pending: 2, sending: 0, sent: 5, failed: 0, cancelled: 0, expired: 0, opted_out: 0, delivered: 0, read: 0, replies: 0 });
    expect(batch.body.status).toBe("processing");
    const waiting = await server().app.deps.db.message.findMany({ where: { batchId: BigInt(r.body.batch_id), status: "pending" } });
    const tomorrow = server().app.deps.clock.day(new Date(server().app.deps.clock.now().getTime() + 86_400_000));
    for (const m of waiting) {
      expect(server().app.deps.clock.timestamp(m.runAt)).toBe(`${tomorrow}T00:00:00.000+03:00`);
      expect(m.attempts).toBe(0);
    }
    const accounts = (await api.get("/accounts")).body.accounts;
    expect(accounts.map((a: { today_sent: number }) => a.today_sent)).toEqual([2, 3]);
  });

  describe("messages deferred for a full day come due spread by their numbers' pacing", () => {
    /** Waits until the worker has sent `sent` of the batch and deferred the rest; their run_at offsets from tomorrow's start, in ms. */
    async function deferredOffsets(api: Client, batchId: number, sent: number): Promise<number[]> {
      await waitFor(
        () => api.get(`/batches/${batchId}`),
        (b) => b.body.counts.sent === sent && b.body.counts.sending === 0,
      );
      const waiting = await server().app.deps.db.message.findMany({ where: { batchId: BigInt(batchId), status: "pending" } });
      const clock = server().app.deps.clock;
      const tomorrow = clock.day(new Date(clock.now().getTime() + 86_400_000));
      const dayStart = new Date(`${tomorrow}T00:00:00.000+03:00`).getTime();
      for (const m of waiting) {
        expect(clock.day(m.runAt)).toBe(tomorrow);
        expect(m.attempts).toBe(0);
      }
      return waiting.map((m) => m.runAt.getTime() - dayStart).sort((a, b) => a - b);
    }

    it("one number: from the day's start, each the number's interval plus jitter after the one before", async () => {
      const t = await server().seed.tenant().account({ dailyLimit: 1, minIntervalMs: 1000, jitterMs: 500 }).create();
      const api = server().client(t.key);
      const r = await api.post("/send-bulk", { numbers: numbers(6, 3000), message: "x", account_id: t.accounts[0]!.id });
      const offsets = await deferredOffsets(api, r.body.batch_id, 1);
      expect(offsets).toHaveLength(5);
      expect(offsets[0]).toBe(0);
      for (let i = 1; i < offsets.length; i++) {
        const gap = offsets[i]! - offsets[i - 1]!;
        expect(gap).toBeGreaterThanOrEqual(1000);
        expect(gap).toBeLessThanOrEqual(1500);
      }
    });

    it("several numbers: each message takes the earliest slot among the numbers it may use", async () => {
      const t = await server().seed.tenant().account({ dailyLimit: 1, minIntervalMs: 1000 }).account({ dailyLimit: 1, minIntervalMs: 3000 }).create();
      const api = server().client(t.key);
      const r = await api.post("/send-bulk", { numbers: numbers(8, 4000), message: "x" });
      // Slots 0, 1 s, 2 s, 3 s… of the first number and 0, 3 s… of the second, earliest first.
      expect(await deferredOffsets(api, r.body.batch_id, 2)).toEqual([0, 0, 1000, 2000, 3000, 3000]);
    });
  });
});
