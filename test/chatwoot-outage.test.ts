import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bridgedTenant, contactSends, startWorld, type World } from "./kit/chatwoot-world.js";
import { waitFor } from "./kit/wait.js";
import { loopPassesAfter, startServer } from "./kit/server.js";
import { postWebhook } from "./kit/chatwoot-state.js";

// The Chatwoot bridge when Chatwoot is away, slow or rate limiting, when an answer is lost after
// Chatwoot did the work (as a relay killed between the call and its record would lose it), and
// when Chatwoot's webhook is not what it should be.

let w: World;
beforeAll(async () => {
  w = await startWorld(startServer, { CHATWOOT_TIMEOUT_MS: "300", CHATWOOT_RECHECK_AFTER_MS: "1000", RECEIPT_MAX_BODY_BYTES: "4096" });
});
afterAll(async () => {
  await w?.close();
});

const texts = (phone: string) => {
  const contact = w.chatwoot.contacts.find((c) => c.phone_number === `+${phone}`);
  const conversations = new Set(w.chatwoot.conversations.filter((c) => c.contact_id === contact?.id).map((c) => c.display_id));
  return w.chatwoot.messages.filter((m) => conversations.has(m.conversation_display_id) && m.message_type === "incoming").map((m) => m.content);
};

/** The relay's post steps so far, by outcome, as the metrics count them. */
async function postSteps() {
  const metrics = await (await fetch(`${w.server.url}/metrics`)).text();
  const count = (outcome: string) => Number(new RegExp(`^gateway_chatwoot_steps_total\\{step="post",outcome="${outcome}"\\} (\\d+)`, "m").exec(metrics)?.[1] ?? 0);
  return { retry: count("retry"), done: count("done") };
}

describe("Chatwoot down, slow or rate limiting", () => {
  it("ends with every message posted once, in order, after 500s, 429s and timeouts", async () => {
    const t = await bridgedTenant(w);
    const phone = "966509990001";
    const before = await postSteps();
    const asked = w.chatwoot.requests.length;
    w.chatwoot.override.push("500", "429", "hang", "500", "hang", "429", "500");
    const sent = Array.from({ length: 10 }, (_, i) => `message ${i + 1}`);
    for (const body of sent) await contactSends(w, t, phone, { type: "text", text: { body } });
    const failing = await w.server.client(t.key).get("/chatwoot");
    expect(failing.body.bridge.relay.to_chatwoot + texts(phone).length).toBe(10);
    await waitFor(
      () => texts(phone),
      (got) => got.length >= 10,
      30_000,
    );
    expect(texts(phone)).toEqual(sent);
    const state = await waitFor(
      async () => (await w.server.client(t.key).get("/chatwoot")).body.bridge.relay,
      (r) => r.to_chatwoot === 0 && r.last_error === null,
    );
    expect(state).toMatchObject({ to_chatwoot: 0, to_whatsapp: 0, last_error: null, last_posted_at: expect.any(String) });
    expect(w.chatwoot.override).toEqual([]);
    // The retries and the posts show in the metrics.
    const after = await postSteps();
    // Each of the seven failures is one retry of the step it hit; ten posts, one request each.
    expect({ retry: after.retry - before.retry, done: after.done - before.done }).toEqual({ retry: 7, done: 10 });
    expect(w.chatwoot.requests.slice(asked).filter((r) => r.method === "POST" && r.path.endsWith("/messages"))).toHaveLength(10);
  });

  it("does not post twice when Chatwoot stored a message but its answer was lost", async () => {
    const t = await bridgedTenant(w);
    const phone = "966509990002";
    await contactSends(w, t, phone, { type: "text", text: { body: "first" } });
    await waitFor(
      () => texts(phone),
      (got) => got.length === 1,
    );
    w.chatwoot.override.push("store-hang");
    await contactSends(w, t, phone, { type: "text", text: { body: "second" } });
    await contactSends(w, t, phone, { type: "text", text: { body: "third" } });
    await waitFor(
      () => texts(phone),
      (got) => got.length >= 3,
      15_000,
    );
    // Nothing is left in the bridge's outbox: no post of these is still to come.
    await waitFor(
      async () => (await w.server.client(t.key).get("/chatwoot")).body.bridge.relay.to_chatwoot,
      (n) => n === 0,
    );
    expect(texts(phone)).toEqual(["first", "second", "third"]);
    expect(w.chatwoot.requests.some((r) => r.method === "GET" && r.path.endsWith("/messages"))).toBe(true);
  });
});

describe("Chatwoot's webhook, refused or ignored", () => {
  it("refuses a wrong secret, another inbox, bad bodies and a disconnected bridge, sending nothing", async () => {
    const t = await bridgedTenant(w);
    const phone = "966509990003";
    await contactSends(w, t, phone, { type: "text", text: { body: "hi" } });
    const ours = await waitFor(
      () => w.chatwoot.messages.find((m) => m.content === "hi" && texts(phone).includes("hi")),
      (m) => m !== undefined,
    );
    const reply = w.chatwoot.agentWrites(ours!.conversation_display_id, "hello");
    const payload = w.chatwoot.webhookOf(reply);
    const before = w.cloud.sends.length;
    // Signed as Chatwoot signs, so each is refused for what it is, not for a missing signature.
    const post = (url: string, body: string) => postWebhook(url, body, { secret: w.chatwoot.inboxes[0]!.secret });
    const wrongSecret = t.webhookUrl.replace(/[^/]{6}$/, "AAAAAA");
    expect((await post(wrongSecret, JSON.stringify(payload))).status).toBe(401);
    expect((await fetch(t.webhookUrl)).status).toBe(405);
    expect((await post(t.webhookUrl, "{not json")).status).toBe(422);
    expect((await post(t.webhookUrl, JSON.stringify({ ...payload, content: "x".repeat(5000) }))).status).toBe(413);
    const elsewhere = await post(t.webhookUrl, JSON.stringify({ ...payload, inbox: { id: 99, name: "Other" } }));
    expect([elsewhere.status, (await elsewhere.json()).error.fields]).toEqual([422, { inbox: expect.stringContaining("inbox 7") }]);
    const other = await post(t.webhookUrl, JSON.stringify({ ...payload, account: { id: 4, name: "Another" } }));
    expect(other.status).toBe(422);
    const unknown = await post(t.webhookUrl, JSON.stringify({ event: "conversation_typing_on", conversation: {} }));
    expect([unknown.status, await unknown.json()]).toEqual([200, { success: true, ignored: "event" }]);
    expect(await w.server.app.deps.db.chatwootReply.count({ where: { chatwootMessageId: reply.id } })).toBe(0);
    expect((await w.server.client(t.key).request("DELETE", "/api/v1/chatwoot")).status).toBe(200);
    expect((await post(t.webhookUrl, JSON.stringify(payload))).status).toBe(401);
    // The relay and the worker have each looked for work twice since, and sent nothing.
    await loopPassesAfter(w.server, "Chatwoot relay");
    await loopPassesAfter(w.server, "delivery worker");
    expect(w.cloud.sends.length).toBe(before);
  });
});
