import { builder } from "../../core/graphql/builder.js";
import { deleteWhatsAppTemplate, listWhatsAppTemplates, registerWhatsAppTemplate, type RegistrationView } from "./registrations.js";
import { BUTTON_TYPES, HEADER_FORMATS, parseRegistration } from "./registration-input.js";
import { checkedInput } from "../../core/graphql/checked-input.js";
import { syncTenantTemplates } from "./template-sync.js";
import { submitWhatsAppTemplate } from "./template-submission.js";
import { parseSubmission, SUBMITTED_BUTTONS } from "./submission-input.js";

// WhatsApp template registrations over GraphQL (and, through the same operations, REST).

const HeaderFormatEnum = builder.enumType("WhatsAppTemplateHeaderFormat", {
  values: Object.fromEntries(HEADER_FORMATS.map((f) => [f, { value: f }])) as Record<(typeof HEADER_FORMATS)[number], { value: (typeof HEADER_FORMATS)[number] }>,
});
const ButtonTypeEnum = builder.enumType("WhatsAppTemplateButtonType", {
  values: Object.fromEntries(BUTTON_TYPES.map((f) => [f, { value: f }])) as Record<(typeof BUTTON_TYPES)[number], { value: (typeof BUTTON_TYPES)[number] }>,
});
const CategoryEnum = builder.enumType("WhatsAppTemplateCategory", {
  values: { marketing: { value: "marketing" }, utility: { value: "utility" }, authentication: { value: "authentication" } } as const,
});

const ButtonShape = builder.simpleObject("WhatsAppTemplateButton", {
  fields: (t) => ({ type: t.field({ type: ButtonTypeEnum }), parameters: t.int({ description: "1: the send gives this button's value; 0: fixed." }) }),
});

const RegistrationRef = builder.objectRef<RegistrationView>("WhatsAppTemplate").implement({
  description: "A Meta-approved template you may send with `whatsappTemplate`, and what each of its components takes.",
  fields: (t) => ({
    id: t.id({ resolve: (r) => String(r.id) }),
    name: t.exposeString("name"),
    language: t.exposeString("language"),
    category: t.field({ type: CategoryEnum, resolve: (r) => r.category }),
    accountId: t.int({ nullable: true, description: "The one number it is registered for; null: any of your numbers.", resolve: (r) => r.accountId }),
    headerFormat: t.field({ type: HeaderFormatEnum, resolve: (r) => r.components.header.format }),
    headerParameters: t.int({ resolve: (r) => r.components.header.parameters }),
    bodyParameters: t.int({ resolve: (r) => r.components.body.parameters }),
    buttons: t.field({ type: [ButtonShape], resolve: (r) => r.components.buttons }),
    status: t.exposeString("status", {
      description:
        "Meta's review status, kept by its webhooks: APPROVED (a hand registration's), FLAGGED, PAUSED, REJECTED, DISABLED…; only APPROVED and FLAGGED templates are sent.",
    }),
    statusReason: t.exposeString("statusReason", { nullable: true, description: "Meta's reason given with the status; null: none." }),
    quality: t.exposeString("quality", { nullable: true, description: "Meta's quality score (GREEN, YELLOW, RED, UNKNOWN); null: never reported." }),
    createdAt: t.string({ resolve: (r, _, ctx) => ctx.deps.clock.timestamp(r.createdAt) }),
  }),
});

const ButtonInput = builder.inputType("WhatsAppTemplateButtonInput", {
  fields: (t) => ({
    type: t.field({ type: ButtonTypeEnum, required: true }),
    parameters: t.int({ description: "1 for a dynamic URL or a copy-code button (quick replies always take their payload); default 0." }),
  }),
});

const RegisterInput = builder.inputType("RegisterWhatsAppTemplateInput", {
  fields: (t) => ({
    name: t.string({ required: true, description: "As approved in WhatsApp Manager (lowercase letters, digits and _)." }),
    language: t.string({ required: true, description: "Meta's language code, e.g. ar, en_US." }),
    category: t.field({ type: CategoryEnum, required: true }),
    accountId: t.int({ description: "Only this number may send it; omitted: any of your numbers (one WhatsApp Business account)." }),
    headerFormat: t.field({ type: HeaderFormatEnum, description: "Default none." }),
    headerParameters: t.int({ description: "A text header's parameters, 0 or 1." }),
    bodyParameters: t.int({ description: "The body's {{1}}… count, 0 to 100." }),
    buttons: t.field({ type: [ButtonInput], description: "The template's buttons in order (at most 10)." }),
  }),
});

builder.queryFields((t) => ({
  whatsappTemplates: t.field({
    authScopes: { scope: "messages:read" },
    type: [RegistrationRef],
    description: "Your registered WhatsApp templates, by name and language.",
    resolve: async (_, __, ctx) => listWhatsAppTemplates(ctx.deps, await ctx.principal()),
  }),
}));

const SubmittedButtonTypeEnum = builder.enumType("SubmittedTemplateButtonType", {
  values: Object.fromEntries(SUBMITTED_BUTTONS.map((b) => [b, { value: b }])) as Record<(typeof SUBMITTED_BUTTONS)[number], { value: (typeof SUBMITTED_BUTTONS)[number] }>,
});

const SubmittedButtonInput = builder.inputType("SubmittedTemplateButtonInput", {
  fields: (t) => ({
    type: t.field({ type: SubmittedButtonTypeEnum, required: true }),
    text: t.string({ required: true, description: "The button's label (at most 25 characters)." }),
    url: t.string({ description: "url: an https link, which may end with {{1}} (filled in at send time)." }),
    urlExample: t.string({ description: "url: an example of the link's {{1}}, for Meta's review." }),
    phoneNumber: t.string({ description: "phone_number: the number the button calls." }),
  }),
});

const SubmitInput = builder.inputType("SubmitWhatsAppTemplateInput", {
  fields: (t) => ({
    name: t.string({ required: true }),
    language: t.string({ required: true }),
    category: t.field({ type: CategoryEnum, required: true }),
    accountId: t.int({ description: "The number whose WhatsApp Business Account reviews it; needed only when yours are in several." }),
    headerText: t.string({ description: "A text header (at most 60 characters, one {{1}} at most)." }),
    headerExample: t.string(),
    body: t.string({ required: true, description: "The text, with {{1}}, {{2}}… where each send fills in a value." }),
    bodyExamples: t.stringList({ description: "An example for each placeholder, in order, for Meta's review." }),
    footer: t.string(),
    buttons: t.field({ type: [SubmittedButtonInput] }),
  }),
});

const SyncResultRef = builder.simpleObject("WhatsAppTemplateSync", {
  fields: (t) => ({
    synced: t.int({ description: "Templates stored or brought up to date." }),
    skipped: t.int({ description: "Templates this gateway cannot send (a location header, a flow or catalogue button)." }),
  }),
});

builder.mutationFields((t) => ({
  submitWhatsAppTemplate: t.field({
    authScopes: { scope: "campaigns:manage" },
    type: RegistrationRef,
    description: "Sends a new template to Meta for review and registers it (PENDING); Meta's webhooks follow its review.",
    args: { input: t.arg({ type: SubmitInput, required: true }) },
    resolve: async (_, { input }, ctx) => submitWhatsAppTemplate(ctx.deps, await ctx.principal(), checkedInput(ctx, parseSubmission, input)),
  }),
  syncWhatsAppTemplates: t.field({
    authScopes: { scope: "campaigns:manage" },
    type: SyncResultRef,
    description: "Reads your templates, their status and quality from Meta (every business account of your Cloud API numbers).",
    resolve: async (_, __, ctx) => syncTenantTemplates(ctx.deps, await ctx.principal()),
  }),
  registerWhatsAppTemplate: t.field({
    authScopes: { scope: "campaigns:manage" },
    type: RegistrationRef,
    description: "Registers a Meta-approved template you may send; its name and language must be new among yours (TEMPLATE_EXISTS).",
    args: { input: t.arg({ type: RegisterInput, required: true }) },
    resolve: async (_, { input }, ctx) => registerWhatsAppTemplate(ctx.deps, await ctx.principal(), checkedInput(ctx, parseRegistration, input)),
  }),
  deleteWhatsAppTemplate: t.field({
    authScopes: { scope: "campaigns:manage" },
    type: RegistrationRef,
    description: "Removes a registration (messages already accepted with it are still sent).",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_, args, ctx) => deleteWhatsAppTemplate(ctx.deps, await ctx.principal(), String(args.id)),
  }),
}));
