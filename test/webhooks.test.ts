import { describe, expect, it } from "vitest";
import { useServer } from "./kit/server.js";
import { cloudSignature, postCloudWebhook, postWahaWebhook } from "./kit/provider-signing.js";

const APP_SECRET = "cloud-app-secret-for-tests";
const WAHA_KEY = "waha-hmac-key-for-tests";
const server = useServer({ WHATSAPP_CLOUD_APP_SECRET: APP_SECRET, WHATSAPP_CLOUD_VERIFY_TOKEN: "verify-me", WAHA_WEBHOOK_HMAC_KEY: WAHA_KEY });

const cloudBody = (statuses: Array<{ id: string; status: string; timestamp: number }>) =>
  JSON.stringify({
    object: "whatsapp_business_account",
    entry: [
      {
        id: "WABA",
        changes: [
          { field: "messages", value: { messaging_product: "whatsapp", statuses: statuses.map((s) => ({ ...s, timestamp: String(s.timestamp), recipient_id: "966501234567" })) } },
        ],
      },
    ],
  });

const postCloud = (body: string, signature?: string) => postCloudWebhook(server().url, body, APP_SECRET, signature);

async function sentMessage() {
  const t = await server().seed.tenant().account().create();
  const api = server().client(t.key);
  const sent = await api.post("/send", { to: "0501234567", message: "x" });
  const row = await server().app.deps.db.message.findUniqueOrThrow({ where: { id: BigInt(sent.body.message_id) } });
  return { api, id: sent.body.message_id as number, providerId: row.providerMessageId! };
}

describe("provider delivery receipts", () => {
  it("answers Meta's subscription check only with the right verify token", async () => {
    const ok = await fetch(`${server().url}/webhooks/whatsapp-cloud?hub.mode=subscribe&hub.verify_token=verify-me&hub.challenge=12345`);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe("12345");
    const wrong = await fetch(`${server().url}/webhooks/whatsapp-cloud?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=12345`);
    expect(wrong.status).toBe(401);
  });

  it("records delivered and read times from signed WhatsApp Cloud statuses, never moving back", async () => {
    const { api, id, providerId } = await sentMessage();
    // Provider times a little in the past (a receipt is never dated in the future).
    const read = Math.floor(Date.now() / 1000) - 100;
    const delivered = read - 50;
    // Out of order: "read" arrives first, then a late "delivered" and a duplicate "read".
    expect((await postCloud(cloudBody([{ id: providerId, status: "read", timestamp: read }]))).status).toBe(200);
    const r = await postCloud(
      cloudBody([
        { id: providerId, status: "delivered", timestamp: delivered },
        { id: providerId, status: "read", timestamp: read + 50 },
      ]),
    );
    expect(await r.json()).toEqual({ success: true, received: 2, matched: 2, inbound: 0, stored: 0, duplicates: 0, unrouted: 0, health: 0, templates: 0 });
    const status = (await api.get(`/messages/${id}`)).body;
    expect(status.status).toBe("sent");
    expect(Date.parse(status.read_at)).toBe(read * 1000);
    expect(Date.parse(status.delivered_at)).toBe(read * 1000);
    expect(status.read_at).toMatch(/\+03:00$/);
  });

  it("refuses a wrong or missing signature and changes nothing", async () => {
    const { api, id, providerId } = await sentMessage();
    const body = cloudBody([{ id: providerId, status: "delivered", timestamp: 1_800_000_000 }]);
    for (const signature of ["sha256=00", cloudSignature(body, "other"), ""]) {
      const r = await postCloud(body, signature);
      expect(r.status).toBe(401);
      expect(await r.json()).toMatchObject({ success: false, error: { code: "UNAUTHORIZED" } });
    }
    expect((await api.get(`/messages/${id}`)).body.delivered_at).toBeNull();
    const malformed = "{not json";
    expect((await postCloud(malformed)).status).toBe(422);
  });

  it("records WAHA acks signed with HMAC-SHA512", async () => {
    const { api, id, providerId } = await sentMessage();
    const post = (ack: number, key = WAHA_KEY) => {
      const body = JSON.stringify({ event: "message.ack", session: "default", payload: { id: providerId, ack, ackName: ack === 2 ? "DEVICE" : "READ" } });
      return postWahaWebhook(server().url, body, key);
    };
    expect((await post(2, "wrong")).status).toBe(401);
    expect((await api.get(`/messages/${id}`)).body.delivered_at).toBeNull();
    expect(await (await post(2)).json()).toEqual({ success: true, received: 1, matched: 1, inbound: 0, stored: 0, duplicates: 0, unrouted: 0, health: 0, sessions: 0 });
    const afterDelivered = (await api.get(`/messages/${id}`)).body;
    expect(afterDelivered.delivered_at).not.toBeNull();
    expect(afterDelivered.read_at).toBeNull();
    await post(3);
    expect((await api.get(`/messages/${id}`)).body.read_at).not.toBeNull();
  });
});
