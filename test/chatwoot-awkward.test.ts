import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentMakesContact, deliverOutOfOrder } from "./kit/chatwoot-awkward.js";
import { bridgedTenant, contactSends, conversationOf, CW_ACCOUNT, CW_INBOX, CW_TOKEN, incomingArrives, startWorld, type World } from "./kit/chatwoot-world.js";
import { startServer } from "./kit/server.js";
import { waitFor } from "./kit/wait.js";

// The Chatwoot bridge against what Chatwoot does on its own: a contact an agent made in the app
// before the contact ever wrote is found by its number (the filter lookup) and given a session in
// the inbox, never made twice; agents' messages whose webhooks arrive in the other order, and again,
// are each sent on WhatsApp once.

let w: World;
beforeAll(async () => {
  w = await startWorld(startServer);
});
afterAll(async () => {
  await w?.close();
});

const relayState = async (key: string) => (await w.server.client(key).get("/chatwoot")).body.bridge.relay;

describe("a contact an agent made in Chatwoot first", () => {
  it("is found by its number and given a session in the inbox; no second contact is made", async () => {
    const t = await bridgedTenant(w);
    const phone = "966507790001";
    const contactId = await agentMakesContact(w.chatwoot, { accountId: CW_ACCOUNT, token: CW_TOKEN, name: "Reem (agent's)", phone: `+${phone}` });
    const before = w.chatwoot.requests.length;
    await contactSends(w, t, phone, { type: "text", text: { body: "hello" } }, "Reem");
    await incomingArrives(w, phone, "hello");
    const conversation = await conversationOf(w, phone);
    expect(conversation.contact_id).toBe(contactId);
    expect(w.chatwoot.contacts.filter((c) => c.phone_number === `+${phone}`).map((c) => c.id)).toEqual([contactId]);
    expect(w.chatwoot.contacts.find((c) => c.id === contactId)?.contact_inboxes).toEqual([{ inbox_id: CW_INBOX, source_id: phone }]);
    const calls = w.chatwoot.requests.slice(before).map((r) => `${r.method} ${r.path.replace(/^\/api\/v1\/accounts\/\d+/, "")}`);
    expect(calls.filter((c) => c.startsWith("POST /contacts"))).toEqual(["POST /contacts/filter", `POST /contacts/${contactId}/contact_inboxes`]);
  });
});

describe("agents' messages whose webhooks arrive out of order", () => {
  it("sends each once, whatever the order and however often they come", async () => {
    const t = await bridgedTenant(w);
    const phone = "966507790002";
    await contactSends(w, t, phone, { type: "text", text: { body: "any news?" } });
    const conversation = await conversationOf(w, phone);
    const first = w.chatwoot.agentWrites(conversation.display_id, "Checking now.");
    const second = w.chatwoot.agentWrites(conversation.display_id, "It ships today.");
    const before = w.cloud.sends.length;
    const answers = await deliverOutOfOrder(w.chatwoot, t.webhookUrl, [first, second]);
    expect(await Promise.all(answers.map((a) => a.json()))).toEqual([
      { success: true, recorded: true },
      { success: true, recorded: true },
    ]);
    // Chatwoot's job for the first runs again (a retry): recorded before, so nothing new.
    expect(await (await w.chatwoot.deliver(t.webhookUrl, w.chatwoot.webhookOf(first))).json()).toEqual({ success: true, recorded: false });
    // Both were recorded before their answers came back: once none waits, both were sent.
    await waitFor(
      () => relayState(t.key),
      (r) => r.to_whatsapp === 0,
    );
    const texts = w.cloud.sends.slice(before).map((s) => (s.text as { body: string }).body);
    expect(texts.toSorted()).toEqual(["Checking now.", "It ships today."]);
  });
});
