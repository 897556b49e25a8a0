import type { ServiceDeps } from "../../../core/deps.js";
import { validationError } from "../../../core/errors.js";
import { placeholdersOf, renderText } from "../../campaigns/index.js";
import { MAX_TEXT_CODE_POINTS, type SendOptions } from "../../../core/input/send-input.js";
import { MAX_CAPTION } from "../../../core/content/content-input.js";
import { kindOf, type ContentKind, type RichContent, type TemplateContent } from "../../../core/content/message-content.js";
import { checkMediaLink, mediaLinkProblem, resolveRichContent } from "./rich-content.js";

// What a send's messages say: the text as given or a template's, with each recipient's
// placeholders filled in, and the content kind beyond text (rich-content.ts). The rendered text is
// what is stored, counted and sent, so the length limit applies to it; a gap anywhere refuses the
// whole request, naming every one.

export interface Content {
  body: string;
  imageUrl: string | null;
  templateId: number | null;
  /** The content kind beyond text, its texts possibly holding {{placeholders}}; null: text. */
  rich: RichContent | null;
  kind: ContentKind;
  /** The number it must go from (a reaction's, or a template registered for one number); null: any. */
  requiredAccountId: number | null;
  /** The template message sent instead to a contact whose customer-service window is closed. */
  fallback: { content: TemplateContent; accountId: number | null } | null;
}

/** The send's content: the request's own text and image, or its named template's (an image given with the request wins), and its kind. */
export async function resolveContent(deps: ServiceDeps, tenantId: number, o: SendOptions, to: string | null): Promise<Content> {
  let text = { body: o.text ?? "", imageUrl: o.imageUrl, templateId: null as number | null };
  if (o.imageUrl) await checkMediaLink(deps, o.imageUrl, "imageUrl");
  if (o.template !== null) {
    const template = await deps.db.template.findUnique({ where: { tenantId_name: { tenantId, name: o.template } } });
    if (!template) throw validationError({ template: "is not one of your templates" });
    // A template saved before its link was checked, or whose host now resolves inward.
    const problem = !o.imageUrl && template.imageUrl ? await mediaLinkProblem(deps, template.imageUrl) : undefined;
    if (problem) throw validationError({ template: `has an image link that is refused: ${problem}` });
    text = { body: template.body, imageUrl: o.imageUrl ?? template.imageUrl, templateId: template.id };
  }
  const rich = await resolveRichContent(deps, tenantId, o, to);
  return { ...text, rich: rich.content, kind: kindOf(rich.content), requiredAccountId: rich.accountId, fallback: rich.fallback };
}

const codePoints = (s: string) => [...s].length;

/** What one recipient is sent: the text and the content kind, placeholders filled. */
export interface Rendered {
  text: string;
  rich: RichContent | null;
}

/** The texts of a content kind that may hold placeholders (a template message's parameters). */
function richTexts(rich: RichContent | null): string[] {
  if (rich?.kind !== "template") return [];
  return [...(rich.header?.type === "text" ? [rich.header.text] : []), ...rich.body, ...rich.buttons.map((b) => b.value)];
}

/** A template message with each parameter's placeholders filled from `variables`; undefined names a gap. */
export function fillTemplate(t: TemplateContent, variables: Record<string, string>, missing: Set<string>): TemplateContent {
  const fill = (s: string) => {
    const r = renderText(s, variables);
    if ("missing" in r) r.missing.forEach((n) => missing.add(n));
    return "text" in r ? r.text : s;
  };
  return {
    ...t,
    header: t.header?.type === "text" ? { type: "text", text: fill(t.header.text) } : t.header,
    body: t.body.map(fill),
    buttons: t.buttons.map((b) => ({ ...b, value: fill(b.value) })),
  };
}

/**
 * Each recipient's text and content. `field` says where the recipient's values were written
 * (`recipients[3]`, or `` for a single send's top-level `variables`); a list of bare numbers has no values at all.
 */
export function renderForRecipients(content: Content, recipients: Array<{ variables: Record<string, string>; field: string }>, withValues: boolean): Rendered[] {
  const fields: Record<string, string> = {};
  const used = [...placeholdersOf(content.body), ...richTexts(content.rich).flatMap(placeholdersOf)];
  if (used.length > 0 && !withValues) {
    throw validationError({ numbers: `cannot fill ${[...new Set(used)].map((n) => `{{${n}}}`).join(", ")}: send to recipients with variables instead` });
  }
  const limit = content.kind === "text" ? MAX_TEXT_CODE_POINTS : MAX_CAPTION;
  const rendered = recipients.map((r) => {
    const prefix = r.field ? `${r.field}[variables]` : "variables";
    const missing = new Set<string>();
    const text = renderText(content.body, r.variables);
    if ("missing" in text) text.missing.forEach((n) => missing.add(n));
    const rich = content.rich?.kind === "template" ? fillTemplate(content.rich, r.variables, missing) : content.rich;
    for (const name of missing) fields[`${prefix}[${name}]`] = `is used by the message ({{${name}}}) but not given`;
    if ("text" in text && codePoints(text.text) > limit) fields[r.field || "variables"] = `makes the message longer than ${limit} characters`;
    return { text: "text" in text ? text.text : "", rich };
  });
  if (Object.keys(fields).length > 0) throw validationError(fields);
  return rendered;
}
