import type { z } from "zod";
import type { RestWhatsAppTemplateFieldsFragment } from "../../gql/graphql.js";
import { renamed, route } from "../../core/rest/route.js";
import * as shapes from "./rest-schemas.js";
import { registrationFromRest } from "./registration-input.js";
import { DeleteWhatsAppTemplateOperation, RegisterWhatsAppTemplateOperation, WhatsAppTemplatesOperation } from "./operations.js";

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

export const whatsappTemplateRoutes = [
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
