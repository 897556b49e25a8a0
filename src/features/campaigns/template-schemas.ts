import { z } from "zod";
import { queryFlag } from "../../core/rest/schemas.js";
import { imageUrl, messageText, templateName } from "../../core/input/send-input.js";
import { templateVariableNames } from "./template-input.js";

// The template routes' bodies, query string and answers (see schemas.ts for how they are used).
// The fields, limits and messages are the service's own (template-input.ts, send-input.ts): a body
// is checked here once, and the service takes what this check made of it.

const timestamp = z.iso.datetime({ offset: true }).meta({ description: "ISO 8601 with the service time zone's offset." });

const variableNames = templateVariableNames.meta({
  description: "The text's placeholder names, as a check: if given, they must be exactly the names the text uses.",
  examples: [["name"]],
});

const templateText = messageText.meta({
  description: "The text (with an image: its caption), with optional {{placeholders}}.",
  examples: ["Hello {{name}}, your order is ready."],
});

export const templateCreateBody = z
  .strictObject({
    name: templateName.meta({ description: "Lowercase letters, digits, _ and - (at most 64); unique among your templates." }),
    message: templateText,
    image_url: imageUrl.nullable().optional(),
    variables: variableNames.optional(),
  })
  .meta({ id: "CreateTemplateRequest" });

export const templateUpdateBody = z
  .strictObject({
    message: templateText.optional().meta({ description: "The new text; omitted: unchanged." }),
    image_url: imageUrl.nullable().optional().meta({ description: "The new image; null removes it, omitted keeps it." }),
    variables: variableNames.optional(),
  })
  .meta({ id: "UpdateTemplateRequest" });

export const templateDeleteQuery = z.strictObject({
  force: queryFlag("true: delete it even while queued messages use it (they keep their text and are still sent). Default false."),
});

export const templateShape = z
  .object({
    id: z.number().int().positive(),
    name: z.string().meta({ examples: ["order_ready"] }),
    message: z.string().meta({ description: "The text, with its {{placeholders}}." }),
    image_url: z.string().nullable(),
    variables: z.array(z.string()).meta({ description: "The text's placeholder names, in order of first use." }),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "Template" });

export const templatesResponse = z.object({ templates: z.array(templateShape).meta({ description: "By name." }) }).meta({ id: "Templates" });

export const templateResponse = z.object({ success: z.literal(true), template: templateShape }).meta({ id: "TemplateResponse" });

export const templateDeletedResponse = z
  .object({
    success: z.literal(true),
    template: templateShape,
    queued_messages: z.number().int().nonnegative().meta({ description: "Queued messages rendered from it; they keep their text and are still sent." }),
  })
  .meta({ id: "TemplateDeleted" });
