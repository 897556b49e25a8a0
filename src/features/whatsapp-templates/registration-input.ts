import { z } from "zod";
import { parseInput } from "../../core/input/validation.js";
import { TEMPLATE_LIMITS, whatsappLanguage, whatsappTemplateName } from "../../core/content/content-input.js";

// A registration's fields, with their rules written once: registerWhatsAppTemplate takes the typed
// input made here; over /graphql its arguments are checked by these rules (parseRegistration), and
// the REST body (rest-schemas.ts) is built from the same rules, so it is checked once, by its
// route, and only shaped here (registrationFromRest).

export const HEADER_FORMATS = ["none", "text", "image", "video", "document"] as const;
export const BUTTON_TYPES = ["quick_reply", "url", "copy_code", "phone_number"] as const;
export const CATEGORIES = ["marketing", "utility", "authentication"] as const;

/** What a registered template takes, stored as `whatsapp_template.components`. */
export interface TemplateShape {
  header: { format: (typeof HEADER_FORMATS)[number]; parameters: number };
  body: { parameters: number };
  buttons: Array<{ type: (typeof BUTTON_TYPES)[number]; parameters: number }>;
}

export const category = z.enum(CATEGORIES);
export const headerFormat = z.enum(HEADER_FORMATS);
export const buttonType = z.enum(BUTTON_TYPES);
/** A text header's or a button's parameters: none or one. */
export const oneParameter = z.number().int().min(0).max(1);
export const bodyParameters = z.number().int().min(0).max(TEMPLATE_LIMITS.bodyParameters);
export const registrationAccountId = z.number().int().positive().max(2_147_483_647);
/** The template's buttons in order, `button` being how a surface spells one. */
export const buttonList = <T extends z.ZodType>(button: T) => z.array(button).max(TEMPLATE_LIMITS.buttons);

/** A text header's parameter count is the only header count a caller gives: a media header always takes its media. */
export const headerParametersRule = (format: string, parameters: string) =>
  z.superRefine<Record<string, unknown>>(
    (r, ctx) => {
      if (r[parameters] != null && (r[format] ?? "none") !== "text")
        ctx.addIssue({ code: "custom", path: [parameters], message: "is only for a text header (a media header always takes its media)", input: r[parameters] });
    },
    { when: () => true },
  );

/** A phone-number button calls a fixed number: nothing of it is filled in at send time. Checked once every field passed. */
export const phoneButtonRule = (buttons: string) =>
  z.superRefine<Record<string, unknown>>((r, ctx) => {
    ((r[buttons] ?? []) as Array<{ type: string; parameters?: number | null }>).forEach((b, i) => {
      if ((b.parameters ?? 0) > 0 && b.type === "phone_number") {
        ctx.addIssue({ code: "custom", path: [buttons, i, "parameters"], message: "a phone-number button takes no parameter", input: b.parameters });
      }
    });
  });

const registrationSchema = z
  .object({
    name: whatsappTemplateName,
    language: whatsappLanguage,
    category,
    accountId: registrationAccountId.nullish(),
    headerFormat: headerFormat.nullish(),
    headerParameters: oneParameter.nullish(),
    bodyParameters: bodyParameters.nullish(),
    buttons: buttonList(z.object({ type: buttonType, parameters: oneParameter.nullish() })).nullish(),
  })
  .check(headerParametersRule("headerFormat", "headerParameters"), phoneButtonRule("buttons"));

type CheckedRegistration = z.output<typeof registrationSchema>;

export interface NewRegistration {
  name: string;
  language: string;
  category: (typeof CATEGORIES)[number];
  /** The one number that may send it; null: any of the tenant's. */
  accountId: number | null;
  components: TemplateShape;
}

function shapeOf(r: CheckedRegistration): TemplateShape {
  const format = r.headerFormat ?? "none";
  const headerParameters = format === "none" ? 0 : format === "text" ? (r.headerParameters ?? 0) : 1;
  return {
    header: { format, parameters: headerParameters },
    body: { parameters: r.bodyParameters ?? 0 },
    // Quick replies always carry a payload parameter when sent; URL and copy-code buttons only when dynamic.
    buttons: (r.buttons ?? []).map((b) => ({ type: b.type, parameters: b.type === "phone_number" ? 0 : (b.parameters ?? 0) })),
  };
}

const newRegistration = (r: CheckedRegistration): NewRegistration => ({
  name: r.name,
  language: r.language,
  category: r.category,
  accountId: r.accountId ?? null,
  components: shapeOf(r),
});

/** A registration checked by its rules; errors name GraphQL's fields. */
export const parseRegistration = (raw: unknown): NewRegistration => newRegistration(parseInput(registrationSchema, raw));

/** A registration from a body its REST schema checked, renamed to GraphQL's names. */
export const registrationFromRest = (checked: unknown): NewRegistration => newRegistration(checked as CheckedRegistration);
