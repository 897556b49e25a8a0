import { builder } from "../../../core/graphql/builder.js";
import { MEDIA_KINDS } from "../../../core/content/message-content.js";

// The GraphQL inputs of a send's content kinds. Their nested field names are the REST body's too,
// so one zod schema (core/content/content-input.ts) validates both and names the same fields.

type Fields = Parameters<Parameters<typeof builder.inputType>[1]["fields"]>[0];

const MediaTypeEnum = builder.enumType("MediaType", {
  values: Object.fromEntries(MEDIA_KINDS.map((k) => [k, { value: k }])) as Record<(typeof MEDIA_KINDS)[number], { value: (typeof MEDIA_KINDS)[number] }>,
});

const MediaInput = builder.inputType("MediaInput", {
  description: "A file by https link; the provider fetches it (the gateway never does). The caption is `text` (none for audio and stickers, at most 1024 characters).",
  fields: (t) => ({
    type: t.field({ type: MediaTypeEnum, required: true }),
    url: t.string({ required: true, description: "https only, to a public address; its extension must be one the kind takes unless mimetype says." }),
    filename: t.string({ description: "Documents: the name the recipient sees (default: the link's file name)." }),
    mimetype: t.string({ description: "The file's MIME type, when the link's extension does not say it (must be one Meta takes for the kind)." }),
    voice: t.boolean({ description: "Audio: send as a voice note (default false)." }),
  }),
});

const LocationInput = builder.inputType("LocationInput", {
  fields: (t) => ({
    latitude: t.float({ required: true, description: "-90 to 90." }),
    longitude: t.float({ required: true, description: "-180 to 180." }),
    name: t.string(),
    address: t.string(),
  }),
});

const ContactCardInput = builder.inputType("ContactCardInput", {
  fields: (t) => ({
    name: t.string({ required: true }),
    phones: t.stringList({ required: true, description: "1 to 10 numbers." }),
    emails: t.stringList(),
    organization: t.string(),
  }),
});

const ReactionInput = builder.inputType("ReactionInput", {
  description: "An emoji on a message of the chat with `to`: one you sent (`message`) or received (`inbound`); it goes from that message's number.",
  fields: (t) => ({
    emoji: t.string({ required: true, description: "One emoji; empty takes an earlier reaction back." }),
    message: t.id({ description: "The id of a message you sent." }),
    inbound: t.id({ description: "The id of an inbound message." }),
  }),
});

const ReplyButtonInput = builder.inputType("ReplyButtonInput", {
  fields: (t) => ({ id: t.string({ required: true }), title: t.string({ required: true, description: "At most 20 characters." }) }),
});
const ListRowInput = builder.inputType("ListRowInput", {
  fields: (t) => ({
    id: t.string({ required: true }),
    title: t.string({ required: true, description: "At most 24 characters." }),
    description: t.string({ description: "At most 72 characters." }),
  }),
});
const ListSectionInput = builder.inputType("ListSectionInput", { fields: (t) => ({ title: t.string(), rows: t.field({ type: [ListRowInput], required: true }) }) });
const ListInput = builder.inputType("ListInput", {
  fields: (t) => ({
    button: t.string({ required: true, description: "The button that opens the list, at most 20 characters." }),
    sections: t.field({ type: [ListSectionInput], required: true }),
  }),
});

const InteractiveInput = builder.inputType("InteractiveInput", {
  description: "WhatsApp Cloud only: reply buttons (1 to 3) or a list (up to 10 rows); the body is `text` (at most 1024 characters).",
  fields: (t) => ({
    header: t.string({ description: "A text header, at most 60 characters." }),
    footer: t.string({ description: "At most 60 characters." }),
    buttons: t.field({ type: [ReplyButtonInput] }),
    list: t.field({ type: ListInput }),
  }),
});

const TemplateHeaderInput = builder.inputType("TemplateHeaderInput", {
  fields: (t) => ({
    type: t.string({ required: true, description: "text, image, video or document: as the template's header." }),
    text: t.string({ description: "A text header's parameter." }),
    url: t.string({ description: "A media header's https link." }),
    filename: t.string({ description: "A document header's file name." }),
  }),
});

const TemplateButtonInput = builder.inputType("TemplateButtonInput", {
  fields: (t) => ({
    index: t.int({ required: true, description: "The button's position in the template, from 0." }),
    type: t.string({ required: true, description: "quick_reply (its payload), url (the link's variable part) or copy_code (the coupon code)." }),
    value: t.string({ required: true }),
  }),
});

export const TemplateMessageInput = builder.inputType("WhatsAppTemplateMessageInput", {
  description:
    "A WhatsApp (Meta-approved) template message, checked against your registration (registerWhatsAppTemplate). Parameters may hold {{placeholders}} filled from each recipient's variables.",
  fields: (t) => ({
    name: t.string({ required: true }),
    language: t.string({ required: true, description: "Meta's language code, e.g. ar, en_US." }),
    header: t.field({ type: TemplateHeaderInput }),
    body: t.stringList({ description: "The body's {{1}}, {{2}}… in order." }),
    buttons: t.field({ type: [TemplateButtonInput] }),
  }),
});

/** The content-kind fields of a send (at most one kind), beside `text`, `template` and `imageUrl`. */
export const contentInputFields = (t: Fields) => ({
  media: t.field({ type: MediaInput }),
  location: t.field({ type: LocationInput }),
  contacts: t.field({ type: [ContactCardInput], description: "1 to 10 contact cards." }),
  reaction: t.field({ type: ReactionInput, description: "Single sends only." }),
  interactive: t.field({ type: InteractiveInput }),
  whatsappTemplate: t.field({ type: TemplateMessageInput, description: "Sent whatever the customer-service window; WhatsApp Cloud numbers (and the simulator) only." }),
  fallbackTemplate: t.field({
    type: TemplateMessageInput,
    description: "Sent instead of a free-form message to a contact whose customer-service window is closed (instead of refusing or skipping it).",
  }),
});
