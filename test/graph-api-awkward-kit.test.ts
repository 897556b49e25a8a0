import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliverAsMeta, statusesWebhook } from "./kit/graph-api-awkward.js";
import { startGraphApi } from "./kit/graph-api.js";
import { cloudSignature } from "./kit/provider-signing.js";

// The Graph stand-in's awkward modes (test/kit/graph-api-awkward.ts): an access token that expires,
// notifications retried and duplicated as Meta sends them, and a send whose `sent` and `delivered`
// statuses reach the webhook before the send's own answer.

const TOKEN = "EAAG-awkward";
const PHONE = { id: "106540352242922", display_phone_number: "+1 631-555-5555", verified_name: "Acme", quality_rating: "GREEN" as const, messaging_limit_tier: "TIER_1K" };
let graph: Awaited<ReturnType<typeof startGraphApi>>;

/** A receiver answering each POST with the next of `answers` (then 200); it logs what it got, and `log` is shared with the test. */
async function startReceiver(answers: number[], log: string[] = []) {
  const got: Array<{ raw: string; signature: string }> = [];
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (d: Buffer) => (raw += d.toString()));
    req.on("end", () => {
      got.push({ raw, signature: String(req.headers["x-hub-signature-256"]) });
      const status = (JSON.parse(raw) as { entry: Array<{ changes: Array<{ value: { statuses: Array<{ status: string }> } }> }> }).entry[0]!.changes[0]!.value.statuses[0]!.status;
      log.push(`receipt ${status}`);
      res.writeHead(answers.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/whatsapp-cloud`;
  return { url, got, log, close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))) };
}

beforeAll(async () => {
  graph = await startGraphApi({ appSecret: "awkward-app-secret" });
  graph.addWaba(TOKEN, { id: "1234567890123456", name: "Acme", phoneNumbers: [PHONE] });
  graph.addWaba("EAAG-other", { id: "1234567890123457", name: "Other", phoneNumbers: [] });
});
afterAll(async () => graph.close());

const get = (path: string, token: string) => fetch(`${graph.url}${path}`, { headers: { authorization: `Bearer ${token}` } });

describe("an access token that expires", () => {
  it("answers B.6's expired-session 401 (code 190, subcode 463) from then on; other tokens go on", async () => {
    expect((await get(`/v21.0/${PHONE.id}`, TOKEN)).status).toBe(200);
    graph.expireToken(TOKEN);
    const refused = await get(`/v21.0/${PHONE.id}`, TOKEN);
    expect([refused.status, await refused.json()]).toEqual([
      401,
      { error: { message: "Error validating access token: Session has expired", type: "OAuthException", code: 190, error_subcode: 463, fbtrace_id: expect.any(String) } },
    ]);
    expect((await get("/v21.0/1234567890123457", "EAAG-other")).status).toBe(200);
  });
});

describe("notifications as Meta sends them", () => {
  it("retries until the receiver answers 200, the same signed body each time, then sends duplicates", async () => {
    const receiver = await startReceiver([500, 503]);
    try {
      const payload = statusesWebhook(PHONE.id, [{ id: "wamid.X1", status: "delivered", recipient_id: "966501234567" }]);
      expect(await deliverAsMeta(receiver.url, graph.appSecret, payload, { retryDelaysMs: [10, 20, 40, 80], duplicates: 2 })).toEqual([500, 503, 200, 200, 200]);
      expect(new Set(receiver.got.map((g) => g.raw)).size).toBe(1);
      for (const g of receiver.got) expect(g.signature).toBe(cloudSignature(g.raw, graph.appSecret));
    } finally {
      await receiver.close();
    }
  });

  it("gives up after its last retry", async () => {
    const receiver = await startReceiver([500, 500, 500]);
    try {
      const payload = statusesWebhook(PHONE.id, [{ id: "wamid.X2", status: "read", recipient_id: "966501234567" }]);
      expect(await deliverAsMeta(receiver.url, graph.appSecret, payload, { retryDelaysMs: [10, 20], duplicates: 3 })).toEqual([500, 500, 500]);
    } finally {
      await receiver.close();
    }
  });

  it("sends a message's sent and delivered statuses, and has them answered, before answering the send", async () => {
    const log: string[] = [];
    const receiver = await startReceiver([], log);
    const answered = graph.receiptsBeforeAnswer(receiver.url, ["sent", "delivered"]);
    try {
      const token = "EAAG-sender";
      graph.addWaba(token, { id: "1234567890123458", name: "Sender", phoneNumbers: [{ ...PHONE, id: "106540352242999" }] });
      const res = await fetch(`${graph.url}/v21.0/106540352242999/messages`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ messaging_product: "whatsapp", to: "966501234567", type: "text", text: { body: "hi" } }),
      });
      log.push("send answered");
      const wamid = ((await res.json()) as { messages: Array<{ id: string }> }).messages[0]!.id;
      expect(log).toEqual(["receipt sent", "receipt delivered", "send answered"]);
      expect(answered).toEqual([[200, 200]]);
      const ids = receiver.got.map((g) => (JSON.parse(g.raw) as ReturnType<typeof statusesWebhook>).entry[0]!.changes[0]!.value.statuses[0]!.id);
      expect(ids).toEqual([wamid, wamid]);
    } finally {
      await receiver.close();
    }
  });
});
