import { z } from "zod";
import { timestamp } from "../../core/rest/schemas.js";
import { REST_NAMES, submissionRules } from "./submission-input.js";
import { whatsappLanguage, whatsappTemplateName } from "../../core/content/content-input.js";
import {
  bodyParameters,
  buttonList,
  buttonType,
  category,
  headerFormat,
  headerParametersRule,
  oneParameter,
  phoneButtonRule,
  registrationAccountId,
} from "./registration-input.js";

// The WhatsApp template routes' bodies and answers. The body's rules and messages are the
// service's own (registration-input.ts): it is checked here once, and the service takes what this
// check made of it.

const button = z.object({ type: buttonType, parameters: z.number().int().min(0).max(1) });

export const registerBody = z
  .strictObject({
    name: whatsappTemplateName.meta({ description: "As approved in WhatsApp Manager.", examples: ["order_ready"] }),
    language: whatsappLanguage.meta({ examples: ["ar"] }),
    category,
    account_id: registrationAccountId.nullable().optional().meta({ description: "Only this number may send it; omitted: any of your numbers." }),
    header_format: headerFormat.optional().meta({ description: "Default none." }),
    header_parameters: oneParameter.optional().meta({ description: "A text header's parameters, 0 or 1." }),
    body_parameters: bodyParameters.optional().meta({ description: "The body's {{1}}… count." }),
    buttons: buttonList(z.strictObject({ type: buttonType, parameters: oneParameter.optional() }))
      .optional()
      .meta({ description: "The template's buttons in order; parameters 1 for a dynamic URL or copy-code button." }),
  })
  .check(headerParametersRule("header_format", "header_parameters"), phoneButtonRule("buttons"))
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
    status: z.string().meta({
      description:
        "Meta's review status, kept by its webhooks: APPROVED (a hand registration's), FLAGGED, PAUSED, REJECTED, DISABLED…; only APPROVED and FLAGGED templates are sent.",
    }),
    status_reason: z.string().nullable().meta({ description: "Meta's reason given with the status; null: none." }),
    quality: z.string().nullable().meta({ description: "Meta's quality score (GREEN, YELLOW, RED, UNKNOWN); null: never reported." }),
    created_at: timestamp,
  })
  .meta({ id: "WhatsAppTemplate" });

export const registrationResponse = z.object({ success: z.literal(true), whatsapp_template: registrationShape }).meta({ id: "WhatsAppTemplateResponse" });
export const registrationsResponse = z.object({ whatsapp_templates: z.array(registrationShape) }).meta({ id: "WhatsAppTemplates" });

export const syncResponse = z
  .object({ success: z.literal(true), synced: z.number().int().nonnegative(), skipped: z.number().int().nonnegative() })
  .meta({ id: "WhatsAppTemplateSync" });

export const submitBody = submissionRules(REST_NAMES).meta({
  id: "SubmitWhatsAppTemplateInput",
  description: "A new template for Meta's review: its body with {{1}}, {{2}}… and one example each; a text header, a footer and buttons if wanted.",
});
