import { useLayoutEffect, useRef } from "preact/hooks";
import type { SubmittedTemplateButtonInput, SubmittedTemplateButtonType } from "../../gql/graphql.js";
import type { Texts } from "../../i18n.js";
import { fieldText } from "../parts.js";
import type { Problems } from "./template-fields.js";
import { described, FieldProblem, idOf } from "./form-parts.js";
import { FIGURES } from "../../figures.js";

// A new template's buttons, up to three (Meta takes ten; three keep the form short): each a quick
// reply, a link (https, which may end with {{1}}, then with an example for it) or a number to call,
// with its label. Adding one puts the focus on its kind; removing one, on "Add a button".

const MAX = FIGURES.waButtonsMax;
const TYPES: SubmittedTemplateButtonType[] = ["quick_reply", "url", "phone_number"];

export interface ButtonDraft {
  /** Its own, so its fields keep what was typed when one before it is removed. */
  key: number;
  type: SubmittedTemplateButtonType;
  url: string;
}

/** A link ending in {{1}} takes a value at send time, and an example for Meta's review. */
const linkTakesValue = (url: string): boolean => /\{\{1\}\}$/.test(url.trim());

/** The buttons as the API takes them, each with only the fields of its kind. */
export function buttonsOf(f: FormData, drafts: ButtonDraft[]): SubmittedTemplateButtonInput[] {
  return drafts.map((b) => {
    const value = (field: string) => fieldText(f, `button-${b.key}-${field}`) || null;
    return {
      type: b.type,
      text: fieldText(f, `button-${b.key}-text`),
      url: b.type === "url" ? b.url.trim() || null : null,
      urlExample: b.type === "url" && linkTakesValue(b.url) ? value("urlExample") : null,
      phoneNumber: b.type === "phone_number" ? value("phoneNumber") : null,
    };
  });
}

/** Whether a refusal at `target` (`buttons.1.url`) has a field among the buttons as they are now. */
export function buttonShown(target: string, drafts: ButtonDraft[]): boolean {
  const m = /^buttons\.(\d+)(?:\.(\w+))?$/.exec(target);
  const b = m ? drafts[Number(m[1])] : undefined;
  if (!m || !b) return false;
  const field = m[2];
  if (field === undefined || field === "type" || field === "text") return true;
  if (b.type === "url") return field === "url" || (field === "urlExample" && linkTakesValue(b.url));
  return b.type === "phone_number" && field === "phoneNumber";
}

interface Props {
  tx: Texts;
  problems: Problems;
  buttons: ButtonDraft[];
  setButtons: (b: ButtonDraft[]) => void;
}

export function ButtonFields({ tx, problems, buttons, setButtons }: Props) {
  const focus = useRef<string | undefined>(undefined);
  const nextKey = useRef(0);
  useLayoutEffect(() => {
    if (focus.current) document.getElementById(focus.current)?.focus();
    focus.current = undefined;
  }, [buttons.length]);
  const add = () => {
    const key = nextKey.current++;
    focus.current = `wa-button-${key}-type`;
    setButtons([...buttons, { key, type: "quick_reply", url: "" }]);
  };
  const change = (key: number, change: Partial<ButtonDraft>) => setButtons(buttons.map((b) => (b.key === key ? { ...b, ...change } : b)));
  const remove = (key: number) => {
    focus.current = "wa-add-button";
    setButtons(buttons.filter((b) => b.key !== key));
  };
  return (
    <fieldset class="wa-buttons">
      <legend>{tx.t("waButtons")}</legend>
      <FieldProblem problems={problems} target="buttons" />
      {buttons.map((b, i) => (
        <ButtonRow key={b.key} tx={tx} problems={problems} at={i} b={b} change={(c) => change(b.key, c)} remove={() => remove(b.key)} />
      ))}
      <button type="button" id="wa-add-button" class="secondary" onClick={add} disabled={buttons.length >= MAX}>
        {tx.t("addButton")}
      </button>
    </fieldset>
  );
}

interface RowProps {
  tx: Texts;
  problems: Problems;
  at: number;
  b: ButtonDraft;
  change: (c: Partial<ButtonDraft>) => void;
  remove: () => void;
}

function ButtonRow({ tx, problems, at, b, change, remove }: RowProps) {
  const target = (field: string) => `buttons.${at}.${field}`;
  const n = at + 1;
  return (
    <fieldset class="wa-button">
      <legend>{tx.t("buttonN", { n })}</legend>
      <FieldProblem problems={problems} target={`buttons.${at}`} />
      <label for={`wa-button-${b.key}-type`}>{tx.t("buttonType")}</label>
      <select
        id={`wa-button-${b.key}-type`}
        value={b.type}
        onChange={(e) => change({ type: e.currentTarget.value as SubmittedTemplateButtonType })}
        {...described(problems, target("type"))}
      >
        {TYPES.map((type) => (
          <option key={type} value={type}>
            {tx.t(`buttonType_${type}`)}
          </option>
        ))}
      </select>
      <FieldProblem problems={problems} target={target("type")} />
      <label for={idOf(target("text"))}>{tx.t("buttonText")}</label>
      <input id={idOf(target("text"))} name={`button-${b.key}-text`} dir="auto" required maxLength={FIGURES.waButtonTextMax} {...described(problems, target("text"))} />
      <FieldProblem problems={problems} target={target("text")} />
      {b.type === "url" && (
        <>
          <label for={idOf(target("url"))}>{tx.t("buttonUrl")}</label>
          <input
            id={idOf(target("url"))}
            type="url"
            dir="ltr"
            value={b.url}
            onInput={(e) => change({ url: e.currentTarget.value })}
            required
            {...described(problems, target("url"))}
          />
          <FieldProblem problems={problems} target={target("url")} />
        </>
      )}
      {b.type === "url" && linkTakesValue(b.url) && <Line tx={tx} problems={problems} target={target("urlExample")} label="buttonUrlExample" name={`button-${b.key}-urlExample`} />}
      {b.type === "phone_number" && <Line tx={tx} problems={problems} target={target("phoneNumber")} label="buttonPhone" name={`button-${b.key}-phoneNumber`} tel />}
      <button type="button" class="secondary" onClick={remove}>
        {tx.t("removeButton", { n })}
      </button>
    </fieldset>
  );
}

function Line({
  tx,
  problems,
  target,
  label,
  name,
  tel,
}: {
  tx: Texts;
  problems: Problems;
  target: string;
  label: "buttonUrlExample" | "buttonPhone";
  name: string;
  tel?: boolean;
}) {
  return (
    <>
      <label for={idOf(target)}>{tx.t(label)}</label>
      {tel ? (
        <input id={idOf(target)} name={name} dir="ltr" type="tel" autocomplete="off" required {...described(problems, target)} />
      ) : (
        <input id={idOf(target)} name={name} dir="ltr" {...described(problems, target)} />
      )}
      <FieldProblem problems={problems} target={target} />
    </>
  );
}
