import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { loopPassesAfter, useServer } from "./kit/server.js";
import { subscribeLive, wsClient } from "./kit/ws.js";
import { waitFor } from "./kit/wait.js";
import { postCloudWebhook, postWahaWebhook } from "./kit/provider-signing.js";

// Inbound messages through the real provider webhooks, with payloads in the providers' documented
// shapes (test/fixtures/providers), reply attribution, stop words, and consent at acceptance.

const APP_SECRET = "cloud-app-secret-inbound";
const WAHA_KEY = "waha-hmac-key-inbound";
const server = useServer({ WHATSAPP_CLOUD_APP_SECRET: APP_SECRET, WAHA_WEBHOOK_HMAC_KEY: WAHA_KEY, SIMULATOR_REPLY_DELAY_MS: "0" });

let serial = 0;
/** A fresh contact number (a valid Saudi mobile) and provider ids, so tests never share rows. */
const fresh = () => {
  serial++;
  return { contact: `96658${String(Date.now() % 1_000_000).padStart(6, "0")}${serial % 10}`, phoneNumberId: `1065${Date.now()}${serial}`, session: `s${Date.now()}${serial}` };
};

/** A fixture with our test's ids in place of the fixture's (`me`: the number a WAHA session is logged in to). */
function fixture(name: string, ids: { contact: string; phoneNumberId: string; session: string; me?: string }, suffix = "") {
  return fs
    .readFileSync(new URL(`./fixtures/providers/${name}.json`, import.meta.url), "utf8")
    .replaceAll("966501234567", ids.contact)
    .replaceAll("966550000001", ids.me ?? "966550000001")
    .replaceAll("106540352242922", ids.phoneNumberId)
    .replaceAll('"session": "default"', `"session": "${ids.session}"`)
    .replaceAll(/"(wamid\.[A-Za-z0-9=]+|false_[^"]+)"/g, (_, id: string) => `"${id}${suffix}"`);
}

/** A webhook's status and JSON answer. */
async function answered(posted: Promise<Response>) {
  const r = await posted;
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
}
const postCloud = (body: string, signature?: string) => answered(postCloudWebhook(server().url, body, APP_SECRET, signature));
const postWaha = (body: string, signature?: string) => answered(postWahaWebhook(server().url, body, WAHA_KEY, signature));

/** A tenant with one number reachable by both providers under this test's ids. */
async function tenantWithNumber(ids: ReturnType<typeof fresh>) {
  const t = await server().seed.tenant().account().create();
  const accountId = t.accounts[0]!.id;
  await server().app.deps.db.account.update({
    where: { id: accountId },
    data: { settings: { whatsappCloud: { phoneNumberId: ids.phoneNumberId, accessToken: "t" }, waha: { session: ids.session } } },
  });
  return { ...t, accountId, api: server().client(t.key) };
}

describe("inbound messages from provider webhooks", () => {
  it("stores Cloud API text, image, location and button replies once each, ignores statuses, and refuses bad signatures", async () => {
    const ids = fresh();
    const t = await tenantWithNumber(ids);
    const names = ["cloud-text", "cloud-image", "cloud-location", "cloud-button-reply", "cloud-statuses"];
    for (const name of names) {
      const body = fixture(name, ids);
      expect((await postCloud(body, "sha256=" + "0".repeat(64))).status).toBe(401);
      expect((await postCloud(body)).status).toBe(200);
      // Providers redeliver: the same payload again is stored once.
      const again = await postCloud(body);
      expect(again.body).toMatchObject({ success: true, stored: 0 });
    }
    const list = await t.api.get("/inbound-messages");
    expect(list.status).toBe(200);
    const got = list.body.inbound_messages as Array<Record<string, unknown>>;
    expect(got.map((m) => m.type).sort()).toEqual(["button", "image", "location", "text"]);
    for (const m of got) {
      expect(m).toMatchObject({ account_id: t.accountId, from: ids.contact, opt_out: false });
      expect(m.provider_message_id).toMatch(/^wamid\./);
    }
    const location = got.find((m) => m.type === "location")!;
    expect(typeof location.latitude).toBe("number");
    expect(typeof location.longitude).toBe("number");
    expect(got.find((m) => m.type === "image")!.media_id).toBeTruthy();
    expect(got.find((m) => m.type === "text")!.from_lid).toBe("SA.13491208655302741918");
    const contact = await server().app.deps.db.contact.findUniqueOrThrow({ where: { tenantId_phone: { tenantId: t.id, phone: ids.contact } } });
    expect(contact.lastInboundAt).not.toBeNull();
    expect(contact.name).toBe("Sara Al-Qahtani");
  });

  it("stores a message once when its redeliveries race the first delivery", async () => {
    const ids = fresh();
    const t = await tenantWithNumber(ids);
    const body = fixture("cloud-text", ids, "race");
    const answers = await Promise.all(Array.from({ length: 20 }, () => postCloud(body)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const stored = await server().app.deps.db.inboundMessage.findMany({ where: { accountId: t.accountId }, select: { providerMessageId: true } });
    expect(stored).toHaveLength(1);
    expect(stored[0]!.providerMessageId).toMatch(/race$/);
  });

  it("stores WAHA messages (a @lid sender with its phone beside it, an image) and reads message.ack as a receipt", async () => {
    const ids = fresh();
    const t = await tenantWithNumber(ids);
    for (const name of ["waha-message", "waha-message-lid", "waha-message-image", "waha-ack"]) {
      const body = fixture(name, { ...ids, me: t.accounts[0]!.phoneNumber });
      expect((await postWaha(body, "ab".repeat(64))).status).toBe(401);
      const r = await postWaha(body);
      expect(r.status).toBe(200);
      expect((await postWaha(body)).body).toMatchObject({ stored: 0 });
    }
    const got = (await t.api.get("/inbound-messages")).body.inbound_messages as Array<Record<string, unknown>>;
    expect(got).toHaveLength(3);
    expect(got.every((m) => m.from === ids.contact)).toBe(true);
    expect(got.some((m) => m.from_lid === "145120927268917@lid")).toBe(true);
    const image = got.find((m) => m.type === "image")!;
    expect(image.media_url).toMatch(/^https?:\/\//);
    // A number no account has is answered 200 and counted, so the provider does not redeliver forever.
    const stray = fixture("waha-message", { ...fresh(), session: "nobody-has-this" }).replace(/966550000001/g, "966559999999");
    expect((await postWaha(stray)).body).toMatchObject({ success: true, stored: 0, unrouted: 1 });
  });

  it("attributes a reply to the last message sent to the contact, counts it on the batch, and queues message.received", async () => {
    const ids = fresh();
    const t = await tenantWithNumber(ids);
    await server().app.deps.db.webhookEndpoint.create({ data: { tenantId: t.id, url: "https://receiver.example/hook", secret: "whsec_test" } });
    const bulk = await t.api.post("/send-bulk", { numbers: [ids.contact, "0501111111"], message: "Our sale starts today" });
    expect(bulk.status).toBe(200);
    const batchId = bulk.body.batch_id as number;
    await waitFor(
      () => t.api.get(`/batches/${batchId}`),
      (r) => r.body.status === "completed",
    );
    const sentTo = (bulk.body.messages as Array<{ message_id: number; to: string }>).find((m) => m.to === ids.contact)!;
    // A Cloud reply without a quote: attributed by the last message to the contact from this number.
    expect((await postCloud(fixture("cloud-text", ids, "R"))).body).toMatchObject({ stored: 1 });
    const [reply] = (await t.api.get(`/inbound-messages?batch_id=${batchId}`)).body.inbound_messages as Array<Record<string, unknown>>;
    expect(reply).toMatchObject({ in_reply_to_message_id: sentTo.message_id, batch_id: batchId, from: ids.contact });
    const report = await t.api.get(`/batches/${batchId}`);
    expect(report.body.counts).toMatchObject({ sent: 2, replies: 1 });
    const deliveries = await t.api.get("/webhook-deliveries");
    const received = (deliveries.body.deliveries as Array<Record<string, unknown>>).find((d) => d.event_type === "message.received");
    expect(received).toMatchObject({ message_id: null, inbound_message_id: reply!.id });
    expect(received!.payload).toMatchObject({ type: "message.received", data: { from: ids.contact, in_reply_to_message_id: sentTo.message_id, batch_id: batchId } });
  });

  it("opts a contact out on an Arabic stop word: pending messages fail opted_out with allowance back, /send is refused, bulk skips them", async () => {
    const ids = fresh();
    const t = await tenantWithNumber(ids);
    const later = new Date(Date.now() + 3600_000).toISOString();
    const queued = await t.api.post("/send", { to: ids.contact, message: "reminder", send_at: later });
    expect(queued.body.status).toBe("pending");
    const before = (await t.api.get("/balance")).body.messages.used as number;
    // "إيقاف" with a tatweel and a full stop is still a stop word.
    const body = fixture("cloud-text-arabic-stop", ids).replace("إيقاف", "إيـــقاف.");
    expect((await postCloud(body)).body).toMatchObject({ stored: 1 });
    const [stop] = (await t.api.get(`/inbound-messages?contact=${ids.contact}`)).body.inbound_messages as Array<Record<string, unknown>>;
    expect(stop!.opt_out).toBe(true);
    const cancelled = await t.api.get(`/messages/${queued.body.message_id}`);
    expect(cancelled.body).toMatchObject({ status: "failed", error: "opted_out" });
    expect((await t.api.get("/balance")).body.messages.used).toBe(before - 1);

    const refused = await t.api.post("/send", { to: ids.contact, message: "hello?" });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ error: { code: "RECIPIENT_OPTED_OUT" }, to: ids.contact, reason: "opted_out" });
    expect((await t.api.get("/balance")).body.messages.used).toBe(before - 1);

    // 10 numbers, 3 opted out (one by stop word, two suppressed): those 3 are skipped, 7 charged.
    const numbers = Array.from({ length: 10 }, (_, i) => `9665${String(70_000_000 + serial * 100 + i)}`);
    numbers[0] = ids.contact;
    expect((await t.api.post("/contacts/opt-out", { numbers: [numbers[4], numbers[7]] })).status).toBe(200);
    const usedBefore = (await t.api.get("/balance")).body.messages.used as number;
    const bulk = await t.api.post("/send-bulk", { numbers, message: "news" });
    expect(bulk.status).toBe(200);
    expect(bulk.body.queued).toBe(7);
    expect(bulk.body.skipped).toEqual([
      { to: numbers[0], reason: "opted_out" },
      { to: numbers[4], reason: "suppressed" },
      { to: numbers[7], reason: "suppressed" },
    ]);
    expect((await t.api.get("/balance")).body.messages.used).toBe(usedBefore + 7);
    const onlyOptedOut = await t.api.post("/send-bulk", { numbers: [numbers[0], numbers[4]], message: "news" });
    expect(onlyOptedOut.status).toBe(422);
    expect(onlyOptedOut.body.error).toMatchObject({ code: "RECIPIENT_OPTED_OUT" });
    expect((await t.api.get("/balance")).body.messages.used).toBe(usedBefore + 7);
  });

  it("the simulator's replies go through the same path: a stop-word reply opts out and the confirmation is sent once", async () => {
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    expect((await api.put("/consent-settings", { confirmation_text: "You will not hear from us again." })).status).toBe(200);
    const ws = wsClient(server().url, { connectionParams: { apiKey: t.key } });
    const sub = ws.subscribe<{ inboundMessages: { from: string; text: string; optOut: boolean; inReplyTo: { id: string } | null } }>(
      "subscription { inboundMessages { from text optOut inReplyTo { id } } }",
    );
    // The default patterns: 9665000003… replies, 9665000004… answers with a stop word. A reply heard proves the subscription live.
    expect(await subscribeLive(sub, () => api.post("/send", { to: "966500000399", message: "warm-up" }))).toBe("live");
    const bulk = await api.post("/send-bulk", { numbers: ["966500000300", "966500000400"], message: "Offer" });
    const ofOffer = () => sub.events.filter((e) => ["966500000300", "966500000400"].includes(e.inboundMessages.from));
    const events = await waitFor(ofOffer, (e) => e.length >= 2 || sub.errors.length > 0);
    expect(sub.errors).toEqual([]);
    const byFrom = new Map(events.map((e) => [e.inboundMessages.from, e.inboundMessages]));
    expect(byFrom.get("966500000300")).toMatchObject({ optOut: false });
    expect(byFrom.get("966500000400")).toMatchObject({ optOut: true, text: "إيقاف" });
    expect(byFrom.get("966500000400")!.inReplyTo).not.toBeNull();
    const notices = await waitFor(
      () => server().app.deps.db.message.findMany({ where: { tenantId: t.id, consentNotice: true } }),
      (rows) => rows.length === 1 && rows[0]!.status === "sent",
    );
    expect(notices[0]!.to).toBe("966500000400");
    // The simulated contact answers the confirmation with its stop word again: already opted out,
    // so no second confirmation (which would otherwise loop).
    await waitFor(
      () => server().app.deps.db.inboundMessage.count({ where: { tenantId: t.id, fromNumber: "966500000400" } }),
      (n) => n >= 2,
    );
    // A second confirmation would be queued right after that reply was stored, and the worker would take it.
    await loopPassesAfter(server(), "delivery worker");
    expect(await server().app.deps.db.message.count({ where: { tenantId: t.id, consentNotice: true } })).toBe(1);
    const report = await waitFor(
      () => api.get(`/batches/${bulk.body.batch_id}`),
      (r) => r.body.counts.replies === 2,
    );
    expect(report.body.counts.replies).toBe(2);
    sub.stop();
    await ws.close();
  });

  it("keeps every new query, route and subscription to its tenant", async () => {
    const ids = fresh();
    const a = await tenantWithNumber(ids);
    const b = await server().seed.tenant().account().create();
    const apiB = server().client(b.key);
    const bulk = await a.api.post("/send-bulk", { numbers: [ids.contact], message: "hi" });
    await waitFor(
      () => a.api.get(`/batches/${bulk.body.batch_id}`),
      (r) => r.body.status === "completed",
    );
    const ws = wsClient(server().url, { connectionParams: { apiKey: b.key } });
    const subB = ws.subscribe<{ inboundMessages: { id: string } }>("subscription { inboundMessages { id } }");
    // B's subscription is live (a simulated contact's reply to B reaches it), and so is a witness of A's.
    expect(await subscribeLive(subB, () => apiB.post("/send", { to: "966500000398", message: "warm-up" }))).toBe("live");
    const wsA = wsClient(server().url, { connectionParams: { apiKey: a.key } });
    const witness = wsA.subscribe<{ inboundMessages: { id: string } }>("subscription { inboundMessages { id } }");
    expect(await subscribeLive(witness, () => a.api.post("/send", { to: "966500000397", message: "warm-up" }))).toBe("live");
    expect((await postCloud(fixture("cloud-text", ids, "I"))).body).toMatchObject({ stored: 1 });
    const own = ((await a.api.get("/inbound-messages")).body.inbound_messages as Array<{ id: number; from: string }>).filter((m) => m.from === ids.contact);
    expect(own).toHaveLength(1);
    // B's own list holds only its contact's reply to the warm-up.
    const listedB = (await apiB.get("/inbound-messages")).body.inbound_messages as Array<{ from: string }>;
    expect([...new Set(listedB.map((m) => m.from))]).toEqual(["966500000398"]);
    expect((await apiB.get(`/inbound-messages?batch_id=${bulk.body.batch_id}`)).status).toBe(404);
    expect((await apiB.get(`/inbound-messages?account_id=${a.accountId}`)).status).toBe(404);
    const gql = await fetch(`${server().url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${b.key}` },
      body: JSON.stringify({ query: `{ inboundMessage(id: "${own[0]!.id}") { id } }` }),
    });
    const answer = (await gql.json()) as { errors?: Array<{ extensions?: { code?: string } }> };
    expect(answer.errors?.[0]?.extensions?.code, JSON.stringify(answer)).toBe("NOT_FOUND");
    const filtered = ws.subscribe("subscription ($b: ID) { inboundMessages(filter: { batchId: $b }) { id } }", { b: String(bulk.body.batch_id) });
    await filtered.done;
    expect(filtered.errors[0]?.message).toMatch(/not found/i);
    // A's witness heard A's message; B heard nothing of it, only its own contacts.
    await waitFor(
      () => witness.events.map((e) => e.inboundMessages.id),
      (heard) => heard.includes(String(own[0]!.id)),
    );
    const bOwn = ((await apiB.get("/inbound-messages")).body.inbound_messages as Array<{ id: number }>).map((m) => String(m.id));
    expect(subB.events.map((e) => e.inboundMessages.id).filter((id) => !bOwn.includes(id))).toEqual([]);
    subB.stop();
    await ws.close();
    await wsA.close();
  });
});
