import type { JSX } from "preact";
import type { Texts } from "../../i18n.js";
import { described, FieldNotes } from "../field-parts.js";
import type { RuleField } from "./rule-problems.js";
import { automationTexts, type AutomationKey } from "./texts.js";

// The rule editor's fields: each with its label, its help and its refusal beside it (field-parts.tsx),
// a choice among options, and a one-line text.

/** What the helps quote as it is typed: `{name}` in a text is a value, so RE2's `\p{Nd}` comes in as one. */
const HELP_VALUES = { anyDigit: "\\p{Nd}" };

/** The attributes that tie a control to its label, help and refusal. */
export type FieldAttrs = { id: string; name: string } & ReturnType<typeof described>;

interface FieldProps {
  tx: Texts;
  name: RuleField;
  label: AutomationKey;
  help?: AutomationKey;
  problem: string | undefined;
  control: (attrs: FieldAttrs) => JSX.Element;
}

/** A field's label, its control (drawn by `control` with the attributes that tie them), its help and its refusal. */
export function Field({ tx, name, label, help, problem, control }: FieldProps) {
  const at = automationTexts(tx);
  const id = `rule-${name}`;
  return (
    <>
      <label for={id}>{at(label)}</label>
      {control({ id, name, ...described(id, problem, help !== undefined) })}
      <FieldNotes id={id} help={help && at(help, HELP_VALUES)} problem={problem} />
    </>
  );
}

interface ChoiceProps<T extends string> {
  tx: Texts;
  name: RuleField;
  label: AutomationKey;
  problem: string | undefined;
  options: T[];
  /** An option in the page's words. */
  words: (option: T) => string;
  chosen: T;
  /** Told each choice, when the form follows it as it is made (the trigger decides the fields). */
  onChoose?: (option: T) => void;
}

/** A field that chooses one of `options`. */
export function Choice<T extends string>({ tx, name, label, problem, options, words, chosen, onChoose }: ChoiceProps<T>) {
  return (
    <Field
      tx={tx}
      name={name}
      label={label}
      problem={problem}
      control={(a) => (
        <select {...a} onChange={onChoose && ((e) => onChoose(e.currentTarget.value as T))}>
          {options.map((o) => (
            <option key={o} value={o} selected={o === chosen}>
              {words(o)}
            </option>
          ))}
        </select>
      )}
    />
  );
}

/** A one-line text field's control. */
export const textInput = (attrs: FieldAttrs, more: object = {}) => <input dir="auto" autocomplete="off" {...more} {...attrs} />;
