import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bridgedTenant, contactSends, receipt, startWorld, type World } from "./kit/chatwoot-world.js";
import { waitFor } from "./kit/wait.js";
import { loopPassesAfter, metricValue, startServer } from "./kit/server.js";

// The Chatwoot bridge carrying a conversation both ways, against the Chatwoot stand-in
// (test/kit/chatwoot.ts) and a WhatsApp Cloud stand-in: every contact message lands once, in
// order, in one conversation of one contact, files whole; every agent message is sent once however
// often Chatwoot delivers its webhook; ticks follow receipts; refusals become private notes; our
// own posts echoed back are never sent.

let w: World;
beforeAll(async () => {
  w = await startWorld(startServer);
});
afterAll(async () => {
  await w?.close();
});

const bytes = (n: number, seed: number) => Buffer.from(Array.from({ length: n }, (_, i) => (i * seed + 7) % 251));
const CONTACT = "966501234567";

const REPLIES_DONE = 'gateway_chatwoot_steps_total{step="reply",outcome="done"}';

/**
 * Waits until the relay has finished one more agent's reply than `before` and the provider has
 * more sends than `sendsBefore` (a worker pass may leave the reply for a later one, so passes alone
 * do not show it sent), then until the relay and the worker have each looked for work twice more:
 * a second send of it would have been claimed by then. The reply stays finished once.
 */
async function repliedOnce(before: number, sendsBefore: number) {
  await waitFor(
    () => metricValue(w.server, REPLIES_DONE),
    (n) => n > before,
  );
  await waitFor(
    () => w.cloud.sends.length,
    (n) => n > sendsBefore,
  );
  await loopPassesAfter(w.server, "Chatwoot relay");
  await loopPassesAfter(w.server, "delivery worker");
  expect(await metricValue(w.server, REPLIES_DONE)).toBe(before + 1);
}

describe("a conversation through the Chatwoot bridge", () => {
  it("posts text, image, PDF, voice note, location, a contact card and a button reply once each, in order, in one conversation", async () => {
    const t = await bridgedTenant(w);
    const image = bytes(70_000, 3);
    const pdf = bytes(150_000, 5);
    const voice = bytes(9_000, 11);
    w.cloud.files.set("IMG1", { bytes: image, contentType: "image/jpeg" });
    w.cloud.files.set("PDF1", { bytes: pdf, contentType: "application/pdf" });
    w.cloud.files.set("OGG1", { bytes: voice, contentType: "audio/ogg" });
    await contactSends(w, t, CONTACT, { type: "text", text: { body: "Hello, is my order ready?" } }, "Sara Ahmed");
    const imageId = await contactSends(w, t, CONTACT, { type: "image", image: { id: "IMG1", mime_type: "image/jpeg", caption: "my receipt" } });
    await contactSends(w, t, CONTACT, { type: "document", document: { id: "PDF1", mime_type: "application/pdf", filename: "invoice.pdf" } });
    await contactSends(w, t, CONTACT, { type: "audio", audio: { id: "OGG1", mime_type: "audio/ogg", voice: true } });
    await contactSends(w, t, CONTACT, { type: "location", location: { latitude: 24.7136, longitude: 46.6753, name: "Riyadh office" } });
    await contactSends(w, t, CONTACT, {
      type: "contacts",
      contacts: [{ name: { formatted_name: "Noura Saleh" }, phones: [{ phone: "+966 50 111 2222", wa_id: "966501112222" }] }],
    });
    await contactSends(w, t, CONTACT, { type: "button", button: { text: "Yes, deliver it", payload: "YES" }, context: { from: "966550000001", id: imageId } });
    const incoming = await waitFor(
      () => w.chatwoot.messages.filter((m) => m.message_type === "incoming"),
      (ms) => ms.length >= 7,
    );
    expect(incoming).toHaveLength(7);
    expect(w.chatwoot.contacts).toEqual([expect.objectContaining({ name: "Sara Ahmed", phone_number: `+${CONTACT}` })]);
    expect(w.chatwoot.conversations).toHaveLength(1);
    expect(new Set(incoming.map((m) => m.conversation_display_id))).toEqual(new Set([w.chatwoot.conversations[0]!.display_id]));
    expect(incoming.map((m) => m.content)).toEqual([
      "Hello, is my order ready?",
      "my receipt",
      "",
      "",
      "📍 Riyadh office\nhttps://maps.google.com/?q=24.7136,46.6753",
      "👤 Noura Saleh +966 50 111 2222",
      "Yes, deliver it",
    ]);
    expect(incoming.map((m) => m.attachments.map((a) => [a.content_type, a.file_size]))).toEqual([
      [],
      [["image/jpeg", image.length]],
      [["application/pdf", pdf.length]],
      [["audio/ogg", voice.length]],
      [],
      [],
      [],
    ]);
    expect(incoming[1]!.attachments[0]!.bytes.equals(image)).toBe(true);
    expect(incoming[2]!.attachments[0]!.bytes.equals(pdf)).toBe(true);
    expect(incoming[2]!.attachments[0]!.filename).toBe("invoice.pdf");
    expect(incoming[3]!.attachments[0]!.bytes.equals(voice)).toBe(true);
    // The button reply quotes the image: the thread is kept in Chatwoot.
    expect(incoming[6]!.content_attributes).toMatchObject({ in_reply_to_external_id: expect.stringMatching(/^gateway:in:\d+$/) });
    expect(w.chatwoot.requests.filter((r) => r.method === "POST" && r.path.endsWith("/conversations"))).toHaveLength(1);
  });

  it("sends an agent's reply once for 50 concurrent deliveries, with ticks sent, delivered and read", async () => {
    const t = await bridgedTenant(w);
    const contact = "966501112233";
    await contactSends(w, t, contact, { type: "text", text: { body: "Any news?" } });
    const conversation = await waitFor(
      () => w.chatwoot.conversations.find((c) => w.chatwoot.contacts.find((k) => k.id === c.contact_id)?.phone_number === `+${contact}`),
      (c) => c !== undefined,
    );
    const reply = w.chatwoot.agentWrites(conversation!.display_id, "It ships today.");
    const before = w.cloud.sends.length;
    const repliesBefore = await metricValue(w.server, REPLIES_DONE);
    const answers = await Promise.all(Array.from({ length: 50 }, () => w.chatwoot.deliver(t.webhookUrl, w.chatwoot.webhookOf(reply))));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    const bodies = await Promise.all(answers.map((a) => a.json() as Promise<{ recorded: boolean }>));
    expect(bodies.filter((b) => b.recorded)).toHaveLength(1);
    await repliedOnce(repliesBefore, before);
    const sent = w.cloud.sends.slice(before);
    expect(sent).toEqual([expect.objectContaining({ to: contact, type: "text", text: expect.objectContaining({ body: "It ships today." }) })]);
    const wamid = `wamid.OUT${before + 1}`;
    await receipt(w, wamid, "delivered");
    await waitFor(
      () => reply.status,
      (s) => s === "delivered",
    );
    await receipt(w, wamid, "read");
    await waitFor(
      () => reply.status,
      (s) => s === "read",
    );
  });

  it("sends an agent's attachment once as media with its caption for 50 concurrent deliveries, and never sends our own posts, notes or incoming messages back", async () => {
    const t = await bridgedTenant(w);
    const contact = "966504445566";
    await contactSends(w, t, contact, { type: "text", text: { body: "Please send the invoice" } });
    const ours = await waitFor(
      () => w.chatwoot.messages.find((m) => m.content === "Please send the invoice"),
      (m) => m !== undefined,
    );
    const before = w.cloud.sends.length;
    for (const echo of [ours!, w.chatwoot.agentWrites(ours!.conversation_display_id, "internal: check stock", { private: true })]) {
      const answer = await w.chatwoot.deliver(t.webhookUrl, w.chatwoot.webhookOf(echo));
      expect(answer.status).toBe(200);
      expect(await answer.json()).toMatchObject({ success: true, ignored: expect.any(String) });
    }
    const pdf = w.chatwoot.agentWrites(ours!.conversation_display_id, "Here it is", {
      files: [{ bytes: bytes(1000, 9), filename: "invoice-77.pdf", contentType: "application/pdf" }],
    });
    const repliesBefore = await metricValue(w.server, REPLIES_DONE);
    const deliveries = await Promise.all(Array.from({ length: 50 }, () => w.chatwoot.deliver(t.webhookUrl, w.chatwoot.webhookOf(pdf))));
    expect(deliveries.map((d) => d.status)).toEqual(Array(50).fill(200));
    await repliedOnce(repliesBefore, before);
    const sent = w.cloud.sends.slice(before);
    expect(sent).toEqual([
      expect.objectContaining({
        to: contact,
        type: "document",
        document: expect.objectContaining({
          link: expect.stringMatching(/^https:\/\/files\.chatwoot\.test\/.+invoice-77\.pdf$/),
          caption: "Here it is",
          filename: "invoice-77.pdf",
        }),
      }),
    ]);
  });

  it("refuses an agent's reply to an opted-out contact with a private note and a failed status", async () => {
    const t = await bridgedTenant(w);
    const contact = "966507778899";
    await contactSends(w, t, contact, { type: "text", text: { body: "STOP" } });
    const note = await waitFor(
      () => w.chatwoot.messages.find((m) => m.private && m.content?.includes("opted out")),
      (m) => m !== undefined,
    );
    const before = w.cloud.sends.length;
    const reply = w.chatwoot.agentWrites(note!.conversation_display_id, "But we have an offer!");
    expect((await w.chatwoot.deliver(t.webhookUrl, w.chatwoot.webhookOf(reply))).status).toBe(200);
    await waitFor(
      () => reply.status,
      (s) => s === "failed",
    );
    expect(reply.content_attributes.external_error).toMatch(/RECIPIENT_OPTED_OUT/);
    const refusal = await waitFor(
      () => w.chatwoot.messages.find((m) => m.private && m.content?.startsWith("⚠️ Not sent on WhatsApp")),
      (m) => m !== undefined,
    );
    expect(refusal!.conversation_display_id).toBe(note!.conversation_display_id);
    expect(w.cloud.sends.length).toBe(before);
  });
});
