import { describe, expect, it } from "vitest";
import { ServiceError } from "../errors.js";
import { parseSingleSend } from "../input/send-input.js";

// The content rules and the providers' limits, field by field: what test/rich-messages.test.ts
// checks through REST and GraphQL for a few, here for each.

const fieldsOf = (raw: Record<string, unknown>): Record<string, string> => {
  try {
    parseSingleSend({ to: "0501234567", ...raw });
    return {};
  } catch (err) {
    if (err instanceof ServiceError && err.fields) return err.fields;
    throw err;
  }
};

const link = "https://93.184.216.34/f";

describe("one content kind per message, and the text each takes", () => {
  it.each([
    [{ text: "hi" }, {}],
    [{ media: { type: "image", url: `${link}.jpg` } }, {}],
    [{ media: { type: "image", url: `${link}.jpg` }, text: "caption" }, {}],
    [{ media: { type: "document", url: `${link}.pdf`, filename: "a.pdf" }, text: "é".repeat(1024) }, {}],
    [{ location: { latitude: 24.7, longitude: 46.7 } }, {}],
    [{ interactive: { buttons: [{ id: "a", title: "A" }] }, text: "body" }, {}],
    [{}, { text: "is required unless a template or another content kind is given" }],
    [{ interactive: { buttons: [{ id: "a", title: "A" }] } }, { text: "is required: it is the interactive message's body" }],
    [{ media: { type: "sticker", url: `${link}.webp` }, text: "no" }, { text: "must not be given with sticker, which takes no caption" }],
    [{ contacts: [{ name: "A", phones: ["0501234567"] }], text: "no" }, { text: "must not be given with contacts, which carries no text" }],
    [{ media: { type: "image", url: `${link}.jpg` }, text: "x".repeat(1025) }, { text: "must be at most 1024 characters with media (its caption)" }],
    [{ location: { latitude: 1, longitude: 1 }, imageUrl: "https://e.com/a.png", text: "hi" }, { location: "must not be given with imageUrl: one content kind per message" }],
  ])("case %#: %j", (raw, fields) => {
    expect(fieldsOf(raw)).toEqual(fields);
  });
});

describe("media", () => {
  it("takes only https links without credentials", () => {
    expect(fieldsOf({ media: { type: "image", url: "http://93.184.216.34/a.jpg" } })).toEqual({ "media[url]": "must be an absolute https URL" });
    expect(fieldsOf({ media: { type: "image", url: "https://u:p@93.184.216.34/a.jpg" } })).toEqual({ "media[url]": "must not carry a user name or password" });
  });

  it("takes the extensions and MIME types Meta lists for each kind", () => {
    expect(fieldsOf({ media: { type: "video", url: `${link}.mov` } })["media[url]"]).toContain("does not take");
    expect(fieldsOf({ media: { type: "video", url: `${link}.mov`, mimetype: "video/mp4" } })).toEqual({});
    expect(fieldsOf({ media: { type: "sticker", url: link, mimetype: "image/png" } })).toEqual({ "media[mimetype]": "must be one of image/webp for sticker" });
    expect(fieldsOf({ media: { type: "image", url: link, filename: "x" } })).toEqual({ "media[filename]": "is only for documents" });
  });
});

describe("interactive limits", () => {
  const buttons = (n: number, title = "ok") => Array.from({ length: n }, (_, i) => ({ id: `b${i}`, title: `${title}${i}` }));
  it.each([
    [{ buttons: buttons(4) }, "interactive[buttons]"],
    [{ buttons: buttons(1, "x".repeat(20)) }, "interactive[buttons][0][title]"],
    [
      {
        buttons: [
          { id: "a", title: "A" },
          { id: "a", title: "B" },
        ],
      },
      "interactive[buttons]",
    ],
    [{ buttons: buttons(1), list: { button: "More", sections: [{ rows: [{ id: "r", title: "R" }] }] } }, "interactive[buttons]"],
    [{ list: { button: "More", sections: [{ rows: Array.from({ length: 11 }, (_, i) => ({ id: `r${i}`, title: "R" })) }] } }, "interactive[list][sections][0][rows]"],
    [{ list: { button: "More", sections: [{ rows: [{ id: "r1", title: "R" }] }, { rows: [{ id: "r2", title: "R" }] }] } }, "interactive[list][sections]"],
    [{ list: { button: "More", sections: [{ rows: [{ id: "r1", title: "R", description: "d".repeat(73) }] }] } }, "interactive[list][sections][0][rows][0][description]"],
  ])("%j refused at %s", (interactive, field) => {
    expect(Object.keys(fieldsOf({ text: "Pick", interactive }))).toContain(field);
  });
});

describe("template messages and reactions", () => {
  it("checks the shape of a template message's parameters", () => {
    const t = { name: "ticket", language: "en_US" };
    expect(fieldsOf({ whatsappTemplate: t })).toEqual({});
    expect(Object.keys(fieldsOf({ whatsappTemplate: { ...t, language: "english" } }))).toEqual(["whatsappTemplate[language]"]);
    expect(Object.keys(fieldsOf({ whatsappTemplate: { ...t, header: { type: "image", text: "x" } } }))).toEqual(["whatsappTemplate[header][url]"]);
    expect(fieldsOf({ whatsappTemplate: { ...t, buttons: [{ index: 0, type: "copy_code", value: "x".repeat(16) }] } })).toEqual({
      "whatsappTemplate[buttons][0][value]": "a coupon code is at most 15 characters",
    });
    expect(Object.keys(fieldsOf({ whatsappTemplate: t, fallbackTemplate: t }))).toEqual(["fallbackTemplate"]);
  });

  it("takes one emoji, or none to take a reaction back, on exactly one message", () => {
    expect(fieldsOf({ reaction: { message: 1, emoji: "👍🏽" } })).toEqual({});
    expect(fieldsOf({ reaction: { inbound: "7", emoji: "" } })).toEqual({});
    expect(fieldsOf({ reaction: { message: 1, emoji: "👍👍" } })).toEqual({ "reaction[emoji]": "must be one emoji, or empty to take a reaction back" });
    expect(fieldsOf({ reaction: { emoji: "👍" } })).toEqual({ "reaction[message]": "give exactly one of message and inbound" });
  });
});
