import { afterAll, describe, expect, it } from "vitest";
import { useServer } from "./kit/server.js";
import { waitFor } from "./kit/wait.js";
import { type AwkwardReceiver, type Misbehaviour, startAwkwardReceiver } from "./kit/webhook-receivers.js";

// The gateway's outbound webhooks against receivers that lose the answer (2xx after the gateway's
// timeout) or reset the connection mid-request (test/kit/webhook-receivers.ts). docs/webhooks.md
// promises at-least-once: each such attempt is retried, the receiver gets the same X-Event-Id again
// (one more request per lost answer, no more), and the delivery ends delivered once, its attempts
// and the deliveries metric counting each try.

const TIMEOUT_MS = 2_000;
const server = useServer({
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: "true",
  WEBHOOK_MAX_ATTEMPTS: "3",
  WEBHOOK_RETRY_BASE_MS: "20",
  WEBHOOK_RETRY_MAX_MS: "100",
  WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
});

const receivers: AwkwardReceiver[] = [];
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
});

/** gateway_webhook_deliveries_total by outcome, as /metrics shows it now. */
async function deliveryCounts(): Promise<Record<string, number>> {
  const text = await (await fetch(`${server().url}/metrics`)).text();
  const counts: Record<string, number> = {};
  for (const m of text.matchAll(/^gateway_webhook_deliveries_total\{outcome="(\w+)"\} (\d+)$/gm)) counts[m[1]!] = Number(m[2]);
  return counts;
}

async function oneMessageTo(mode: Misbehaviour) {
  const receiver = await startAwkwardReceiver(mode);
  receivers.push(receiver);
  const tenant = await server().seed.tenant().account().create();
  const api = server().client(tenant.key);
  expect((await api.post("/webhooks", { url: receiver.url })).status).toBe(200);
  const before = await deliveryCounts();
  const sent = await api.post("/send", { to: "0501234567", message: "hello" });
  expect(sent.status).toBe(200);
  const id = sent.body.message_id as number;
  const log = async () =>
    ((await api.get("/webhook-deliveries?limit=10")).body.deliveries as Array<{ event_id: string; status: string; attempts: number; response_status: number | null }>).map((d) => ({
      eventId: d.event_id,
      status: d.status,
      attempts: d.attempts,
      responseStatus: d.response_status,
    }));
  // The message's two events (sending, sent), each ended.
  const ended = await waitFor(log, (ds) => ds.length === 2 && ds.every((d) => d.status !== "pending" && d.status !== "sending"), 30_000);
  const after = await deliveryCounts();
  const delta = (k: string) => (after[k] ?? 0) - (before[k] ?? 0);
  return { receiver, id, ended, counted: { delivered: delta("delivered"), retry: delta("retry"), failed: delta("failed") } };
}

describe("a receiver that loses the gateway's answer", () => {
  it("answering 2xx after the timeout: each event retried once, delivered once, received exactly twice", async () => {
    const { receiver, id, ended, counted } = await oneMessageTo("answer-after-timeout");
    expect(ended.map((d) => [d.eventId, d.status, d.attempts, d.responseStatus])).toEqual([
      [`evt_${id}_2`, "delivered", 2, 204],
      [`evt_${id}_1`, "delivered", 2, 204],
    ]);
    expect(receiver.attempts).toEqual([
      { eventId: `evt_${id}_1`, outcome: "late" },
      { eventId: `evt_${id}_1`, outcome: "ok" },
      { eventId: `evt_${id}_2`, outcome: "late" },
      { eventId: `evt_${id}_2`, outcome: "ok" },
    ]);
    expect(counted).toEqual({ delivered: 2, retry: 2, failed: 0 });
  });

  it("resetting the connection mid-request: each event retried once, delivered once, received exactly twice", async () => {
    const { receiver, id, ended, counted } = await oneMessageTo("reset-mid-request");
    expect(ended.map((d) => [d.eventId, d.status, d.attempts, d.responseStatus])).toEqual([
      [`evt_${id}_2`, "delivered", 2, 204],
      [`evt_${id}_1`, "delivered", 2, 204],
    ]);
    expect(receiver.attempts).toEqual([
      { eventId: `evt_${id}_1`, outcome: "reset" },
      { eventId: `evt_${id}_1`, outcome: "ok" },
      { eventId: `evt_${id}_2`, outcome: "reset" },
      { eventId: `evt_${id}_2`, outcome: "ok" },
    ]);
    expect(counted).toEqual({ delivered: 2, retry: 2, failed: 0 });
  });
});
