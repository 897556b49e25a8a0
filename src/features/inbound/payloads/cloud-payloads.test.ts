import { describe, expect, it } from "vitest";
import { fixture, NOW, at, empty, CLOUD_RECIPIENT, cloud, cloudText, one } from "../../../../test/kit/provider-payloads.js";
import { MAX_INBOUND_MESSAGES, type InboundDraft } from "./inbound-payloads.js";
import { cloudInboundMessages } from "./cloud-payloads.js";

// Messages contacts sent, as Meta's WhatsApp Cloud API pushes them (see inbound-payloads.ts).

describe("cloudInboundMessages: fixtures", () => {
  it("a text message, with the sender's BSUID", () => {
    expect(cloudInboundMessages(fixture("cloud-text"), NOW)).toEqual<InboundDraft[]>([
      {
        ...empty,
        providerMessageId: "wamid.HBgMOTY2NTAxMjM0NTY3FQIAEhggM0E0QTY1OTlBRUUwMzgxMDE0NEYA",
        recipient: CLOUD_RECIPIENT,
        fromNumber: "966501234567",
        fromLid: "SA.13491208655302741918",
        profileName: "Sara Al-Qahtani",
        kind: "text",
        text: "Does it come in another color?",
        sentAt: at(1749416383),
      },
    ]);
  });

  it("an image: caption as text, media id and url, MIME type", () => {
    expect(cloudInboundMessages(fixture("cloud-image"), NOW)).toEqual<InboundDraft[]>([
      {
        ...empty,
        providerMessageId: "wamid.HBgMOTY2NTAxMjM0NTY3FQIAEhggQjk3RjQxQTY1QjM3QkE0QjQ0QjZGQ0UA",
        recipient: CLOUD_RECIPIENT,
        fromNumber: "966501234567",
        fromLid: null,
        profileName: "Sara Al-Qahtani",
        kind: "image",
        text: "Invoice for order 1042",
        mediaId: "1479537139650973",
        mediaUrl: "https://lookaside.fbsbx.com/whatsapp_business/attachments/?mid=1479537139650973&ext=1749416500&hash=ATuKxkzQ7NgHkT0s1Wc3o2Yx",
        mimeType: "image/jpeg",
        sentAt: at(1749416500),
      },
    ]);
  });

  it("a location: the place's name and address as text", () => {
    expect(cloudInboundMessages(fixture("cloud-location"), NOW)).toEqual<InboundDraft[]>([
      {
        ...empty,
        providerMessageId: "wamid.HBgMOTY2NTAxMjM0NTY3FQIAEhggNUQ2RjFCMzI4QTlFMEI3QzE0RTVEQjQA",
        recipient: CLOUD_RECIPIENT,
        fromNumber: "966501234567",
        fromLid: null,
        profileName: "Sara Al-Qahtani",
        kind: "location",
        text: "Kingdom Centre, King Fahd Rd, Al Olaya, Riyadh 12214",
        latitude: 24.7114,
        longitude: 46.6744,
        sentAt: at(1749416620),
      },
    ]);
  });

  it("an interactive button reply: the title as text, its id as the choice, the message it answers as replyTo", () => {
    expect(cloudInboundMessages(fixture("cloud-button-reply"), NOW)).toEqual<InboundDraft[]>([
      {
        ...empty,
        providerMessageId: "wamid.HBgMOTY2NTAxMjM0NTY3FQIAEhggRjI4OUE3QzM1RDBCMTRFNkE5QzJEQzcA",
        recipient: CLOUD_RECIPIENT,
        fromNumber: "966501234567",
        fromLid: null,
        profileName: "Sara Al-Qahtani",
        kind: "button",
        text: "Yes, confirm",
        choiceId: "confirm_appointment",
        replyToProviderId: "wamid.HBgMOTY2NTAxMjM0NTY3FQIAERgSQjVDNjM1RTlGNzg4MzFGQjdBAA==",
        sentAt: at(1749416700),
      },
    ]);
  });

  it("statuses are receipts, read elsewhere: no inbound message", () => {
    expect(cloudInboundMessages(fixture("cloud-statuses"), NOW)).toEqual([]);
  });

  it("an Arabic STOP arrives verbatim", () => {
    const [draft] = cloudInboundMessages(fixture("cloud-text-arabic-stop"), NOW);
    expect(draft).toMatchObject({ kind: "text", text: "إيقاف", profileName: "سارة", fromNumber: "966501234567", sentAt: at(1749416800) });
  });

  it("WAHA payloads are not Cloud payloads", () => {
    for (const name of ["waha-message", "waha-message-lid", "waha-message-image", "waha-ack"]) expect(cloudInboundMessages(fixture(name), NOW)).toEqual([]);
  });
});

describe("cloudInboundMessages: message types", () => {
  it("document, audio, video and sticker keep their kind, media id and MIME type; a document its file name", () => {
    const media = (type: string, body: Record<string, unknown>) =>
      one([{ ...cloudText(), type, text: undefined, [type]: { id: "90210", mime_type: "application/pdf", sha256: "ab", ...body } }]);
    expect(media("document", { filename: "  menu.pdf ", caption: "Our menu" })).toMatchObject({
      kind: "document",
      mediaId: "90210",
      mimeType: "application/pdf",
      fileName: "menu.pdf",
      text: "Our menu",
      mediaUrl: null,
    });
    expect(media("audio", { mime_type: "audio/ogg; codecs=opus", voice: true })).toMatchObject({
      kind: "audio",
      mimeType: "audio/ogg; codecs=opus",
      text: null,
    });
    expect(media("video", { mime_type: "video/mp4", caption: "Look" })).toMatchObject({ kind: "video", text: "Look" });
    expect(media("sticker", { mime_type: "image/webp", animated: false })).toMatchObject({ kind: "sticker", text: null });
  });

  it("a media url that is not http(s), or a MIME type that is not one, is dropped; the message is kept", () => {
    const draft = one([{ ...cloudText(), type: "image", image: { id: "1", mime_type: "<script>", url: "javascript:alert(1)" } }]);
    expect(draft).toMatchObject({ kind: "image", mediaId: "1", mediaUrl: null, mimeType: null });
  });

  it("a list reply and a template quick-reply button are buttons", () => {
    expect(one([{ ...cloudText(), type: "interactive", interactive: { type: "list_reply", list_reply: { id: "r1", title: "Tuesday 10:00", description: "x" } } }])).toMatchObject({
      kind: "button",
      text: "Tuesday 10:00",
      choiceId: "r1",
    });
    expect(one([{ ...cloudText(), type: "button", button: { text: "Unsubscribe", payload: "STOP_PROMOS" }, context: { from: "966550000001", id: "wamid.SENT1" } }])).toMatchObject({
      kind: "button",
      text: "Unsubscribe",
      choiceId: "STOP_PROMOS",
      replyToProviderId: "wamid.SENT1",
    });
  });

  it("a reaction: the emoji as text, the reacted message as replyTo; a removed reaction has no emoji", () => {
    expect(one([{ ...cloudText(), type: "reaction", reaction: { message_id: "wamid.SENT2", emoji: "👍" } }])).toMatchObject({
      kind: "reaction",
      text: "👍",
      replyToProviderId: "wamid.SENT2",
    });
    expect(one([{ ...cloudText(), type: "reaction", reaction: { message_id: "wamid.SENT2" } }])).toMatchObject({ kind: "reaction", text: null });
  });

  it("a quoted reply carries context.id", () => {
    expect(one([cloudText({ context: { from: "966550000001", id: "wamid.SENT3" } })])).toMatchObject({ kind: "text", replyToProviderId: "wamid.SENT3" });
  });

  it("shared contact cards are 'contacts', each card's name and numbers a line of text", () => {
    const cards = [
      {
        name: { formatted_name: "Noura Saleh", first_name: "Noura" },
        phones: [
          { phone: "+966 50 111 2222", wa_id: "966501112222", type: "CELL" },
          { phone: "+966 11 333 4444", type: "WORK" },
        ],
      },
      { name: { formatted_name: "Front desk" }, phones: [{ wa_id: "966555000111" }], emails: [{ email: "desk@example.com" }] },
    ];
    expect(one([{ ...cloudText(), text: undefined, type: "contacts", contacts: cards }])).toMatchObject({
      kind: "contacts",
      text: "Noura Saleh +966 50 111 2222 +966 11 333 4444\nFront desk 966555000111",
    });
    expect(one([{ ...cloudText(), text: undefined, type: "contacts", contacts: [{}] }])).toMatchObject({ kind: "contacts", text: null });
  });

  it("unsupported, order and flow replies are 'other' with no text", () => {
    const unsupported = { type: "unsupported", unsupported: { type: "edit" }, errors: [{ code: 131051, title: "Message type unknown" }] };
    for (const extra of [unsupported, { type: "unknown" }, { type: "contacts", contacts: [] }, { type: "order", order: {} }]) {
      expect(one([{ ...cloudText(), text: undefined, ...extra }])).toMatchObject({ kind: "other", text: null });
    }
    expect(one([{ ...cloudText(), type: "interactive", interactive: { type: "nfm_reply", nfm_reply: { body: "Sent", response_json: "{}" } } }])).toMatchObject({
      kind: "other",
      text: null,
    });
  });

  it("a location without usable coordinates is 'other'; string coordinates are read", () => {
    expect(one([{ ...cloudText(), type: "location", location: { latitude: 95, longitude: 46.6 } }])).toMatchObject({
      kind: "other",
      latitude: null,
      longitude: null,
    });
    expect(one([{ ...cloudText(), type: "location", location: { latitude: "24.7114", longitude: "-46.6744" } }])).toMatchObject({
      kind: "location",
      latitude: 24.7114,
      longitude: -46.6744,
    });
  });

  it("system notices (number or BSUID changed), welcome requests and group messages are skipped", () => {
    const system = { type: "system", system: { body: "User A changed from 1 to 2", type: "user_changed_number", wa_id: "966509999999" } };
    const drafts = cloudInboundMessages(cloud([cloudText(system), cloudText({ type: "request_welcome" }), cloudText({ group_id: "120363025246125888" }), cloudText()]), NOW);
    expect(drafts.map((d) => d.kind)).toEqual(["text"]);
  });

  it("a username user without a phone number is known by BSUID only", () => {
    const draft = one(
      [{ ...cloudText(), from: undefined, from_user_id: "US.13491208655302741918" }],
      [{ profile: { name: "Bob", username: "@bob" }, user_id: "US.13491208655302741918" }],
    );
    expect(draft).toMatchObject({ fromNumber: null, fromLid: "US.13491208655302741918", profileName: "Bob" });
  });

  it("the sender's contact is matched by number or BSUID among several", () => {
    const contacts = [
      { profile: { name: "Other" }, wa_id: "966500000009" },
      { profile: { name: "Bob" }, user_id: "US.1" },
      { profile: { name: "Sara" }, wa_id: "966501234567", user_id: "SA.2" },
    ];
    const drafts = cloudInboundMessages(cloud([cloudText(), { ...cloudText(), from: undefined, from_user_id: "US.1" }], contacts), NOW);
    expect(drafts.map((d) => [d.profileName, d.fromNumber, d.fromLid])).toEqual([
      ["Sara", "966501234567", "SA.2"],
      ["Bob", null, "US.1"],
    ]);
  });

  it("the number comes from wa_id when from is absent, and only digits are a number", () => {
    expect(one([{ ...cloudText(), from: undefined }])).toMatchObject({ fromNumber: "966501234567" });
    expect(one([{ ...cloudText(), from: "+966501234567" }])).toMatchObject({ fromNumber: "966501234567" });
    expect(cloudInboundMessages(cloud([{ ...cloudText(), from: "not-a-number" }], []), NOW)).toEqual([]);
  });

  it("the recipient has only the fields Meta gives", () => {
    const payload = cloud([cloudText()]);
    delete (payload.entry[0]!.changes[0]!.value.metadata as Record<string, unknown>).display_phone_number;
    expect(cloudInboundMessages(payload, NOW)[0]!.recipient).toEqual({ phoneNumberId: "106540352242922" });
  });
});

describe("cloudInboundMessages: odd and hostile input", () => {
  it("never throws on things that are not a payload, and gives []", () => {
    const throwing = {
      get entry() {
        throw new Error("boom");
      },
    };
    const odd: unknown[] = [undefined, null, 0, "entry", [], {}, { entry: "x" }, { entry: [null] }, { entry: [{ changes: [{ value: "v" }] }] }, throwing];
    odd.push({ object: "instagram", entry: cloud([cloudText()]).entry });
    for (const body of odd) expect(cloudInboundMessages(body, NOW)).toEqual([]);
  });

  it("skips only the malformed messages", () => {
    const bad = [
      null,
      "wamid.X",
      { ...cloudText(), id: undefined },
      { ...cloudText(), id: "wamid with space" },
      { ...cloudText(), id: "w".repeat(257) },
      { ...cloudText(), id: "wamid.\u00e9" },
      { ...cloudText(), type: undefined },
      { ...cloudText(), type: 7 },
      { ...cloudText(), from: undefined, from_user_id: "bad id" },
    ];
    const good = cloudText();
    const drafts = cloudInboundMessages(cloud([...bad, good], []), NOW);
    expect(drafts.map((d) => d.providerMessageId)).toEqual([good.id]);
  });

  it("odd fields count as absent: the message is kept", () => {
    const draft = one([cloudText({ text: { body: 42 }, context: "x", timestamp: "soon" })], [{ profile: "Sara", wa_id: 966501234567 }, 7]);
    expect(draft).toMatchObject({ kind: "text", text: null, replyToProviderId: null, profileName: null, fromNumber: "966501234567", sentAt: NOW });
  });

  it("a list longer than the bound refuses the payload; 1,000 messages in all are read", () => {
    const many = (n: number) => Array.from({ length: n }, () => cloudText());
    expect(cloudInboundMessages(cloud(many(MAX_INBOUND_MESSAGES + 1)), NOW)).toEqual([]);
    const entries = { object: "whatsapp_business_account", entry: Array.from({ length: MAX_INBOUND_MESSAGES + 1 }, () => ({ changes: [] })) };
    expect(cloudInboundMessages(entries, NOW)).toEqual([]);
    const split = cloud(many(600));
    split.entry.push({ ...cloud(many(600)).entry[0]! });
    expect(cloudInboundMessages(split, NOW)).toHaveLength(MAX_INBOUND_MESSAGES);
  });

  it("text is cut to 4,096 characters (not splitting emoji), names to 256 and trimmed, NUL removed", () => {
    const long = "😀".repeat(5000);
    const draft = one([cloudText({ text: { body: long } })], [{ profile: { name: `  ${"ن".repeat(300)}  ` }, wa_id: "966501234567" }]);
    expect([...draft.text!]).toHaveLength(4096);
    expect(draft.text).toBe("😀".repeat(4096));
    expect(draft.profileName).toBe("ن".repeat(256));
    expect(one([cloudText({ text: { body: "a\u0000b" } })]).text).toBe("ab");
    expect(one([cloudText({ text: { body: "" } })]).text).toBeNull();
    expect(one([cloudText({ text: { body: "x\uD800" } })]).text).toBe("x\uFFFD");
  });
});
