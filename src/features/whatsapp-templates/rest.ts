import type { z } from "zod";
import type { RestWhatsAppTemplateFieldsFragment } from "../../gql/graphql.js";
import { renamed, route } from "../../core/rest/route.js";
import * as shapes from "./rest-schemas.js";
import { registrationFromRest } from "./registration-input.js";
import {
  DeleteWhatsAppTemplateOperation,
  RegisterWhatsAppTemplateOperation,
  SubmitWhatsAppTemplateOperation,
  SyncWhatsAppTemplatesOperation,
  WhatsAppTemplatesOperation,
} from "./operations.js";
import { submissionFromRest } from "./submission-input.js";

// WhatsApp template registrations on the REST facade, over the same GraphQL operations as /graphql.

const registerFields = {
  name: "name",
  language: "language",
  category: "category",
  account_id: "accountId",
  header_format: "headerFormat",
  header_parameters: "headerParameters",
  body_parameters: "bodyParameters",
  buttons: "buttons",
};

const registration = (r: RestWhatsAppTemplateFieldsFragment): z.input<typeof shapes.registrationShape> => ({
  id: Number(r.id),
  name: r.name,
  language: r.language,
  category: r.category,
  account_id: r.accountId ?? null,
  header_format: r.headerFormat,
  header_parameters: r.headerParameters,
  body_parameters: r.bodyParameters,
  buttons: r.buttons,
  status: r.status,
  status_reason: r.statusReason ?? null,
  quality: r.quality ?? null,
  created_at: r.createdAt,
});

/** REST's body, by GraphQL's names: the submission's fields and each button's. */
const submission = (body: Record<string, unknown>) => ({
  ...renamed(body, { name: "name", language: "language", category: "category", account_id: "accountId", header_text: "headerText", header_example: "headerExample" }),
  ...renamed(body, { body: "body", body_examples: "bodyExamples", footer: "footer" }),
  buttons: Array.isArray(body.buttons)
    ? body.buttons.map((b: Record<string, unknown>) => renamed(b, { type: "type", text: "text", url: "url", url_example: "urlExample", phone_number: "phoneNumber" }))
    : body.buttons,
});

export const whatsappTemplateRoutes = [
  route({
    method: "POST",
    path: /^\/whatsapp-templates\/submit$/,
    doc: {
      path: "/whatsapp-templates/submit",
      operationId: "submitWhatsAppTemplate",
      summary: "Send a new template to Meta for review",
      description: 'Registered at once as Meta answers (PENDING); Meta\'s status webhooks follow its review (docs/connecting-numbers.md, "Templates").',
      tag: "Templates",
      body: shapes.submitBody,
      errors: ["VALIDATION_ERROR", "CHANNEL_ERROR"],
    },
    answer: shapes.registrationResponse,
    operation: SubmitWhatsAppTemplateOperation,
    variables: (_, body) => ({ input: submission(body) as never }),
    checked: ({ input }) => submissionFromRest(input),
    respond: ({ submitWhatsAppTemplate: r }) => ({ success: true as const, whatsapp_template: registration(r) }),
  }),
  route({
    method: "POST",
    path: /^\/whatsapp-templates\/sync$/,
    doc: {
      path: "/whatsapp-templates/sync",
      operationId: "syncWhatsAppTemplates",
      summary: "Read your templates, their status and quality from Meta",
      description:
        "From every WhatsApp Business Account of your Cloud API numbers (docs/connecting-numbers.md). Also done when a Cloud number connects; Meta's webhooks keep them current in between.",
      tag: "Templates",
      errors: ["VALIDATION_ERROR", "CHANNEL_ERROR"],
    },
    answer: shapes.syncResponse,
    operation: SyncWhatsAppTemplatesOperation,
    variables: () => ({}),
    respond: ({ syncWhatsAppTemplates: r }) => ({ success: true as const, synced: r.synced, skipped: r.skipped }),
  }),
  route({
    method: "GET",
    path: /^\/whatsapp-templates$/,
    doc: { path: "/whatsapp-templates", operationId: "listWhatsAppTemplates", summary: "Your registered WhatsApp templates", tag: "Templates", errors: [] },
    answer: shapes.registrationsResponse,
    operation: WhatsAppTemplatesOperation,
    variables: () => ({}),
    respond: ({ whatsappTemplates }) => ({ whatsapp_templates: whatsappTemplates.map(registration) }),
  }),
  route({
    method: "POST",
    path: /^\/whatsapp-templates$/,
    doc: {
      path: "/whatsapp-templates",
      operationId: "registerWhatsAppTemplate",
      summary: "Register a Meta-approved WhatsApp template",
      description:
        "Tells the gateway a template you may send with `whatsapp_template` (as approved in WhatsApp Manager), so a send is checked against it before anything is charged.",
      tag: "Templates",
      body: shapes.registerBody,
      errors: ["TEMPLATE_EXISTS"],
    },
    answer: shapes.registrationResponse,
    operation: RegisterWhatsAppTemplateOperation,
    variables: (_, body) => ({ input: renamed(body, registerFields) as never }),
    checked: ({ input }) => registrationFromRest(input),
    respond: ({ registerWhatsAppTemplate: r }) => ({ success: true as const, whatsapp_template: registration(r) }),
  }),
  route({
    method: "DELETE",
    path: /^\/whatsapp-templates\/([^/]+)$/,
    doc: { path: "/whatsapp-templates/{id}", operationId: "deleteWhatsAppTemplate", summary: "Remove a WhatsApp template registration", tag: "Templates", errors: ["NOT_FOUND"] },
    answer: shapes.registrationResponse,
    operation: DeleteWhatsAppTemplateOperation,
    variables: ([id]) => ({ id: id ?? "" }),
    respond: ({ deleteWhatsAppTemplate: r }) => ({ success: true as const, whatsapp_template: registration(r) }),
  }),
];
