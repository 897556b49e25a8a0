import { builder } from "../../../core/graphql/builder.js";
import { MEDIA_KINDS } from "../../../core/content/message-content.js";
import type { ContentKinds } from "../../../core/input/send-input.js";

// The GraphQL inputs of a send's content kinds. Their nested field names are the REST body's too,
// so one zod schema (core/content/content-input.ts) validates both and names the same fields.

type Fields = Parameters<Parameters<typeof builder.inputType>[1]["fields"]>[0];
/** A reply's content kinds (a send's but a reaction), as their input schemas give them. */
export type ReplyKinds = Omit<ContentKinds, "reaction">;

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

/** The content kinds a reply may carry (an automation rule's answer): a send's, but a reaction. */
export const replyContentInputFields = (t: Fields) => ({
  media: t.field({ type: MediaInput }),
  location: t.field({ type: LocationInput }),
  contacts: t.field({ type: [ContactCardInput], description: "1 to 10 contact cards." }),
  interactive: t.field({ type: InteractiveInput }),
  whatsappTemplate: t.field({ type: TemplateMessageInput, description: "Sent whatever the customer-service window; WhatsApp Cloud numbers (and the simulator) only." }),
});

/** The content-kind fields of a send (at most one kind), beside `text`, `template` and `imageUrl`. */
export const contentInputFields = (t: Fields) => {
  const kinds = replyContentInputFields(t);
  return {
    media: kinds.media,
    location: kinds.location,
    contacts: kinds.contacts,
    reaction: t.field({ type: ReactionInput, description: "Single sends only." }),
    interactive: kinds.interactive,
    whatsappTemplate: kinds.whatsappTemplate,
    fallbackTemplate: t.field({
      type: TemplateMessageInput,
      description: "Sent instead of a free-form message to a contact whose customer-service window is closed (instead of refusing or skipping it).",
    }),
  };
};

// The same kinds read back as they were given (an automation rule's answer): each output type has
// its input's fields, so what is read can be given again as it is.

type Given<K extends keyof ReplyKinds> = NonNullable<ReplyKinds[K]>;
type Interactive = Given<"interactive">;
type Template = Given<"whatsappTemplate">;
const orNull = <T>(v: T | null | undefined): T | null => v ?? null;

const MediaRef = builder.objectRef<Given<"media">>("Media").implement({
  description: "A file by https link, as given (MediaInput).",
  fields: (t) => ({
    type: t.field({ type: MediaTypeEnum, resolve: (m) => m.type }),
    url: t.exposeString("url"),
    filename: t.string({ nullable: true, resolve: (m) => orNull(m.filename) }),
    mimetype: t.string({ nullable: true, resolve: (m) => orNull(m.mimetype) }),
    voice: t.boolean({ nullable: true, resolve: (m) => orNull(m.voice) }),
  }),
});

const LocationRef = builder.objectRef<Given<"location">>("Location").implement({
  fields: (t) => ({
    latitude: t.exposeFloat("latitude"),
    longitude: t.exposeFloat("longitude"),
    name: t.string({ nullable: true, resolve: (l) => orNull(l.name) }),
    address: t.string({ nullable: true, resolve: (l) => orNull(l.address) }),
  }),
});

const ContactCardRef = builder.objectRef<Given<"contacts">[number]>("ContactCard").implement({
  fields: (t) => ({
    name: t.exposeString("name"),
    phones: t.exposeStringList("phones", { description: "International digits." }),
    emails: t.stringList({ nullable: true, resolve: (c) => orNull(c.emails) }),
    organization: t.string({ nullable: true, resolve: (c) => orNull(c.organization) }),
  }),
});

type List = NonNullable<Interactive["list"]>;
const ReplyButtonRef = builder.objectRef<NonNullable<Interactive["buttons"]>[number]>("ReplyButton").implement({
  fields: (t) => ({ id: t.exposeString("id"), title: t.exposeString("title") }),
});
const ListRowRef = builder.objectRef<List["sections"][number]["rows"][number]>("ListRow").implement({
  fields: (t) => ({ id: t.exposeString("id"), title: t.exposeString("title"), description: t.string({ nullable: true, resolve: (r) => orNull(r.description) }) }),
});
const ListSectionRef = builder.objectRef<List["sections"][number]>("ListSection").implement({
  fields: (t) => ({ title: t.string({ nullable: true, resolve: (s) => orNull(s.title) }), rows: t.field({ type: [ListRowRef], resolve: (s) => s.rows }) }),
});
const InteractiveListRef = builder.objectRef<List>("InteractiveList").implement({
  fields: (t) => ({ button: t.exposeString("button"), sections: t.field({ type: [ListSectionRef], resolve: (l) => l.sections }) }),
});

const InteractiveRef = builder.objectRef<Interactive>("Interactive").implement({
  description: "Reply buttons or a list, as given (InteractiveInput); the body is the text.",
  fields: (t) => ({
    header: t.string({ nullable: true, resolve: (i) => orNull(i.header) }),
    footer: t.string({ nullable: true, resolve: (i) => orNull(i.footer) }),
    buttons: t.field({ type: [ReplyButtonRef], nullable: true, resolve: (i) => orNull(i.buttons) }),
    list: t.field({ type: InteractiveListRef, nullable: true, resolve: (i) => orNull(i.list) }),
  }),
});

const TemplateHeaderRef = builder.objectRef<NonNullable<Template["header"]>>("TemplateHeader").implement({
  fields: (t) => ({
    type: t.exposeString("type"),
    text: t.string({ nullable: true, resolve: (h) => orNull(h.text) }),
    url: t.string({ nullable: true, resolve: (h) => orNull(h.url) }),
    filename: t.string({ nullable: true, resolve: (h) => orNull(h.filename) }),
  }),
});
const TemplateButtonRef = builder.objectRef<NonNullable<Template["buttons"]>[number]>("TemplateButton").implement({
  fields: (t) => ({ index: t.exposeInt("index"), type: t.exposeString("type"), value: t.exposeString("value") }),
});

const TemplateMessageRef = builder.objectRef<Template>("WhatsAppTemplateMessage").implement({
  description: "A WhatsApp template message, as given (WhatsAppTemplateMessageInput).",
  fields: (t) => ({
    name: t.exposeString("name"),
    language: t.exposeString("language"),
    header: t.field({ type: TemplateHeaderRef, nullable: true, resolve: (m) => orNull(m.header) }),
    body: t.stringList({ nullable: true, resolve: (m) => orNull(m.body) }),
    buttons: t.field({ type: [TemplateButtonRef], nullable: true, resolve: (m) => orNull(m.buttons) }),
  }),
});

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;

/** A reply's content kind as given, for an object type whose parent `of` reads it from (null: none). */
export const replyContentFields = <P>(t: PothosSchemaTypes.ObjectFieldBuilder<Types, P>, of: (parent: P) => ReplyKinds | null) => ({
  media: t.field({ type: MediaRef, nullable: true, resolve: (p) => orNull(of(p)?.media) }),
  location: t.field({ type: LocationRef, nullable: true, resolve: (p) => orNull(of(p)?.location) }),
  contacts: t.field({ type: [ContactCardRef], nullable: true, resolve: (p) => orNull(of(p)?.contacts) }),
  interactive: t.field({ type: InteractiveRef, nullable: true, resolve: (p) => orNull(of(p)?.interactive) }),
  whatsappTemplate: t.field({ type: TemplateMessageRef, nullable: true, resolve: (p) => orNull(of(p)?.whatsappTemplate) }),
});
