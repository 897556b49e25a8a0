import { z } from "zod";
import { parseInput, STORABLE_TEXT_PROBLEM, storableText } from "../../core/input/validation.js";
import { TEMPLATE_LIMITS, whatsappLanguage, whatsappTemplateName } from "../../core/content/content-input.js";
import { CATEGORIES, registrationAccountId } from "./registration-input.js";

// A new template for Meta's review (template-submission.ts), with its rules written once: Meta's
// limits (a body of 1,024 characters with positional {{1}}…{{n}} and one example each, a text header
// of 60 with at most one, a footer of 60, up to 10 buttons of 25) are checked here, before Meta is asked.

const text = (max: number) => z.string().trim().min(1, "must not be empty").max(max, `may be at most ${max} characters`).refine(storableText, STORABLE_TEXT_PROBLEM);

const textOf = (v: unknown): string => (typeof v === "string" ? v : "");

/** The positional placeholders {{1}}…{{n}} of a text, which must run from 1 without gaps. */
export const positional = (s: string): number[] => [...s.matchAll(/\{\{\s*(\d+)\s*\}\}/g)].map((m) => Number(m[1]));

const examplesFor = (field: string, examples: string) =>
  z.superRefine<Record<string, unknown>>((r, ctx) => {
    const numbers = [...new Set(positional(textOf(r[field])))].sort((a, b) => a - b);
    if (numbers.some((n, i) => n !== i + 1)) ctx.addIssue({ code: "custom", path: [field], message: "must number its placeholders {{1}}, {{2}}… without gaps", input: r[field] });
    const example = r[examples];
    // The body's examples are a list; a header's one example is a single text.
    const given = Array.isArray(example) ? example.length : example == null ? 0 : 1;
    if (given !== numbers.length)
      ctx.addIssue({ code: "custom", path: [examples], message: `must give one example for each of its ${numbers.length} placeholders`, input: r[examples] });
  });

export const SUBMITTED_BUTTONS = ["quick_reply", "url", "phone_number"] as const;

/** The field names of a surface: GraphQL's (camelCase) or REST's (snake_case). */
const GRAPHQL_NAMES = {
  accountId: "accountId",
  headerText: "headerText",
  headerExample: "headerExample",
  bodyExamples: "bodyExamples",
  urlExample: "urlExample",
  phoneNumber: "phoneNumber",
} as const;
export const REST_NAMES = {
  accountId: "account_id",
  headerText: "header_text",
  headerExample: "header_example",
  bodyExamples: "body_examples",
  urlExample: "url_example",
  phoneNumber: "phone_number",
} as const;
type Names = typeof GRAPHQL_NAMES | typeof REST_NAMES;

function buttonSchema(n: Names) {
  return z
    .object({
      type: z.enum(SUBMITTED_BUTTONS),
      text: text(25),
      url: z
        .url({ protocol: /^https$/, error: "must be an https link" })
        .max(2000)
        .nullish(),
      [n.urlExample]: text(2000).nullish(),
      [n.phoneNumber]: z
        .string()
        .regex(/^\+?\d{8,15}$/, "must be a phone number in international form")
        .nullish(),
    })
    .superRefine((b: Record<string, unknown>, ctx) => {
      const url = typeof b.url === "string" ? b.url : undefined;
      if (b.type === "url" && !url) ctx.addIssue({ code: "custom", path: ["url"], message: "is required for a url button", input: url });
      if (b.type === "phone_number" && !b[n.phoneNumber])
        ctx.addIssue({ code: "custom", path: [n.phoneNumber], message: "is required for a phone_number button", input: undefined });
      if (url && /\{\{/.test(url) && !/\{\{1\}\}$/.test(url)) ctx.addIssue({ code: "custom", path: ["url"], message: "may end with {{1}} only", input: url });
      if (url && /\{\{1\}\}$/.test(url) !== Boolean(b[n.urlExample])) {
        ctx.addIssue({ code: "custom", path: [n.urlExample], message: "goes with a link ending in {{1}}, and only then", input: b[n.urlExample] });
      }
    });
}

/** The submission's rules, under a surface's field names. */
export function submissionRules(n: Names) {
  return z
    .object({
      name: whatsappTemplateName,
      language: whatsappLanguage,
      category: z.enum(CATEGORIES),
      [n.accountId]: registrationAccountId.nullish(),
      [n.headerText]: text(TEMPLATE_LIMITS.headerText).nullish(),
      [n.headerExample]: text(TEMPLATE_LIMITS.headerText).nullish(),
      body: text(1024),
      [n.bodyExamples]: z.array(text(TEMPLATE_LIMITS.bodyParameter)).max(TEMPLATE_LIMITS.bodyParameters).nullish(),
      footer: text(60).nullish(),
      buttons: z.array(buttonSchema(n)).max(TEMPLATE_LIMITS.buttons).nullish(),
    })
    .check(examplesFor("body", n.bodyExamples), examplesFor(n.headerText, n.headerExample))
    .refine((r: Record<string, unknown>) => positional(textOf(r[n.headerText])).length <= 1, { path: [n.headerText], message: "may hold one placeholder at most" });
}

const submissionSchema = submissionRules(GRAPHQL_NAMES);

/** What the service takes, by GraphQL's names. */
export interface Submission {
  name: string;
  language: string;
  category: (typeof CATEGORIES)[number];
  accountId?: number | null | undefined;
  headerText?: string | null | undefined;
  headerExample?: string | null | undefined;
  body: string;
  bodyExamples?: string[] | null | undefined;
  footer?: string | null | undefined;
  buttons?:
    | Array<{
        type: (typeof SUBMITTED_BUTTONS)[number];
        text: string;
        url?: string | null | undefined;
        urlExample?: string | null | undefined;
        phoneNumber?: string | null | undefined;
      }>
    | null
    | undefined;
}

/** A submission checked by its rules; errors name GraphQL's fields. */
export const parseSubmission = (raw: unknown): Submission => parseInput(submissionSchema, raw) as unknown as Submission;

/** A submission from a body its REST schema checked, renamed to GraphQL's names (the route renames). */
export const submissionFromRest = (checked: unknown): Submission => checked as Submission;
