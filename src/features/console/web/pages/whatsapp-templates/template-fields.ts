import { ApiError } from "../../api.js";
import type { TextKey, Texts } from "../../i18n.js";
import { refusalText } from "../numbers/number-parts.js";

// What the new-template form needs besides its fields: the placeholders a text holds, as the
// person types ({{1}}, {{2}}…, each of which needs an example for Meta's review), and the API's
// refusals, each said in the form's words beside the field it names. The API names fields by
// their GraphQL names, an item of a list by its index: `bodyExamples[1]`, `buttons[0][url]` (also
// read written `buttons.0.url`).

/** The distinct positional placeholders of a text, in order: "{{2}} … {{1}} … {{2}}" holds [1, 2]. */
export const placeholdersOf = (text: string): number[] => [...new Set([...text.matchAll(/\{\{\s*(\d+)\s*\}\}/g)].map((m) => Number(m[1])))].sort((a, b) => a - b);

/** Where a refusal shows: a field's name (`body`), a list's item (`bodyExamples.1`, `buttons.0.url`), or the form (`form`). */
export type Problems = Record<string, string>;

const SENTENCES: Record<string, TextKey> = {
  name: "waErr_name",
  language: "waErr_language",
  category: "waErr_category",
  accountId: "waErr_accountId",
  headerText: "waErr_headerText",
  headerExample: "waErr_headerExample",
  body: "waErr_body",
  bodyExamples: "waErr_bodyExamples",
  footer: "waErr_footer",
  buttons: "waErr_buttons",
  type: "waErr_buttons",
  text: "waErr_buttonText",
  url: "waErr_buttonUrl",
  urlExample: "waErr_buttonUrlExample",
  phoneNumber: "waErr_buttonPhone",
};

/** `buttons[0][url]` or `buttons.0.url` as `buttons.0.url`. */
export const targetOf = (field: string): string =>
  field
    .split(/[[\].]+/)
    .filter(Boolean)
    .join(".");

/** One field's refusal in words; Meta's own refusal of the template (given on `name`) keeps Meta's reason. */
function sentence(tx: Texts, target: string, problem: string): string {
  const meta = /^Meta refused the template:\s*/.exec(problem);
  if (target === "name" && meta) return tx.t("waErr_nameMeta", { reason: problem.slice(meta[0].length) });
  const last =
    target
      .split(".")
      .filter((part) => !/^\d+$/.test(part))
      .at(-1) ?? "";
  return tx.t(SENTENCES[last] ?? "waErr_other");
}

/** The API's refusal of a submission, by where each part shows. */
export function submissionProblems(tx: Texts, err: unknown): Problems {
  if (!(err instanceof ApiError) || err.code !== "VALIDATION_ERROR") return { form: refusalText(tx, err) };
  const problems: Problems = {};
  for (const [field, problem] of Object.entries(err.fields)) {
    const target = targetOf(field);
    problems[target] ??= sentence(tx, target, problem);
  }
  return problems;
}

/** The refusal of a sync in words: with no Cloud number there is nothing to sync from. */
export function syncProblem(tx: Texts, err: unknown): string {
  if (err instanceof ApiError && err.code === "VALIDATION_ERROR") return tx.t("noSyncSource");
  return refusalText(tx, err);
}

/** A language's name in the page's language with its code: "Arabic (ar)", "الإنجليزية (en_US)". */
export function languageName(tx: Texts, code: string): string {
  try {
    const name = new Intl.DisplayNames([tx.lang], { type: "language" }).of(code.replace("_", "-"));
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}
