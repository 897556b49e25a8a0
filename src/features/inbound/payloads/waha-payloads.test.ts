import { describe, expect, it } from "vitest";
import { fixture, NOW, at, empty, WAHA_RECIPIENT, waha, wahaOne } from "../../../../test/kit/provider-payloads.js";
import type { InboundDraft } from "./inbound-payloads.js";
import { wahaInboundMessages } from "./waha-payloads.js";

// Messages contacts sent, as WAHA pushes them (see inbound-payloads.ts).

describe("wahaInboundMessages: fixtures", () => {
  it("a text message (NOWEB)", () => {
    expect(wahaInboundMessages(fixture("waha-message"), NOW)).toEqual<InboundDraft[]>([
      {
        ...empty,
        providerMessageId: "false_966501234567@c.us_3EB0C431C26A1916E6E4",
        recipient: WAHA_RECIPIENT,
        fromNumber: "966501234567",
        fromLid: null,
        profileName: "Sara",
        kind: "text",
        text: "Hello, are you open on Friday?",
        sentAt: at(1749416383),
      },
    ]);
  });

  it("a sender known by LID, with the phone number NOWEB gives in remoteJidAlt", () => {
    expect(wahaInboundMessages(fixture("waha-message-lid"), NOW)).toEqual<InboundDraft[]>([
      {
        ...empty,
        providerMessageId: "false_145120927268917@lid_3A6F2B9C1D4E8A7B5C30",
        recipient: WAHA_RECIPIENT,
        fromNumber: "966501234567",
        fromLid: "145120927268917@lid",
        profileName: "Sara",
        kind: "text",
        text: "Is the order ready?",
        sentAt: at(1749416899),
      },
    ]);
  });

  it("an image (WEBJS): media url, MIME type, caption, the quoted message", () => {
    expect(wahaInboundMessages(fixture("waha-message-image"), NOW)).toEqual<InboundDraft[]>([
      {
        ...empty,
        providerMessageId: "false_966501234567@c.us_3EB0B4F3A6E1C0D2A9F1",
        recipient: WAHA_RECIPIENT,
        fromNumber: "966501234567",
        fromLid: null,
        profileName: "Sara",
        kind: "image",
        text: "This is the bouquet I meant",
        mediaUrl: "http://localhost:3000/api/files/default/false_966501234567@c.us_3EB0B4F3A6E1C0D2A9F1.jpeg",
        mimeType: "image/jpeg",
        replyToProviderId: "3EB0A7D2C95F1E3B4A60",
        sentAt: at(1749416999),
      },
    ]);
  });

  it("message.ack is a receipt, not an inbound message", () => {
    expect(wahaInboundMessages(fixture("waha-ack"), NOW)).toEqual([]);
  });

  it("Cloud payloads are not WAHA events", () => {
    for (const name of ["cloud-text", "cloud-image", "cloud-statuses", "cloud-button-reply"]) expect(wahaInboundMessages(fixture(name), NOW)).toEqual([]);
  });
});

describe("wahaInboundMessages: what is read", () => {
  it("message.any is read like message; other events are not", () => {
    expect(wahaOne({}, { event: "message.any" }).kind).toBe("text");
    for (const event of ["message.reaction", "message.revoked", "session.status", "MESSAGE", ""]) expect(wahaInboundMessages(waha({}, { event }), NOW)).toEqual([]);
  });

  it("our own messages are skipped", () => {
    expect(wahaInboundMessages(waha({ fromMe: true }, { event: "message.any" }), NOW)).toEqual([]);
    expect(wahaOne({ fromMe: undefined }).kind).toBe("text");
  });

  it("status updates, broadcast lists, channels and groups are skipped", () => {
    for (const from of ["status@broadcast", "1749416383@broadcast", "120363025246125888@g.us", "120363204512345678@newsletter"]) {
      expect(wahaInboundMessages(waha({ from }), NOW)).toEqual([]);
    }
    const groupByKey = waha();
    groupByKey.payload._data.key.remoteJid = "120363025246125888@g.us";
    expect(wahaInboundMessages(groupByKey, NOW)).toEqual([]);
  });

  it("an id object is read through _serialized", () => {
    expect(wahaOne({ id: { fromMe: false, remote: "966501234567@c.us", id: "3EB0", _serialized: "false_966501234567@c.us_3EB0" } }).providerMessageId).toBe(
      "false_966501234567@c.us_3EB0",
    );
  });

  it("a device suffix is dropped from a number and from a lid", () => {
    expect(wahaOne({ from: "966501234567:12@s.whatsapp.net", _data: {} })).toMatchObject({ fromNumber: "966501234567", fromLid: null });
    expect(wahaOne({ from: "145120927268917:3@lid", _data: {} })).toMatchObject({ fromNumber: null, fromLid: "145120927268917@lid" });
  });

  it("a lid without an alternate address: no number", () => {
    expect(wahaOne({ from: "145120927268917@lid", _data: { key: { remoteJid: "145120927268917@lid", addressingMode: "lid" } } })).toMatchObject({
      fromNumber: null,
      fromLid: "145120927268917@lid",
      profileName: null,
    });
  });

  it("the phone number of a lid sender from Baileys 6 senderPn and from GOWS Info.SenderAlt; a lid as the alternate of a number", () => {
    expect(wahaOne({ from: "145120927268917@lid", _data: { key: { remoteJid: "145120927268917@lid", senderPn: "966501234567@s.whatsapp.net" } } })).toMatchObject({
      fromNumber: "966501234567",
      fromLid: "145120927268917@lid",
    });
    const gows = {
      Info: {
        Chat: "145120927268917@lid",
        Sender: "145120927268917@lid",
        SenderAlt: "966501234567@s.whatsapp.net",
        IsFromMe: false,
        IsGroup: false,
        PushName: "Sara",
      },
      Message: { conversation: "hello" },
    };
    expect(wahaOne({ from: "145120927268917@lid", body: "hello", _data: gows }, { engine: "GOWS" })).toMatchObject({
      fromNumber: "966501234567",
      fromLid: "145120927268917@lid",
      profileName: "Sara",
      kind: "text",
    });
    const pnFirst = { key: { remoteJid: "966501234567@s.whatsapp.net", remoteJidAlt: "145120927268917@lid", addressingMode: "pn" }, pushName: "Sara" };
    expect(wahaOne({ _data: pnFirst })).toMatchObject({ fromNumber: "966501234567", fromLid: "145120927268917@lid" });
  });

  it("a sender that is no user JID is skipped", () => {
    for (const from of ["", "966501234567", "abc@c.us", "12@c.us", "966501234567@example.com", 7]) expect(wahaInboundMessages(waha({ from }), NOW)).toEqual([]);
  });

  it("a location: string coordinates read, the body (a thumbnail in WEBJS) is not text", () => {
    const draft = wahaOne({
      body: "/9j/4AAQSkZJRg",
      location: { description: "Kingdom Centre", latitude: "24.7114", longitude: "46.6744" },
      _data: { type: "location" },
    });
    expect(draft).toMatchObject({ kind: "location", latitude: 24.7114, longitude: 46.6744, text: null });
    expect(wahaOne({ body: "", location: { latitude: "abc", longitude: "46" }, _data: { type: "location" } })).toMatchObject({ kind: "other", latitude: null });
  });

  it("media kinds come from the engine's type, else from the MIME type", () => {
    const media = (mimetype: string | null, data: unknown, filename: string | null = null) =>
      wahaOne({ body: "", hasMedia: true, media: { url: "http://localhost:3000/api/files/x", mimetype, filename }, _data: data });
    expect(media("image/webp", { type: "sticker" })).toMatchObject({ kind: "sticker", mimeType: "image/webp", text: null });
    expect(media("audio/ogg; codecs=opus", { type: "ptt" })).toMatchObject({ kind: "audio" });
    expect(media("image/jpeg", { message: { documentMessage: { fileName: "scan.jpg" } } }, "scan.jpg")).toMatchObject({
      kind: "document",
      fileName: "scan.jpg",
    });
    expect(media("video/mp4", { message: { ephemeralMessage: { message: { videoMessage: {} } } } })).toMatchObject({ kind: "video" });
    expect(media("application/pdf", {}, "menu.pdf")).toMatchObject({ kind: "document", fileName: "menu.pdf" });
    expect(media("audio/mpeg", undefined)).toMatchObject({ kind: "audio" });
    expect(media(null, {})).toMatchObject({ kind: "other", mimeType: null });
  });

  it("media url: the deprecated mediaUrl when media.url is absent; never a non-http url", () => {
    expect(wahaOne({ hasMedia: true, media: null, mediaUrl: "http://localhost:3000/api/files/a.oga", _data: { type: "ptt" } })).toMatchObject({
      kind: "audio",
      mediaUrl: "http://localhost:3000/api/files/a.oga",
    });
    expect(wahaOne({ hasMedia: true, media: { url: "file:///etc/passwd", mimetype: "image/png" } }).mediaUrl).toBeNull();
  });

  it("button replies are buttons; notices from WhatsApp are skipped; vCards are 'contacts' without text", () => {
    expect(wahaOne({ body: "Yes", _data: { type: "buttons_response" } })).toMatchObject({ kind: "button", text: "Yes" });
    expect(wahaOne({ body: "Yes", _data: { message: { templateButtonReplyMessage: { selectedDisplayText: "Yes" } } } })).toMatchObject({ kind: "button" });
    // NOWEB (Baileys) says which button or row was chosen, by WhatsApp's protobuf field names.
    const chosen = (message: object) => wahaOne({ body: "Yes", _data: { message } });
    expect(chosen({ buttonsResponseMessage: { selectedButtonId: "yes_1", selectedDisplayText: "Yes" } })).toMatchObject({ kind: "button", text: "Yes", choiceId: "yes_1" });
    expect(chosen({ listResponseMessage: { title: "Tuesday", singleSelectReply: { selectedRowId: "slot_tue" } } })).toMatchObject({ kind: "button", choiceId: "slot_tue" });
    expect(chosen({ templateButtonReplyMessage: { selectedId: "confirm", selectedDisplayText: "Yes" } })).toMatchObject({ kind: "button", choiceId: "confirm" });
    expect(wahaOne({ body: "Yes", _data: { type: "buttons_response" } }).choiceId).toBeNull();
    // GOWS (whatsmeow) spells the same fields with ID, under `Message`.
    const gows = (message: object) => wahaOne({ body: "Yes", _data: { Info: { Type: "text" }, Message: message } });
    expect(gows({ buttonsResponseMessage: { selectedButtonID: "yes_1", selectedDisplayText: "Yes" } })).toMatchObject({ kind: "button", choiceId: "yes_1" });
    expect(gows({ listResponseMessage: { title: "Tuesday", singleSelectReply: { selectedRowID: "slot_tue" } } })).toMatchObject({ kind: "button", choiceId: "slot_tue" });
    expect(gows({ templateButtonReplyMessage: { selectedID: "confirm", selectedDisplayText: "Yes" } })).toMatchObject({ kind: "button", choiceId: "confirm" });
    // WEBJS (whatsapp-web.js) keeps the chosen id on the message model itself.
    expect(wahaOne({ body: "Yes", _data: { type: "buttons_response", selectedButtonId: "yes_1" } })).toMatchObject({ kind: "button", choiceId: "yes_1" });
    expect(wahaOne({ body: "Tuesday", _data: { type: "list_response", listResponse: { singleSelectReply: { selectedRowId: "slot_tue" } } } })).toMatchObject({
      kind: "button",
      choiceId: "slot_tue",
    });
    expect(wahaInboundMessages(waha({ body: "", _data: { type: "e2e_notification" } }), NOW)).toEqual([]);
    expect(wahaInboundMessages(waha({ body: "", _data: { message: { protocolMessage: { type: 0 } } } }), NOW)).toEqual([]);
    expect(wahaOne({ body: "BEGIN:VCARD", _data: { type: "vcard" } })).toMatchObject({ kind: "contacts", text: null });
    expect(wahaOne({ body: "", _data: { message: { contactMessage: { displayName: "Noura", vcard: "BEGIN:VCARD" } } } })).toMatchObject({ kind: "contacts", text: null });
    expect(wahaOne({ body: "  ", _data: {} })).toMatchObject({ kind: "other", text: null });
  });

  it("the recipient has only the fields WAHA gives", () => {
    expect(wahaOne({}, { me: null }).recipient).toEqual({ session: "default" });
    expect(wahaOne({}, { session: undefined, me: { id: "966550000001@c.us" } }).recipient).toEqual({ meId: "966550000001@c.us" });
  });
});

describe("wahaInboundMessages: odd and hostile input", () => {
  it("never throws on things that are not an event, and gives []", () => {
    const throwing = {
      event: "message",
      get payload() {
        throw new Error("boom");
      },
    };
    const odd: unknown[] = [undefined, null, 1, "message", [], {}, { event: "message" }, { event: "message", payload: null }, { event: ["message"], payload: {} }, throwing];
    odd.push({ event: "x".repeat(65), payload: waha().payload });
    for (const body of odd) expect(wahaInboundMessages(body, NOW)).toEqual([]);
  });

  it("a bad id or sender refuses the message", () => {
    for (const id of [undefined, "", "id with space", "x".repeat(257), { _serialized: 5 }, 42]) expect(wahaInboundMessages(waha({ id }), NOW)).toEqual([]);
    expect(wahaInboundMessages(waha({ from: "1".repeat(300) + "@c.us" }), NOW)).toEqual([]);
  });

  it("odd fields count as absent; long text is cut", () => {
    const draft = wahaOne({ body: "ع".repeat(10_000), replyTo: "x", media: 5, location: [], timestamp: "later", _data: { pushName: ["Sara"] } });
    expect(draft).toMatchObject({ kind: "text", replyToProviderId: null, profileName: null, sentAt: NOW });
    expect(draft.text).toHaveLength(4096);
  });
});
