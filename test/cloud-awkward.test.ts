import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliverAsMeta, statusesWebhook } from "./kit/graph-api-awkward.js";
import { startGraphApi } from "./kit/graph-api.js";
import { openWindows, WINDOW_APP_SECRET } from "./kit/customer-window.js";
import { startFakeProvider } from "./kit/fake-provider.js";
import { startServer, type TestServer } from "./kit/server.js";
import { waitFor } from "./kit/wait.js";

// A WhatsApp Cloud number against the Graph stand-in's awkward side (test/kit/graph-api-awkward.ts):
// a message's statuses that reach the gateway before the send's own answer still mark it delivered;
// Meta's retried and duplicated notifications count once; an access token that expires marks the
// number token_invalid and fails the send with that reason (docs/rest-api.md).

let graph: Awaited<ReturnType<typeof startGraphApi>>;
let server: TestServer;
let receiver: Awaited<ReturnType<typeof startFakeProvider>>;
let serial = 0;

beforeAll(async () => {
  graph = await startGraphApi({ appSecret: WINDOW_APP_SECRET });
  receiver = await startFakeProvider(() => ({ status: 204 }));
  server = await startServer({
    WHATSAPP_CLOUD_BASE_URL: graph.url,
    WHATSAPP_CLOUD_APP_SECRET: graph.appSecret,
    SIMULATOR_LATENCY_MS: "0",
    WEBHOOK_ALLOW_PRIVATE_ADDRESSES: "true",
  });
});
afterAll(async () => {
  await server?.close();
  await graph?.close();
  await receiver?.close();
});

async function cloudNumber() {
  const phoneNumberId = `1065403522${process.pid % 1000}${++serial}`;
  const token = `EAAG-awkward-${serial}`;
  graph.addWaba(token, {
    id: `12345678901${serial}`,
    name: "Acme",
    phoneNumbers: [{ id: phoneNumberId, display_phone_number: "+966 55 000 0001", verified_name: "Acme", quality_rating: "GREEN", messaging_limit_tier: "TIER_1K" }],
  });
  const t = await server.seed.tenant().account({ cloud: { phoneNumberId, token } }).create();
  // The contacts wrote first: free-form messages go only inside their customer-service window.
  await openWindows(server, phoneNumberId, ["966501230001", "966501230002", "966501230003", "966501230004"]);
  return { api: server.client(t.key), accountId: t.accounts[0]!.id, phoneNumberId, token };
}

const ended = (api: ReturnType<TestServer["client"]>, id: number) =>
  waitFor(
    () => api.get(`/messages/${id}`),
    (r) => r.body.status !== "pending" && r.body.status !== "sending",
    30_000,
  );

describe("statuses before the send's answer", () => {
  it("a message Meta reports sent and delivered before answering its send ends sent and delivered", async () => {
    const n = await cloudNumber();
    expect((await n.api.post("/webhooks", { url: `${receiver.url}/hooks` })).status).toBe(200);
    const answered = graph.receiptsBeforeAnswer(`${server.url}/webhooks/whatsapp-cloud`, ["sent", "delivered"]);
    try {
      const sent = await n.api.post("/send", { to: "0501230001", message: "fast receipts", account_id: n.accountId });
      expect(sent.status).toBe(200);
      const id = sent.body.message_id as number;
      const done = await ended(n.api, id);
      expect(answered).toEqual([[200, 200]]);
      expect(done.body).toMatchObject({ status: "sent", delivered_at: expect.any(String) });
      // The tenant's webhook hears it delivered too, once, after sent.
      const events = await waitFor(
        async () => ((await n.api.get("/webhook-deliveries?limit=20")).body.deliveries as Array<{ event_id: string; message_id: number }>).filter((d) => d.message_id === id),
        (ds) => ds.length === 3,
      );
      expect(events.map((d) => d.event_id).toSorted()).toEqual([`evt_${id}_1`, `evt_${id}_2`, `evt_${id}_delivered`]);
    } finally {
      graph.receiptsBeforeAnswer("", []);
    }
  });
});

describe("Meta's retried and duplicated notifications", () => {
  it("a delivered status sent again and again marks the message delivered at Meta's time; the copies change nothing", async () => {
    const n = await cloudNumber();
    const sent = await n.api.post("/send", { to: "0501230002", message: "duplicated receipts", account_id: n.accountId });
    const done = await ended(n.api, sent.body.message_id);
    expect(done.body.status).toBe("sent");
    // The stand-in numbers its answers' wamids by its sends so far.
    const wamid = `wamid.STANDIN${graph.sent.length}`;
    const at = Math.floor(Date.now() / 1000);
    const payload = statusesWebhook(n.phoneNumberId, [{ id: wamid, status: "delivered", recipient_id: "966501230002", timestamp: at }]);
    expect(await deliverAsMeta(`${server.url}/webhooks/whatsapp-cloud`, graph.appSecret, payload, { duplicates: 3 })).toEqual([200, 200, 200, 200]);
    const delivered = await n.api.get(`/messages/${sent.body.message_id}`);
    expect(Date.parse(delivered.body.delivered_at)).toBe(at * 1000);
  });
});

describe("an access token that expires", () => {
  it("fails the next send with token_invalid and marks the number token_invalid", async () => {
    const n = await cloudNumber();
    const first = await n.api.post("/send", { to: "0501230003", message: "before", account_id: n.accountId });
    expect((await ended(n.api, first.body.message_id)).body.status).toBe("sent");
    graph.expireToken(n.token);
    const second = await n.api.post("/send", { to: "0501230004", message: "after", account_id: n.accountId });
    const failed = await ended(n.api, second.body.message_id);
    expect(failed.body).toMatchObject({ status: "failed", error: "token_invalid" });
    const accounts = (await n.api.get("/accounts")).body.accounts as Array<{ id: number; status: string }>;
    expect(accounts.find((a) => a.id === n.accountId)?.status).toBe("token_invalid");
  });
});
