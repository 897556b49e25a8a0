import { describe, expect, it } from "vitest";
import { useServer } from "./kit/server.js";
import { waitFor } from "./kit/wait.js";

// Retries, expiry and pacing in the worker, on a server whose worker polls every 20 ms.
const server = useServer({ WORKER_MAX_ATTEMPTS: "3", WORKER_RETRY_BASE_MS: "40", WORKER_RETRY_MAX_MS: "200", MESSAGE_TTL_SECONDS: "60" });

const settle = (id: number) =>
  waitFor(
    () => server().app.deps.db.message.findUniqueOrThrow({ where: { id: BigInt(id) } }),
    (m) => m.status === "sent" || m.status === "failed",
  );

describe("queued delivery", () => {
  it("retries a transient failure with backoff and fails it after the last attempt, giving the allowance back", async () => {
    const t = await server().seed.tenant({ monthlyLimit: 10 }).account().create();
    const api = server().client(t.key);
    const r = await api.post("/send-bulk", { numbers: ["0500000155"], message: "x" });
    const id = r.body.messages[0].message_id as number;
    const m = await settle(id);
    expect(m).toMatchObject({ status: "failed", error: "provider_unavailable", providerErrorCode: "SIM_UNAVAILABLE", attempts: 3 });
    expect((await api.get(`/messages/${id}`)).body).toMatchObject({ status: "failed", error: "provider_unavailable" });
    expect((await api.get("/balance")).body.messages.used).toBe(0);
    expect((await api.get("/accounts")).body.accounts[0].today_sent).toBe(0);
  });

  it("sends on the next attempt after a throttled one, exactly once", async () => {
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    const r = await api.post("/send-bulk", { numbers: ["0500000255"], message: "x" });
    const id = r.body.messages[0].message_id as number;
    const m = await settle(id);
    expect(m).toMatchObject({ status: "sent", error: null, attempts: 2 });
    expect(server().app.channel.ledger.filter((e) => e.messageId === BigInt(id))).toHaveLength(1);
  });

  it("paces one number's messages apart and fails those that waited past their expiry", async () => {
    // Messages may wait 60 s here (MESSAGE_TTL_SECONDS); the number sends one message every 2 minutes.
    const t = await server().seed.tenant({ monthlyLimit: 10 }).account({ minIntervalMs: 120_000 }).create();
    const api = server().client(t.key);
    const r = await api.post("/send-bulk", { numbers: ["0501234501", "0501234502", "0501234503"], message: "x" });
    await waitFor(
      () => api.get(`/batches/${r.body.batch_id}`),
      (b) => b.body.counts.sent === 1,
    );
    // Five minutes on the service clock: both others come due after their expiry.
    server().app.deps.clock.advance(5 * 60_000);
    server().app.deps.wakeWorker();
    const batch = await waitFor(
      () => api.get(`/batches/${r.body.batch_id}`),
      (b) => b.body.status === "completed",
    );
    expect(batch.body.counts).toEqual({ pending: 0, sending: 0, sent: 1, failed: 2, cancelled: 0, expired: 2, opted_out: 0, delivered: 0, read: 0, replies: 0 });
    expect(batch.body.messages.filter((m: { error: string | null }) => m.error === "expired")).toHaveLength(2);
    expect((await api.get("/balance")).body.messages.used).toBe(1);
  });

  it("spaces a paced number's sends by at least its interval", async () => {
    const t = await server().seed.tenant().account({ minIntervalMs: 200, jitterMs: 50 }).create();
    const api = server().client(t.key);
    const r = await api.post("/send-bulk", { numbers: ["0501234511", "0501234512", "0501234513", "0501234514"], message: "x" });
    await waitFor(
      () => api.get(`/batches/${r.body.batch_id}`),
      (b) => b.body.status === "completed",
    );
    const ids = new Set((r.body.messages as Array<{ message_id: number }>).map((m) => BigInt(m.message_id)));
    const times = server()
      .app.channel.ledger.filter((e) => ids.has(e.messageId))
      .map((e) => e.at.getTime())
      .sort((a, b) => a - b);
    expect(times).toHaveLength(4);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(195);
  });

  it("keeps the pacing floor between single sends and the queued sends of the same number", async () => {
    const t = await server().seed.tenant().account({ minIntervalMs: 300, jitterMs: 0 }).create();
    const api = server().client(t.key);
    // Three interactive sends at once, then one more behind a bulk: each goes out at least one
    // interval after the number's previous send, whichever path it took.
    const singles = await Promise.all(["0501234521", "0501234522", "0501234523"].map((to) => api.post("/send", { to, message: "code 1234" })));
    for (const r of singles) expect(r.status).toBe(200);
    const bulk = await api.post("/send-bulk", { numbers: ["0501234524", "0501234525"], message: "x" });
    const last = await api.post("/send", { to: "0501234526", message: "code 5678" });
    expect(last.status).toBe(200);
    const ids = new Set([
      ...singles.map((r) => BigInt(r.body.message_id)),
      BigInt(last.body.message_id),
      ...(bulk.body.messages as Array<{ message_id: number }>).map((m) => BigInt(m.message_id)),
    ]);
    for (const r of [...singles, last])
      await waitFor(
        () => api.get(`/messages/${r.body.message_id}`),
        (m) => m.body.status === "sent",
      );
    await waitFor(
      () => api.get(`/batches/${bulk.body.batch_id}`),
      (b) => b.body.status === "completed",
    );
    const times = server()
      .app.channel.ledger.filter((e) => ids.has(e.messageId))
      .map((e) => e.at.getTime())
      .sort((a, b) => a - b);
    expect(times).toHaveLength(6);
    // The floor counts from when the previous send went out (the simulator stamps its ledger as it
    // takes the message). Without it, the three concurrent single sends arrive milliseconds apart.
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(300);
  });
});
