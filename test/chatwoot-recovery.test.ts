import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bridgedTenant, contactSends, conversationOf, CW_ACCOUNT, CW_TOKEN, incomingArrives, incomingTexts, startWorld, type World } from "./kit/chatwoot-world.js";
import { startServer } from "./kit/server.js";
import { waitFor } from "./kit/wait.js";

// The Chatwoot bridge when Chatwoot does what the gateway cannot see coming: it stores a post after
// the gateway stopped waiting (Rails keeps working after its caller is gone), while agents write
// more than a page of messages; someone deletes the contact's conversation, or the contact; the
// tenant connects another inbox; a proxy before Chatwoot refuses a post for good. Every contact
// message ends in Chatwoot once, in the conversation of the inbox connected now; what was refused
// for good is listed and can be posted again (REST and GraphQL, audited).
// The gateway waits 300 ms for Chatwoot; a post whose answer was lost is looked for 2.5 s after it
// was sent, later than the stand-in stores a late one (1 s), as CHATWOOT_RECHECK_AFTER_MS is set
// later than Chatwoot's own request limit.

let w: World;
beforeAll(async () => {
  w = await startWorld(startServer, { CHATWOOT_TIMEOUT_MS: "300", CHATWOOT_RECHECK_AFTER_MS: "2500" });
  w.chatwoot.lateMs = 1_000;
});
afterAll(async () => {
  await w?.close();
});

/** Overrides aimed at the next message post, whatever other calls (ticks, lookups) come first. */
const MESSAGE_POST = { method: "POST", path: /\/conversations\/\d+\/messages$/ };

const relayState = async (key: string) => (await w.server.client(key).get("/chatwoot")).body.bridge;
/** Waits until nothing is owed to Chatwoot and the last call worked. */
const settled = (key: string) =>
  waitFor(
    () => relayState(key),
    (b) => b.relay.to_chatwoot === 0 && b.relay.last_error === null,
    30_000,
  );

describe("a slow Chatwoot", () => {
  it("posts a message once when Chatwoot stores it after the gateway stopped waiting", async () => {
    const t = await bridgedTenant(w);
    const phone = "966507770001";
    await contactSends(w, t, phone, { type: "text", text: { body: "first" } });
    await incomingArrives(w, phone, "first");
    w.chatwoot.override.push({ answer: "store-late", ...MESSAGE_POST });
    await contactSends(w, t, phone, { type: "text", text: { body: "second" } });
    await contactSends(w, t, phone, { type: "text", text: { body: "third" } });
    await incomingArrives(w, phone, "third", 30_000);
    await settled(t.key);
    expect(incomingTexts(w, phone)).toEqual(["first", "second", "third"]);
  });

  it("finds a post whose answer was lost beyond the conversation's latest 20 messages", async () => {
    const t = await bridgedTenant(w);
    const phone = "966507770002";
    await contactSends(w, t, phone, { type: "text", text: { body: "first" } });
    const conversation = await conversationOf(w, phone);
    await incomingArrives(w, phone, "first");
    w.chatwoot.override.push({ answer: "store-hang", ...MESSAGE_POST });
    await contactSends(w, t, phone, { type: "text", text: { body: "second" } });
    await incomingArrives(w, phone, "second");
    // Agents answer on: by the time the gateway looks again, its post is 25 messages back.
    for (let i = 1; i <= 25; i++) w.chatwoot.agentWrites(conversation.display_id, `note ${i}`, { private: true });
    await contactSends(w, t, phone, { type: "text", text: { body: "third" } });
    await incomingArrives(w, phone, "third", 30_000);
    await settled(t.key);
    expect(incomingTexts(w, phone)).toEqual(["first", "second", "third"]);
  });
});

describe("a conversation or contact deleted in Chatwoot", () => {
  it("makes the conversation again and posts the same message in it, losing nothing", async () => {
    const t = await bridgedTenant(w);
    const phone = "966507770003";
    await contactSends(w, t, phone, { type: "text", text: { body: "before" } });
    const first = await conversationOf(w, phone);
    await incomingArrives(w, phone, "before");
    w.chatwoot.deleteConversation(first.display_id);
    await contactSends(w, t, phone, { type: "text", text: { body: "after" } });
    const again = await waitFor(
      () => w.chatwoot.conversations.find((c) => c.contact_id === first.contact_id),
      (c) => c !== undefined,
    );
    await incomingArrives(w, phone, "after");
    expect(again!.display_id).not.toBe(first.display_id);
    expect(w.chatwoot.messages.filter((m) => m.conversation_display_id === again!.display_id).map((m) => m.content)).toEqual(["after"]);
    const bridge = await settled(t.key);
    expect([bridge.relay.failed_posts, bridge.failed_posts]).toEqual([0, []]);
  });

  it("makes the contact and its conversation again and posts the same message, losing nothing", async () => {
    const t = await bridgedTenant(w);
    const phone = "966507770004";
    await contactSends(w, t, phone, { type: "text", text: { body: "before" } }, "Huda");
    const first = await conversationOf(w, phone);
    await incomingArrives(w, phone, "before");
    w.chatwoot.deleteContact(first.contact_id);
    await contactSends(w, t, phone, { type: "text", text: { body: "after" } }, "Huda");
    await incomingArrives(w, phone, "after");
    const contact = w.chatwoot.contacts.find((c) => c.phone_number === `+${phone}`);
    expect(contact).toMatchObject({ name: "Huda" });
    expect(contact!.id).not.toBe(first.contact_id);
    expect(incomingTexts(w, phone)).toEqual(["after"]);
    const bridge = await settled(t.key);
    expect([bridge.relay.failed_posts, bridge.failed_posts]).toEqual([0, []]);
  });
});

describe("connecting another inbox", () => {
  it("forgets the old inbox's conversations: the contact's next message and the agents' answers go through the new inbox", async () => {
    if (!w.chatwoot.inboxes.some((i) => i.id === 8)) w.chatwoot.addInbox(8);
    const t = await bridgedTenant(w);
    const phone = "966507770005";
    await contactSends(w, t, phone, { type: "text", text: { body: "in seven" } });
    const old = await conversationOf(w, phone, 7);
    await incomingArrives(w, phone, "in seven");
    const moved = await w.server
      .client(t.key)
      .put("/chatwoot", { base_url: w.chatwoot.url, chatwoot_account_id: CW_ACCOUNT, inbox_id: 8, access_token: CW_TOKEN, account_ids: [t.accountId] });
    expect(moved.status).toBe(200);
    await contactSends(w, t, phone, { type: "text", text: { body: "in eight" } });
    const current = await conversationOf(w, phone, 8);
    await waitFor(
      () => w.chatwoot.messages.filter((m) => m.conversation_display_id === current.display_id).map((m) => m.content),
      (got) => got.includes("in eight"),
    );
    expect(w.chatwoot.messages.filter((m) => m.conversation_display_id === old.display_id).map((m) => m.content)).toEqual(["in seven"]);

    // An agent answers in the new inbox: Chatwoot calls the new address, signed with inbox 8's secret.
    const before = w.cloud.sends.length;
    const reply = w.chatwoot.agentWrites(current.display_id, "Answered from the new inbox");
    expect(await (await w.chatwoot.deliver(moved.body.webhook_url, w.chatwoot.webhookOf(reply))).json()).toEqual({ success: true, recorded: true });
    expect((await w.chatwoot.deliver(t.webhookUrl, w.chatwoot.webhookOf(reply))).status).toBe(401);
    const sent = await waitFor(
      () => w.cloud.sends.slice(before),
      (s) => s.length > 0,
    );
    expect(sent).toEqual([expect.objectContaining({ to: phone, text: expect.objectContaining({ body: "Answered from the new inbox" }) })]);
  });
});

describe("posts Chatwoot refused for good", () => {
  it("lists them and posts them again on request, over REST and GraphQL, in the audit log", async () => {
    const t = await bridgedTenant(w);
    const api = w.server.client(t.key);
    const phone = "966507770006";
    w.cloud.files.set("IMG-R1", { bytes: Buffer.alloc(4_000, 7), contentType: "image/jpeg" });
    w.cloud.files.set("IMG-R2", { bytes: Buffer.alloc(5_000, 9), contentType: "image/jpeg" });
    await contactSends(w, t, phone, { type: "text", text: { body: "hello" } });
    await incomingArrives(w, phone, "hello");
    // A proxy before Chatwoot refuses the upload: a 4xx about the post itself, not retried on its own.
    w.chatwoot.override.push({ answer: "413", ...MESSAGE_POST });
    const refusedId = await contactSends(w, t, phone, { type: "image", image: { id: "IMG-R1", mime_type: "image/jpeg", caption: "the receipt" } });
    await contactSends(w, t, phone, { type: "text", text: { body: "did you get it?" } });
    await incomingArrives(w, phone, "did you get it?");
    const listed = await waitFor(
      () => relayState(t.key),
      (b) => b.relay.failed_posts === 1,
    );
    const inbound = await w.server.app.deps.db.inboundMessage.findFirstOrThrow({ where: { providerMessageId: refusedId } });
    expect(listed.failed_posts).toEqual([
      {
        id: expect.any(Number),
        phone,
        kind: "message",
        inbound_message_id: Number(inbound.id),
        reason: expect.stringMatching(/^Chatwoot answered 413/),
        attempts: 1,
        created_at: expect.any(String),
        failed_at: expect.any(String),
      },
    ]);
    expect(incomingTexts(w, phone)).toEqual(["hello", "did you get it?"]);

    // A wrong id: refused, nothing changes.
    const postId = listed.failed_posts[0].id as number;
    const wrong = await api.post("/chatwoot/failed-posts/retry", { ids: [postId, postId + 1_000_000] });
    expect([wrong.status, wrong.body.error.fields]).toEqual([422, { ids: expect.stringContaining(String(postId + 1_000_000)) }]);
    expect((await relayState(t.key)).relay.failed_posts).toBe(1);

    const retried = await api.post("/chatwoot/failed-posts/retry", { ids: [postId] });
    expect(retried.body).toEqual({ success: true, retried: 1 });
    await incomingArrives(w, phone, "the receipt");
    expect((await settled(t.key)).failed_posts).toEqual([]);

    // Over GraphQL, the same: every failed post when no ids are named.
    w.chatwoot.override.push({ answer: "413", ...MESSAGE_POST });
    await contactSends(w, t, phone, { type: "image", image: { id: "IMG-R2", mime_type: "image/jpeg", caption: "and the box" } });
    await waitFor(
      () => relayState(t.key),
      (b) => b.relay.failed_posts === 1,
    );
    const viaGraphql = await api.request("POST", "/graphql", { query: "mutation { retryChatwootPosts { retried } }" });
    expect(viaGraphql.body).toEqual({ data: { retryChatwootPosts: { retried: 1 } } });
    await incomingArrives(w, phone, "and the box");
    expect(incomingTexts(w, phone)).toEqual(["hello", "did you get it?", "the receipt", "and the box"]);

    const events = await w.server.app.deps.db.auditEvent.findMany({ where: { tenantId: t.id, action: "chatwoot.posts_retried" }, orderBy: { id: "asc" } });
    expect(events.map((e) => [e.target, (e.after as { ids: string[] }).ids.length])).toEqual([
      [`chatwoot_bridge:${listed.id}`, 1],
      [`chatwoot_bridge:${listed.id}`, 1],
    ]);
    expect((events[0]!.after as { ids: string[] }).ids).toEqual([String(postId)]);
  });
});
