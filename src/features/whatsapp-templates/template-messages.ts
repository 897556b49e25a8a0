import type { Db } from "../../core/db/database.js";
import { validationError } from "../../core/errors.js";
import type { TemplateMessageInput } from "../../core/content/content-input.js";
import type { TemplateContent } from "../../core/content/message-content.js";
import type { TemplateShape } from "./registration-input.js";
import { notSendable } from "./template-status.js";

// A template message checked against its registration: the name and language must be registered,
// and every component must get exactly the parameters it takes, of the kind it takes. Each problem
// is reported under the field that has it (`whatsappTemplate[body]`), all at once.

export interface CheckedTemplateMessage {
  content: TemplateContent;
  /** The one number the template was registered for; null: any number of the tenant. */
  accountId: number | null;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

function headerProblem(shape: TemplateShape, input: TemplateMessageInput): string | undefined {
  const { format, parameters } = shape.header;
  const given = input.header ?? null;
  if (parameters === 0) return given ? (format === "none" ? "is not taken: the template has no header" : "is not taken: the template's header has no parameter") : undefined;
  if (!given) return `is required: the template's header takes ${format === "text" ? "a text parameter" : `a ${format}`}`;
  if (given.type !== format) return `must be a ${format}: the template's header is one`;
  return undefined;
}

function buttonProblems(shape: TemplateShape, input: TemplateMessageInput, field: string, problems: Record<string, string>): void {
  const given = input.buttons ?? [];
  given.forEach((b, i) => {
    const registered = shape.buttons[b.index];
    if (!registered) problems[`${field}[buttons][${i}][index]`] = `is not a button of the template (it has ${plural(shape.buttons.length, "button")})`;
    else if (registered.parameters === 0) problems[`${field}[buttons][${i}]`] = `is not taken: button ${b.index} has no parameter`;
    else if (registered.type !== b.type) problems[`${field}[buttons][${i}][type]`] = `must be ${registered.type}: button ${b.index} is one`;
  });
  shape.buttons.forEach((registered, index) => {
    if (registered.parameters > 0 && !given.some((b) => b.index === index)) problems[`${field}[buttons]`] = `is missing the parameter of button ${index} (${registered.type})`;
  });
}

/** Checks a template message against the tenant's registration; `field` is where it was written. */
export async function checkTemplateMessage(db: Db, tenantId: number, input: TemplateMessageInput, field: string): Promise<CheckedTemplateMessage> {
  const registration = await db.whatsAppTemplate.findUnique({ where: { tenantId_name_language: { tenantId, name: input.name, language: input.language } } });
  if (!registration) {
    const other = await db.whatsAppTemplate.findFirst({ where: { tenantId, name: input.name }, select: { language: true } });
    throw validationError(
      other
        ? { [`${field}[language]`]: `is not registered for ${input.name} (registered: ${other.language} among others)` }
        : { [`${field}[name]`]: "is not one of your registered WhatsApp templates" },
    );
  }
  const refused = notSendable(registration);
  if (refused) throw validationError({ [`${field}[name]`]: refused });
  const shape = registration.components as unknown as TemplateShape;
  const problems: Record<string, string> = {};
  const header = headerProblem(shape, input);
  if (header) problems[`${field}[header]`] = header;
  const body = input.body ?? [];
  if (body.length !== shape.body.parameters) {
    problems[`${field}[body]`] =
      `takes ${plural(shape.body.parameters, "parameter")}, ${body.length} given${body.length > shape.body.parameters ? ` (extra: ${body.length - shape.body.parameters})` : ""}`;
  }
  buttonProblems(shape, input, field, problems);
  if (Object.keys(problems).length > 0) throw validationError(problems);
  const h = input.header ?? null;
  return {
    accountId: registration.accountId,
    content: {
      kind: "template",
      name: input.name,
      language: input.language,
      header: h === null ? null : h.type === "text" ? { type: "text", text: h.text ?? "" } : { type: h.type, url: h.url ?? "", filename: h.filename ?? null },
      body,
      buttons: (input.buttons ?? []).map((b) => ({ index: b.index, subType: b.type, value: b.value })).sort((a, b) => a.index - b.index),
    },
  };
}
