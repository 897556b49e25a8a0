import { z } from "zod";
import { normalizePhoneNumber } from "../input/phone.js";
import { storableText, STORABLE_TEXT_PROBLEM } from "../input/validation.js";
import { MEDIA_KINDS, type MediaKind } from "./message-content.js";
import { carriesCredentials, CREDENTIALS_PROBLEM } from "../input/public-address.js";

// The fields of a send's content kinds and their limits, each as its provider documents it (the
// table in docs/rich-messages.md names the source of every number). A request over a limit gets a
// 422 naming the field, before anything is charged. Sizes are not checked here: the gateway never
// downloads outbound media, the provider does and refuses what is too large.

const codePoints = (s: string) => [...s].length;

/** Text of at most `max` code points (as WhatsApp counts), optionally required to be non-blank. */
export const boundedText = (max: number, { blank = false } = {}) =>
  z
    .string()
    .refine(storableText, STORABLE_TEXT_PROBLEM)
    .refine((s) => blank || s.trim().length > 0, "must not be empty")
    .refine((s) => codePoints(s) <= max, `must be at most ${max} characters`)
    .meta({ maxLength: max });

/** Meta: a media caption (and an interactive message's body) is at most 1,024 characters. */
export const MAX_CAPTION = 1024;

/** Meta's accepted MIME types per media kind, and the file extensions that mean them. */
export const MEDIA_TYPES: Record<MediaKind, Record<string, string>> = {
  image: { jpg: "image/jpeg", jpeg: "image/jpeg", png: "image/png" },
  video: { mp4: "video/mp4", "3gp": "video/3gpp" },
  audio: { aac: "audio/aac", amr: "audio/amr", mp3: "audio/mpeg", m4a: "audio/mp4", ogg: "audio/ogg", opus: "audio/ogg" },
  document: {
    txt: "text/plain",
    pdf: "application/pdf",
    doc: "application/msword",
    docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    xls: "application/vnd.ms-excel",
    xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    ppt: "application/vnd.ms-powerpoint",
    pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  },
  sticker: { webp: "image/webp" },
};

/** The lower-case extension of a link's last path segment; "" when it has none. */
export function extensionOf(url: string): string {
  let segment = "";
  try {
    segment = new URL(url).pathname.split("/").pop() ?? "";
  } catch {
    return "";
  }
  const dot = segment.lastIndexOf(".");
  return dot > 0 ? segment.slice(dot + 1).toLowerCase() : "";
}

const MAX_URL = 2048;

/** An https link without credentials or an internal literal address (names are resolved at acceptance). */
export const mediaLink = z
  .string()
  .max(MAX_URL)
  .refine((s) => {
    try {
      const u = new URL(s);
      return u.protocol === "https:" && u.hostname.length > 0 && ![...s].some((c) => c <= " " || c === "\u007f");
    } catch {
      return false;
    }
  }, "must be an absolute https URL")
  .refine((s) => !carriesCredentials(s), CREDENTIALS_PROBLEM)
  .meta({ format: "uri", maxLength: MAX_URL, description: "An https link the provider fetches the file from (the gateway never downloads it)." });

export const mediaInput = z
  .object({
    type: z.enum(MEDIA_KINDS),
    url: mediaLink,
    filename: boundedText(240).nullish(),
    mimetype: z.string().max(255).nullish(),
    voice: z.boolean().nullish(),
  })
  .superRefine((m, ctx) => {
    const allowed = MEDIA_TYPES[m.type];
    const types = Object.values(allowed);
    if (m.mimetype != null && !types.includes(m.mimetype.split(";")[0]!.trim().toLowerCase())) {
      ctx.addIssue({ code: "custom", path: ["mimetype"], message: `must be one of ${[...new Set(types)].join(", ")} for ${m.type}` });
    }
    const ext = extensionOf(m.url);
    if (ext && m.mimetype == null && !(ext in allowed)) {
      ctx.addIssue({
        code: "custom",
        path: ["url"],
        message: `ends in .${ext}, which ${m.type} does not take (${Object.keys(allowed)
          .map((e) => `.${e}`)
          .join(", ")}); give mimetype if the link serves one of them`,
      });
    }
    if (m.filename != null && m.type !== "document") ctx.addIssue({ code: "custom", path: ["filename"], message: "is only for documents" });
    if (m.voice != null && m.type !== "audio") ctx.addIssue({ code: "custom", path: ["voice"], message: "is only for audio" });
  });

export const locationInput = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  name: boundedText(256).nullish(),
  address: boundedText(1024).nullish(),
});

const cardPhone = z
  .string()
  .max(64)
  .transform((s, ctx) => normalizePhoneNumber(s) ?? (ctx.addIssue({ code: "custom", message: "must be a mobile number such as 05XXXXXXXX or 9665XXXXXXXX" }), z.NEVER));

export const MAX_CONTACT_CARDS = 10;

export const contactCardInput = z.object({
  name: boundedText(256),
  phones: z.array(cardPhone).min(1).max(10),
  emails: z.array(z.email("must be an email address").max(320)).max(10).nullish(),
  organization: boundedText(256).nullish(),
});

/** One emoji (a single grapheme that is a pictograph), or "" to take a reaction back. */
const emoji = z.string().refine((s) => {
  if (s === "") return true;
  const graphemes = [...new Intl.Segmenter("en", { granularity: "grapheme" }).segment(s)];
  return graphemes.length === 1 && /\p{Extended_Pictographic}|\p{Regional_Indicator}/u.test(s);
}, "must be one emoji, or empty to take a reaction back");

/** A message id as REST (a number) or GraphQL (an ID string) writes it. */
const anyId = z.union([z.string().max(20), z.number().int().positive()]).transform(String);

export const reactionInput = z
  .object({
    emoji,
    message: anyId.nullish().meta({ description: "The id of a message you sent (message_id)." }),
    inbound: anyId.nullish().meta({ description: "The id of an inbound message you received." }),
  })
  .superRefine((r, ctx) => {
    if ((r.message == null) === (r.inbound == null)) ctx.addIssue({ code: "custom", path: ["message"], message: "give exactly one of message and inbound" });
  });

/** Meta's interactive limits: header and footer 60, reply buttons 1–3 with titles of 20, lists of 10 rows. */
export const INTERACTIVE = {
  header: 60,
  footer: 60,
  buttons: 3,
  buttonTitle: 20,
  buttonId: 256,
  listButton: 20,
  sections: 10,
  rows: 10,
  sectionTitle: 24,
  rowId: 200,
  rowTitle: 24,
  rowDescription: 72,
} as const;

const replyButton = z.object({ id: boundedText(INTERACTIVE.buttonId), title: boundedText(INTERACTIVE.buttonTitle) });
const listRow = z.object({ id: boundedText(INTERACTIVE.rowId), title: boundedText(INTERACTIVE.rowTitle), description: boundedText(INTERACTIVE.rowDescription).nullish() });
const listSection = z.object({ title: boundedText(INTERACTIVE.sectionTitle).nullish(), rows: z.array(listRow).min(1).max(INTERACTIVE.rows) });

const distinct = <T>(items: T[], key: (t: T) => string) => new Set(items.map(key)).size === items.length;

export const interactiveInput = z
  .object({
    header: boundedText(INTERACTIVE.header).nullish(),
    footer: boundedText(INTERACTIVE.footer).nullish(),
    buttons: z.array(replyButton).min(1).max(INTERACTIVE.buttons).nullish(),
    list: z.object({ button: boundedText(INTERACTIVE.listButton), sections: z.array(listSection).min(1).max(INTERACTIVE.sections) }).nullish(),
  })
  .superRefine((i, ctx) => {
    if ((i.buttons == null) === (i.list == null)) ctx.addIssue({ code: "custom", path: ["buttons"], message: "give exactly one of buttons and list" });
    if (i.buttons && !distinct(i.buttons, (b) => b.id)) ctx.addIssue({ code: "custom", path: ["buttons"], message: "must have distinct ids" });
    if (i.buttons && !distinct(i.buttons, (b) => b.title)) ctx.addIssue({ code: "custom", path: ["buttons"], message: "must have distinct titles" });
    const rows = i.list?.sections.flatMap((s) => s.rows) ?? [];
    if (rows.length > INTERACTIVE.rows) ctx.addIssue({ code: "custom", path: ["list", "sections"], message: `must hold at most ${INTERACTIVE.rows} rows in all` });
    if (!distinct(rows, (r) => r.id)) ctx.addIssue({ code: "custom", path: ["list", "sections"], message: "must have distinct row ids" });
    if (i.list && i.list.sections.length > 1 && i.list.sections.some((s) => s.title == null)) {
      ctx.addIssue({ code: "custom", path: ["list", "sections"], message: "need a title each when there is more than one" });
    }
  });

/** A WhatsApp template message's name and language, as Meta names them. */
export const whatsappTemplateName = z.string().regex(/^[a-z0-9_]{1,512}$/, "must be a WhatsApp template name: lowercase letters, digits and _");
export const whatsappLanguage = z.string().regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, "must be a language code such as ar, en or en_US");

/** Meta: a text header is at most 60 characters; body parameters, 1,024; a coupon code, 15. */
export const TEMPLATE_LIMITS = { headerText: 60, bodyParameter: 1024, buttonValue: 2000, couponCode: 15, bodyParameters: 100, buttons: 10 } as const;

export const templateMessageInput = z.object({
  name: whatsappTemplateName,
  language: whatsappLanguage,
  header: z
    .object({
      type: z.enum(["text", "image", "video", "document"]),
      text: boundedText(TEMPLATE_LIMITS.headerText).nullish(),
      url: mediaLink.nullish(),
      filename: boundedText(240).nullish(),
    })
    .superRefine((h, ctx) => {
      if (h.type === "text" && (h.text == null || h.url != null)) ctx.addIssue({ code: "custom", path: ["text"], message: "a text header takes text (and no url)" });
      if (h.type !== "text" && (h.url == null || h.text != null)) ctx.addIssue({ code: "custom", path: ["url"], message: `a ${h.type} header takes a url (and no text)` });
      if (h.filename != null && h.type !== "document") ctx.addIssue({ code: "custom", path: ["filename"], message: "is only for a document header" });
    })
    .nullish(),
  body: z.array(boundedText(TEMPLATE_LIMITS.bodyParameter)).max(TEMPLATE_LIMITS.bodyParameters).nullish(),
  buttons: z
    .array(
      z
        .object({
          index: z
            .number()
            .int()
            .min(0)
            .max(TEMPLATE_LIMITS.buttons - 1),
          type: z.enum(["quick_reply", "url", "copy_code"]),
          value: boundedText(TEMPLATE_LIMITS.buttonValue),
        })
        .refine((b) => b.type !== "copy_code" || codePoints(b.value) <= TEMPLATE_LIMITS.couponCode, {
          path: ["value"],
          message: `a coupon code is at most ${TEMPLATE_LIMITS.couponCode} characters`,
        }),
    )
    .max(TEMPLATE_LIMITS.buttons)
    .refine((bs) => distinct(bs, (b) => String(b.index)), "must name each button index once")
    .nullish(),
});

export type TemplateMessageInput = z.output<typeof templateMessageInput>;

/** The content fields of a send besides `text`, `template` and `imageUrl`, as GraphQL names them. */
export const contentFields = {
  media: mediaInput.nullish(),
  location: locationInput.nullish(),
  contacts: z.array(contactCardInput).min(1).max(MAX_CONTACT_CARDS).nullish(),
  reaction: reactionInput.nullish(),
  interactive: interactiveInput.nullish(),
  whatsappTemplate: templateMessageInput.nullish(),
  fallbackTemplate: templateMessageInput.nullish(),
};

const KIND_FIELDS = ["imageUrl", "media", "location", "contacts", "reaction", "interactive", "whatsappTemplate"] as const;
/** Kinds that carry no text of their own (a gateway template supplies text, so neither). */
const TEXTLESS = new Set(["location", "contacts", "reaction", "whatsappTemplate"]);

/** GraphQL's field names as the REST body spells them (the rest are the same in both). */
export const REST_CONTENT_NAMES: Record<string, string> = { text: "message", imageUrl: "image_url", whatsappTemplate: "whatsapp_template", fallbackTemplate: "fallback_template" };

/**
 * One content kind per message, and the text each kind takes: required with plain text and
 * interactive messages (their body), optional with media (the caption, none for audio and
 * stickers), refused with the others. Checked even when other fields are bad, so a request learns
 * every problem at once. `names` spells the fields as the caller does (REST_CONTENT_NAMES for REST).
 * `textRequired: false` lets a message without a kind, or with only an image, say no text: an
 * automation rule's own answer, which a handover or a bot may leave out (an interactive message
 * still needs its body).
 */
export const contentRules = (names: Record<string, string> = {}, { textRequired = true } = {}) =>
  z.superRefine<Record<string, unknown>>(
    (input, ctx) => {
      const name = (f: string) => names[f] ?? f;
      const get = (f: string) => input[name(f)];
      const given = KIND_FIELDS.filter((f) => get(f) != null);
      const issue = (field: string, message: string) => ctx.addIssue({ code: "custom", path: [name(field)], message, input: get(field) });
      for (const extra of given.slice(1)) issue(extra, `must not be given with ${name(given[0]!)}: one content kind per message`);
      const kind = given[0];
      const text = get("text");
      const hasText = text != null || get("template") != null;
      const textField = text != null ? "text" : "template";
      if (kind && TEXTLESS.has(kind) && hasText) issue(textField, `must not be given with ${name(kind)}, which carries no text`);
      const media = get("media") as { type?: string } | null | undefined;
      if (media && (media.type === "audio" || media.type === "sticker") && hasText) issue(textField, `must not be given with ${media.type}, which takes no caption`);
      if (!hasText && (kind === "interactive" || (textRequired && (kind === undefined || kind === "imageUrl")))) {
        issue("text", kind === "interactive" ? "is required: it is the interactive message's body" : "is required unless a template or another content kind is given");
      }
      if (text != null && get("template") != null) issue("text", "must not be given with a template");
      if (typeof text === "string" && (kind === "media" || kind === "interactive") && codePoints(text) > MAX_CAPTION) {
        issue("text", `must be at most ${MAX_CAPTION} characters with ${kind === "media" ? "media (its caption)" : "an interactive message (its body)"}`);
      }
      if (get("fallbackTemplate") != null && kind === "whatsappTemplate")
        issue("fallbackTemplate", `must not be given with ${name("whatsappTemplate")}: a template message needs no window`);
    },
    { when: () => true },
  );
