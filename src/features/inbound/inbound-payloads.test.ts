import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { MAX_INBOUND_MESSAGES, type InboundDraft } from "./inbound-payloads.js";
import { cloudInboundMessages } from "./cloud-payloads.js";
import { wahaInboundMessages } from "./waha-payloads.js";

const fixture = (name: string): any => JSON.parse(fs.readFileSync(new URL(`../../../test/fixtures/providers/${name}.json`, import.meta.url), "utf8"));

const NOW = new Date("2025-06-09T12:00:00Z");
const at = (seconds: number) => new Date(seconds * 1000);

/** Every field a draft has, null unless a test says otherwise. */
const empty = { mediaUrl: null, mediaId: null, mimeType: null, fileName: null, latitude: null, longitude: null, replyToProviderId: null };
const CLOUD_RECIPIENT = { phoneNumberId: "106540352242922", displayPhoneNumber: "966550000001" };
const WAHA_RECIPIENT = { session: "default", meId: "966550000001@c.us" };

/** A Cloud payload around the given messages (and contacts). */
function cloud(messages: unknown[], contacts: unknown[] = [{ profile: { name: "Sara" }, wa_id: "966501234567" }]) {
  return {
    object: "whatsapp_business_account",
    entry: [
      {
        id: "102290129340398",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "966550000001", phone_number_id: "106540352242922" },
              contacts,
              messages,
            },
          },
        ],
      },
    ],
  };
}
let serial = 0;
const cloudText = (extra: Record<string, unknown> = {}) => ({
  from: "966501234567",
  id: `wamid.TEST${++serial}`,
  timestamp: "1749416383",
  type: "text",
  text: { body: "hi" },
  ...extra,
});
const one = (messages: unknown[], contacts?: unknown[]) => {
  const drafts = cloudInboundMessages(cloud(messages, contacts), NOW);
  expect(drafts).toHaveLength(1);
  return drafts[0]!;
};

/** A WAHA event whose payload is the fixture's text message with changes. */
function waha(payload: Record<string, unknown> = {}, envelope: Record<string, unknown> = {}) {
  const base = fixture("waha-message");
  return { ...base, ...envelope, payload: { ...base.payload, ...payload } };
}
const wahaOne = (payload: Record<string, unknown> = {}, envelope: Record<string, unknown> = {}) => {
  const drafts = wahaInboundMessages(waha(payload, envelope), NOW);
  expect(drafts).toHaveLength(1);
  return drafts[0]!;
};

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

  it("a location", () => {
    expect(cloudInboundMessages(fixture("cloud-location"), NOW)).toEqual<InboundDraft[]>([
      {
        ...empty,
        providerMessageId: "wamid.HBgMOTY2NTAxMjM0NTY3FQIAEhggNUQ2RjFCMzI4QTlFMEI3QzE0RTVEQjQA",
        recipient: CLOUD_RECIPIENT,
        fromNumber: "966501234567",
        fromLid: null,
        profileName: "Sara Al-Qahtani",
        kind: "location",
        text: null,
        latitude: 24.7114,
        longitude: 46.6744,
        sentAt: at(1749416620),
      },
    ]);
  });

  it("an interactive button reply: the title as text, the message it answers as replyTo", () => {
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
    expect(
      one([{ ...cloudText(), type: "interactive", interactive: { type: "list_reply", list_reply: { id: "r1", title: "Tuesday 10:00", description: "x" } } }]),
    ).toMatchObject({
      kind: "button",
      text: "Tuesday 10:00",
    });
    expect(
      one([{ ...cloudText(), type: "button", button: { text: "Unsubscribe", payload: "STOP_PROMOS" }, context: { from: "966550000001", id: "wamid.SENT1" } }]),
    ).toMatchObject({
      kind: "button",
      text: "Unsubscribe",
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

  it("unsupported, contacts, order and flow replies are 'other' with no text", () => {
    const unsupported = { type: "unsupported", unsupported: { type: "edit" }, errors: [{ code: 131051, title: "Message type unknown" }] };
    for (const extra of [unsupported, { type: "unknown" }, { type: "contacts", contacts: [{ name: { formatted_name: "A" } }] }, { type: "order", order: {} }]) {
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
    const drafts = cloudInboundMessages(
      cloud([cloudText(system), cloudText({ type: "request_welcome" }), cloudText({ group_id: "120363025246125888" }), cloudText()]),
      NOW,
    );
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

describe("provider time", () => {
  const sentAt = (timestamp: unknown) => one([cloudText({ timestamp })]).sentAt;

  it("is believed from 2020 up to five minutes ahead of us", () => {
    expect(sentAt("1749416383")).toEqual(at(1749416383));
    expect(sentAt(String(NOW.getTime() / 1000 + 300))).toEqual(new Date(NOW.getTime() + 300_000));
    expect(sentAt(1577836801)).toEqual(at(1577836801));
  });

  it("is not believed further ahead, before 2020, or when absent or not a number: then it is now", () => {
    expect(sentAt(String(NOW.getTime() / 1000 + 301))).toEqual(NOW);
    expect(sentAt("1577836800")).toEqual(NOW);
    expect(sentAt("0")).toEqual(NOW);
    expect(sentAt(undefined)).toEqual(NOW);
    expect(sentAt("1.5e9")).toEqual(NOW);
    expect(sentAt(-5)).toEqual(NOW);
    expect(sentAt(NOW.getTime())).toEqual(NOW); // milliseconds by mistake: far in the future
  });

  it("applies to WAHA too", () => {
    expect(wahaOne({ timestamp: NOW.getTime() / 1000 + 3600 }).sentAt).toEqual(NOW);
    expect(wahaOne({ timestamp: "1749416383" }).sentAt).toEqual(at(1749416383));
  });
});

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
    for (const event of ["message.reaction", "message.revoked", "session.status", "MESSAGE", ""])
      expect(wahaInboundMessages(waha({}, { event }), NOW)).toEqual([]);
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
    expect(
      wahaOne({ from: "145120927268917@lid", _data: { key: { remoteJid: "145120927268917@lid", senderPn: "966501234567@s.whatsapp.net" } } }),
    ).toMatchObject({
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

  it("button replies are buttons; notices from WhatsApp are skipped; vCards are 'other' without text", () => {
    expect(wahaOne({ body: "Yes", _data: { type: "buttons_response" } })).toMatchObject({ kind: "button", text: "Yes" });
    expect(wahaOne({ body: "Yes", _data: { message: { templateButtonReplyMessage: { selectedDisplayText: "Yes" } } } })).toMatchObject({ kind: "button" });
    expect(wahaInboundMessages(waha({ body: "", _data: { type: "e2e_notification" } }), NOW)).toEqual([]);
    expect(wahaInboundMessages(waha({ body: "", _data: { message: { protocolMessage: { type: 0 } } } }), NOW)).toEqual([]);
    expect(wahaOne({ body: "BEGIN:VCARD", _data: { type: "vcard" } })).toMatchObject({ kind: "other", text: null });
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
    const odd: unknown[] = [
      undefined,
      null,
      1,
      "message",
      [],
      {},
      { event: "message" },
      { event: "message", payload: null },
      { event: ["message"], payload: {} },
      throwing,
    ];
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
