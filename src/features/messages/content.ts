import type { Db } from "../../core/db/database.js";
import { validationError } from "../../core/errors.js";
import { placeholdersOf, renderText } from "../campaigns/index.js";
import { MAX_TEXT_CODE_POINTS, type SendOptions } from "../../core/send-input.js";

// What a send's messages say: the text as given or a template's, with each recipient's
// placeholders filled in. The rendered text is what is stored, counted and sent, so the length
// limit applies to it; a gap anywhere refuses the whole request, naming every one.

export interface Content {
  body: string;
  imageUrl: string | null;
  templateId: number | null;
}

/** The text and image to send: the request's own, or its named template's (an image given with the request wins). */
export async function resolveContent(db: Db, tenantId: number, o: Pick<SendOptions, "text" | "template" | "imageUrl">): Promise<Content> {
  if (o.template === null) return { body: o.text ?? "", imageUrl: o.imageUrl, templateId: null };
  const template = await db.template.findUnique({ where: { tenantId_name: { tenantId, name: o.template } } });
  if (!template) throw validationError({ template: "is not one of your templates" });
  return { body: template.body, imageUrl: o.imageUrl ?? template.imageUrl, templateId: template.id };
}

const codePoints = (s: string) => [...s].length;

/**
 * Each recipient's text. `field` says where the recipient's values were written (`recipients[3]`,
 * or `` for a single send's top-level `variables`); a list of bare numbers has no values at all.
 */
export function renderForRecipients(content: Content, recipients: Array<{ variables: Record<string, string>; field: string }>, withValues: boolean): string[] {
  const fields: Record<string, string> = {};
  const used = placeholdersOf(content.body);
  if (used.length > 0 && !withValues) {
    throw validationError({ numbers: `cannot fill ${used.map((n) => `{{${n}}}`).join(", ")}: send to recipients with variables instead` });
  }
  const texts = recipients.map((r) => {
    const rendered = renderText(content.body, r.variables);
    const prefix = r.field ? `${r.field}[variables]` : "variables";
    if ("missing" in rendered) {
      for (const name of rendered.missing) fields[`${prefix}[${name}]`] = `is used by the message ({{${name}}}) but not given`;
      return "";
    }
    if (codePoints(rendered.text) > MAX_TEXT_CODE_POINTS) {
      fields[r.field || "variables"] = `makes the message longer than ${MAX_TEXT_CODE_POINTS} characters`;
    }
    return rendered.text;
  });
  if (Object.keys(fields).length > 0) throw validationError(fields);
  return texts;
}
