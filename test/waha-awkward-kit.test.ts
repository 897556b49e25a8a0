import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { QR_CODES_PER_START } from "./kit/waha-session-controls.js";
import { startWahaSessions } from "./kit/waha-sessions.js";
import { retryDelaysMs } from "./kit/waha-webhook-awkward.js";
import { waitFor } from "./kit/wait.js";

// The WAHA sessions stand-in's awkward modes (test/kit/waha-webhook-awkward.ts): webhook retries by
// the webhook's `retries` policy, session.status events delivered out of the session's order, and
// QR codes that expire until the session fails (WAHA 2026.7.1, reference
// test/kit/references/waha-sessions-and-graph.md A.2, A.5 and A.7).

type Body = { id: string; event: string; timestamp: number; payload: { status: string } };

/** A receiver answering each try of a STARTING event with the next of `answers` (then 200), the rest 200, keeping what it got. */
async function startReceiver(answers: number[] = []) {
  const received: Array<{ body: Body; answered: number }> = [];
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (d: Buffer) => (raw += d.toString()));
    req.on("end", () => {
      const body = JSON.parse(raw) as Body;
      const answered = (body.payload.status === "STARTING" ? answers.shift() : undefined) ?? 200;
      received.push({ body, answered });
      res.writeHead(answered).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/waha`;
  const statuses = () => received.map((r) => r.body.payload.status);
  return { url, received, statuses, close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))) };
}

async function world(answers: number[] = [], retries?: unknown) {
  const receiver = await startReceiver(answers);
  const waha = await startWahaSessions({ retryScale: 0.01 });
  const create = (name: string) =>
    fetch(`${waha.url}/api/sessions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name, config: { webhooks: [{ url: receiver.url, events: ["session.status"], ...(retries ? { retries } : {}) }] } }),
    });
  return { receiver, waha, create, close: async () => (await waha.close(), await receiver.close()) };
}

describe("WAHA's webhook retries", () => {
  it("waits as each documented policy says (W-EVT: constant 2,2,2,2; linear 2,4,6,8; exponential 2,4,8,16 give or take 20%)", () => {
    const noJitter = () => 0.5;
    expect(retryDelaysMs({ policy: "constant", delaySeconds: 2, attempts: 4 })).toEqual([2000, 2000, 2000, 2000]);
    expect(retryDelaysMs({ policy: "linear", delaySeconds: 2, attempts: 4 })).toEqual([2000, 4000, 6000, 8000]);
    expect(retryDelaysMs({ policy: "exponential", delaySeconds: 2, attempts: 4 }, 1, noJitter)).toEqual([2000, 4000, 8000, 16000]);
    expect(retryDelaysMs({ policy: "exponential", delaySeconds: 2, attempts: 1 }, 1, () => 0)).toEqual([1600]);
    expect(retryDelaysMs({ policy: "exponential", delaySeconds: 2, attempts: 1 }, 1, () => 1)).toEqual([2400]);
    expect(retryDelaysMs(null)).toEqual([]);
  });

  it("sends a refused event again, the same event each time, until the receiver takes it", async () => {
    const w = await world([500, 503], { policy: "constant", delaySeconds: 2, attempts: 5 });
    try {
      expect((await w.create("retried")).status).toBe(201);
      await waitFor(w.receiver.statuses, (s) => s.includes("SCAN_QR_CODE"));
      // Every try ended, its answer recorded on both sides.
      await w.waha.deliveriesSettled();
      const of = (status: string) => w.receiver.received.filter((r) => r.body.payload.status === status);
      expect(of("STARTING").map((r) => r.answered)).toEqual([500, 503, 200]);
      expect(of("SCAN_QR_CODE").map((r) => r.answered)).toEqual([200]);
      expect(new Set(of("STARTING").map((r) => r.body.id)).size).toBe(1);
      expect(w.waha.deliveries.map((d) => d.status).toSorted()).toEqual([200, 200, 500, 503]);
    } finally {
      await w.close();
    }
  });

  it("does not hold the session's next events back while it waits to retry: they arrive first", async () => {
    // WAHA's own 2 s before the first retry (scale 1): the next event has long arrived by then.
    const receiver = await startReceiver([500]);
    const waha = await startWahaSessions({ retryScale: 1 });
    try {
      const webhooks = [{ url: receiver.url, events: ["session.status"], retries: { policy: "constant", delaySeconds: 2, attempts: 1 } }];
      await fetch(`${waha.url}/api/sessions`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "overtaken", config: { webhooks } }),
      });
      await waitFor(receiver.statuses, (s) => s.includes("SCAN_QR_CODE"));
      expect(receiver.received.map((r) => [r.body.payload.status, r.answered])).toEqual([
        ["STARTING", 500],
        ["SCAN_QR_CODE", 200],
      ]);
      await waitFor(receiver.statuses, (s) => s.length === 3, 10_000);
      expect(receiver.received.map((r) => [r.body.payload.status, r.answered])[2]).toEqual(["STARTING", 200]);
    } finally {
      await waha.close();
      await receiver.close();
    }
  });

  it("gives up after `attempts` retries, and never retries without a policy", async () => {
    const w = await world([500, 500, 500, 500], { policy: "linear", delaySeconds: 1, attempts: 2 });
    try {
      await w.create("given-up");
      await w.waha.deliveriesSettled();
      const starting = w.receiver.received.filter((r) => r.body.payload.status === "STARTING");
      expect(starting.map((r) => r.answered)).toEqual([500, 500, 500]);
    } finally {
      await w.close();
    }
    const once = await world([500]);
    try {
      await once.create("no-policy");
      await once.waha.deliveriesSettled();
      expect(once.receiver.received.map((r) => [r.body.payload.status, r.answered])).toEqual([
        ["STARTING", 500],
        ["SCAN_QR_CODE", 200],
      ]);
    } finally {
      await once.close();
    }
  });
});

describe("session.status out of order", () => {
  it("delivers a late event after the ones that followed it, with its own (earlier) time", async () => {
    const w = await world();
    try {
      w.waha.delayNextEvents("late");
      await w.create("late");
      await waitFor(w.receiver.statuses, (s) => s.includes("SCAN_QR_CODE"));
      expect(w.receiver.statuses()).toEqual(["SCAN_QR_CODE"]);
      expect(w.waha.releaseLateEvents("late")).toBe(1);
      await waitFor(w.receiver.statuses, (s) => s.length === 2);
      expect(w.receiver.statuses()).toEqual(["SCAN_QR_CODE", "STARTING"]);
      const [qr, starting] = w.receiver.received.map((r) => r.body.timestamp);
      expect(starting!).toBeLessThanOrEqual(qr!);
    } finally {
      await w.close();
    }
  });
});

describe("QR codes that expire", () => {
  it(`shows ${QR_CODES_PER_START} codes, one after each expiry, then fails the session`, async () => {
    const w = await world();
    try {
      await w.create("expiring");
      await waitFor(w.receiver.statuses, (s) => s.includes("SCAN_QR_CODE"));
      const codes = [w.waha.sessions.get("expiring")!.qr];
      for (let i = 1; i < QR_CODES_PER_START; i++) {
        await w.waha.expireQr("expiring");
        codes.push(w.waha.sessions.get("expiring")!.qr);
      }
      expect(new Set(codes).size).toBe(6);
      await w.waha.expireQr("expiring");
      expect(w.waha.sessions.get("expiring")).toMatchObject({ status: "FAILED", qr: null, qrCount: 6 });
      expect(w.receiver.statuses()).toEqual(["STARTING", ...Array(6).fill("SCAN_QR_CODE"), "FAILED"]);
      const qr = await fetch(`${w.waha.url}/api/expiring/auth/qr?format=raw`);
      expect([qr.status, await qr.json()]).toEqual([422, expect.objectContaining({ status: "FAILED", expected: ["SCAN_QR_CODE"] })]);
      await expect(w.waha.expireQr("expiring")).rejects.toThrow(/shows no QR code/);
    } finally {
      await w.close();
    }
  });
});
