import { createHmac } from "node:crypto";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChatwootStandIn, startChatwoot } from "./kit/chatwoot.js";

// The Chatwoot stand-in answers as Chatwoot v4.16.2 does on the paths the bridge uses (each shape
// sourced in test/kit/references/chatwoot-api.md): the checks here are what a real Chatwoot
// would answer, so a bridge that passes against the stand-in speaks Chatwoot's API.

let cw: ChatwootStandIn;
const TOKEN = "user-access-token";
const api = (path: string, init: RequestInit & { json?: unknown } = {}) =>
  fetch(`${cw.url}/api/v1/accounts/1${path}`, {
    ...init,
    headers: { api_access_token: TOKEN, ...(init.json !== undefined ? { "content-type": "application/json" } : {}), ...(init.headers as Record<string, string>) },
    ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : {}),
  });

beforeAll(async () => {
  cw = await startChatwoot({ accountId: 1, inboxId: 7, token: TOKEN });
});
afterAll(async () => cw.close());

describe("the Chatwoot stand-in", () => {
  it("refuses a missing or wrong api_access_token with Chatwoot's 401", async () => {
    const res = await fetch(`${cw.url}/api/v1/accounts/1/contacts/filter`, { method: "POST", headers: { api_access_token: "nope" } });
    expect([res.status, await res.json()]).toEqual([401, { error: "Invalid Access Token" }]);
  });

  it("creates a contact with its session in the inbox, finds it by exact phone, and refuses a duplicate or a non-E.164 number", async () => {
    const made = await (await api("/contacts", { method: "POST", json: { name: "Sara", phone_number: "+966501234567", inbox_id: 7, source_id: "966501234567" } })).json();
    expect(made.payload.contact_inbox).toEqual({ inbox: expect.objectContaining({ id: 7, channel_type: "Channel::Api" }), source_id: "966501234567" });
    const found = await (
      await api("/contacts/filter", {
        method: "POST",
        json: { payload: [{ attribute_key: "phone_number", filter_operator: "equal_to", values: ["966501234567"], query_operator: null }] },
      })
    ).json();
    expect(found.payload.map((c: { id: number }) => c.id)).toEqual([made.payload.contact.id]);
    expect((await api("/contacts", { method: "POST", json: { phone_number: "+966501234567" } })).status).toBe(422);
    expect((await (await api("/contacts", { method: "POST", json: { phone_number: "0501234567" } })).json()).attributes).toEqual(["phone_number"]);
  });

  it("opens a conversation by source_id, takes incoming messages with attachments, and serves them back through a redirect", async () => {
    const contact = await (await api("/contacts", { method: "POST", json: { name: "Omar", phone_number: "+966551112222" } })).json();
    const session = await (await api(`/contacts/${contact.payload.contact.id}/contact_inboxes`, { method: "POST", json: { inbox_id: 7, source_id: "966551112222" } })).json();
    expect(session.source_id).toBe("966551112222");
    const conversation = await (
      await api("/conversations", { method: "POST", json: { source_id: "966551112222", inbox_id: 7, contact_id: contact.payload.contact.id, status: "open" } })
    ).json();
    const form = new FormData();
    form.set("content", "the invoice");
    form.set("message_type", "incoming");
    form.append("attachments[]", new Blob([Buffer.from("%PDF-1.4 test")], { type: "application/pdf" }), "invoice.pdf");
    const message = await (await api(`/conversations/${conversation.id}/messages`, { method: "POST", body: form })).json();
    expect(message).toMatchObject({
      conversation_id: conversation.id,
      message_type: 0,
      status: "sent",
      attachments: [{ file_type: "file", content_type: "application/pdf", file_size: 13 }],
    });
    const file = await fetch(message.attachments[0].data_url);
    expect([file.status, file.redirected, Buffer.from(await file.arrayBuffer()).toString()]).toEqual([200, true, "%PDF-1.4 test"]);
    const listed = await (await api(`/contacts/${contact.payload.contact.id}/conversations`)).json();
    expect(listed.payload.map((c: { id: number; status: string }) => [c.id, c.status])).toEqual([[conversation.id, "open"]]);

    const reply = await (
      await api(`/conversations/${conversation.id}/messages`, {
        method: "POST",
        json: { content: "thanks", message_type: "outgoing", content_attributes: { in_reply_to: message.id } },
      })
    ).json();
    const patch = (status: string) => api(`/conversations/${conversation.id}/messages/${reply.id}`, { method: "PATCH", json: { status } }).then((r) => r.json());
    expect((await patch("read")).status).toBe("read");
    expect((await patch("delivered")).status).toBe("read");
    expect((await patch("bogus")).status).toBe("read");
  });

  it("answers 429 as rack-attack does (text, no Retry-After), 500 or nothing, when told to", async () => {
    cw.override.push("429", "500");
    const limited = await api("/contacts/filter", { method: "POST", json: {} });
    expect([limited.status, limited.headers.get("content-type"), limited.headers.get("retry-after"), await limited.text()]).toEqual([429, "text/plain", null, "Retry later\n"]);
    expect((await api("/contacts/filter", { method: "POST", json: {} })).status).toBe(500);
    cw.override.push("hang");
    const hung = await api("/contacts/filter", { method: "POST", json: {}, signal: AbortSignal.timeout(300) }).catch((e: Error) => e.name);
    expect(hung).toBe("TimeoutError");
  });

  it("signs the webhooks it delivers as Chatwoot 4.13+ does", async () => {
    let seen: { headers: http.IncomingHttpHeaders; body: string } | undefined;
    const receiver = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        seen = { headers: req.headers, body };
        res.end("ok");
      });
    });
    await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
    try {
      await cw.deliver(`http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`, { event: "message_created", id: 1 }, { secret: "inbox-secret" });
      const expected = `sha256=${createHmac("sha256", "inbox-secret")
        .update(`${String(seen!.headers["x-chatwoot-timestamp"])}.${seen!.body}`)
        .digest("hex")}`;
      expect(seen!.headers["x-chatwoot-signature"]).toBe(expected);
      expect(JSON.parse(seen!.body)).toEqual({ event: "message_created", id: 1 });
    } finally {
      receiver.close();
    }
  });
});
