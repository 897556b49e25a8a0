import { z } from "zod";
import { timestamp } from "../../core/rest/schemas.js";
import { TEMPLATE_LIMITS, whatsappLanguage, whatsappTemplateName } from "../../core/content/content-input.js";
import { BUTTON_TYPES, HEADER_FORMATS, headerParametersRule } from "./registrations.js";

// The WhatsApp template routes' bodies and answers; the rules are the service's (registrations.ts).

const category = z.enum(["marketing", "utility", "authentication"]);
const headerFormat = z.enum(HEADER_FORMATS);
const button = z.object({ type: z.enum(BUTTON_TYPES), parameters: z.number().int().min(0).max(1) });

export const registerBody = z
  .strictObject({
    name: whatsappTemplateName.meta({ description: "As approved in WhatsApp Manager.", examples: ["order_ready"] }),
    language: whatsappLanguage.meta({ examples: ["ar"] }),
    category,
    account_id: z.number().int().positive().nullable().optional().meta({ description: "Only this number may send it; omitted: any of your numbers." }),
    header_format: headerFormat.optional().meta({ description: "Default none." }),
    header_parameters: z.number().int().min(0).max(1).optional().meta({ description: "A text header's parameters, 0 or 1." }),
    body_parameters: z.number().int().min(0).max(TEMPLATE_LIMITS.bodyParameters).optional().meta({ description: "The body's {{1}}… count." }),
    buttons: z
      .array(z.strictObject({ type: z.enum(BUTTON_TYPES), parameters: z.number().int().min(0).max(1).optional() }))
      .max(TEMPLATE_LIMITS.buttons)
      .optional()
      .meta({ description: "The template's buttons in order; parameters 1 for a dynamic URL or copy-code button." }),
  })
  .check(headerParametersRule("header_format", "header_parameters"))
  .meta({ id: "RegisterWhatsAppTemplateRequest" });

export const registrationShape = z
  .object({
    id: z.number().int().positive(),
    name: z.string(),
    language: z.string(),
    category,
    account_id: z.number().int().positive().nullable(),
    header_format: headerFormat,
    header_parameters: z.number().int(),
    body_parameters: z.number().int(),
    buttons: z.array(button),
    created_at: timestamp,
  })
  .meta({ id: "WhatsAppTemplate" });

export const registrationResponse = z.object({ success: z.literal(true), whatsapp_template: registrationShape }).meta({ id: "WhatsAppTemplateResponse" });
export const registrationsResponse = z.object({ whatsapp_templates: z.array(registrationShape) }).meta({ id: "WhatsAppTemplates" });
