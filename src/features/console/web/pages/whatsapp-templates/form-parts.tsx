import type { Texts } from "../../i18n.js";
import type { Problems } from "./template-fields.js";

// The new-template form's small pieces: a refusal shown beside its field, and the attributes that
// tie a field to it (aria-invalid, aria-describedby), so a screen reader reads the refusal with
// the field and the form can move the focus to the first field refused.

/** A field's id on the page from where its refusals show: `buttons.0.url` is `wa-buttons-0-url`. */
export const idOf = (target: string): string => `wa-${target.replace(/\./g, "-")}`;

/** aria-invalid and aria-describedby for the field at `target`, described also by `also` (its help, its group's refusal). */
export function described(problems: Problems, target: string, ...also: Array<string | false | undefined>) {
  const own = problems[target] ? `${idOf(target)}-problem` : undefined;
  const ids = [...also, own].filter(Boolean).join(" ");
  return { "aria-invalid": own || also.some((id) => id && id.endsWith("-problem")) ? ("true" as const) : undefined, "aria-describedby": ids || undefined };
}

/** The refusal of the field at `target`, in words, under it. */
export function FieldProblem({ problems, target }: { problems: Problems; target: string }) {
  const text = problems[target];
  if (!text) return null;
  return (
    <p id={`${idOf(target)}-problem`} class="error field-problem">
      {text}
    </p>
  );
}

/** Refusals the form has no field for (the API's, Meta's not answering…), and that fields were refused. */
export function FormProblems({ tx, problems, shown }: { tx: Texts; problems: Problems; shown: (target: string) => boolean }) {
  const elsewhere = Object.entries(problems).filter(([target]) => !shown(target));
  const fields = Object.keys(problems).some(shown);
  if (!elsewhere.length && !fields) return null;
  return (
    <div role="alert" class="error">
      {fields && <p>{tx.t("fixBelow")}</p>}
      {elsewhere.map(([target, text]) => (
        <p key={target}>{text}</p>
      ))}
    </div>
  );
}
