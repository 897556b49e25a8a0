import { useLayoutEffect, useRef, useState } from "preact/hooks";
import { request } from "../../api.js";
import { SubmitWhatsAppTemplateMutation } from "../../queries.js";
import type { SubmitWhatsAppTemplateInput, WhatsAppTemplateCategory } from "../../gql/graphql.js";
import type { Texts } from "../../i18n.js";
import { fieldText } from "../parts.js";
import { languageName, placeholdersOf, submissionProblems, type Problems } from "./template-fields.js";
import { described, FieldProblem, FormProblems, idOf } from "./form-parts.js";
import { ButtonFields, buttonShown, buttonsOf, type ButtonDraft } from "./button-fields.js";
import { FIGURES } from "../../figures.js";

// A new template for Meta's review: its name, language and category, a text header (with an
// example for its {{1}}), the text, one example field for each placeholder the text holds (added
// and taken away as the person types), a footer and up to three buttons. Sent, it is registered
// as pending; refused, each refusal shows beside its field, the focus on the first one.

export interface CloudNumber {
  id: number;
  name: string;
  phoneNumber: string | null;
}

const LANGUAGES = ["ar", "en", "en_US", "en_GB", "fr", "es", "de", "tr", "ur", "hi", "id"];
const CATEGORIES: WhatsAppTemplateCategory[] = ["utility", "marketing", "authentication"];
/** Fields always on the form. */
const FIELDS = new Set(["name", "language", "category", "headerText", "body", "bodyExamples", "footer", "buttons"]);

interface Drafts {
  body: string;
  header: string;
  buttons: ButtonDraft[];
  /** Whether the form names the number (the tenant's Cloud numbers are more than one). */
  named: boolean;
}

function submission(f: FormData, d: Drafts): SubmitWhatsAppTemplateInput {
  const slots = placeholdersOf(d.body);
  const optional = (name: string) => fieldText(f, name) || null;
  return {
    name: fieldText(f, "name"),
    language: fieldText(f, "language"),
    category: fieldText(f, "category") as WhatsAppTemplateCategory,
    accountId: d.named ? Number(fieldText(f, "accountId")) : null,
    headerText: optional("headerText"),
    headerExample: placeholdersOf(d.header).length ? optional("headerExample") : null,
    // An example as typed, an empty one too: the API says which one is missing.
    body: d.body.trim(),
    bodyExamples: slots.length ? slots.map((n) => fieldText(f, `example-${n}`)) : null,
    footer: optional("footer"),
    buttons: d.buttons.length ? buttonsOf(f, d.buttons) : null,
  };
}

export function SubmitForm({ tx, numbers, onSubmitted }: { tx: Texts; numbers: CloudNumber[]; onSubmitted: (name: string) => void }) {
  const [body, setBody] = useState("");
  const [header, setHeader] = useState("");
  const [buttons, setButtons] = useState<ButtonDraft[]>([]);
  const [problems, setProblems] = useState<Problems>({});
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  useLayoutEffect(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), [problems]);
  const drafts: Drafts = { body, header, buttons, named: numbers.length > 1 };
  const submit = (e: Event) => {
    e.preventDefault();
    const el = e.currentTarget as HTMLFormElement;
    const input = submission(new FormData(el), drafts);
    setBusy(true);
    setProblems({});
    request(SubmitWhatsAppTemplateMutation, { input }).then(
      (r) => {
        setBusy(false);
        el.reset();
        setBody("");
        setHeader("");
        setButtons([]);
        setSent(sent + 1);
        onSubmitted(r.submitWhatsAppTemplate.name);
      },
      (err: unknown) => {
        setBusy(false);
        setProblems(submissionProblems(tx, err));
      },
    );
  };
  const shown = (target: string) => FIELDS.has(target) || formHas(target, drafts);
  return (
    <form class="template wa-template" onSubmit={submit} ref={form} aria-labelledby="wa-new">
      <h3 id="wa-new">{tx.t("newWaTemplate")}</h3>
      <IdentityFields key={sent} tx={tx} problems={problems} numbers={numbers} />
      <label for={idOf("headerText")}>{tx.t("waHeader")}</label>
      <input
        id={idOf("headerText")}
        name="headerText"
        dir="auto"
        maxLength={FIGURES.waHeaderMax}
        value={header}
        onInput={(e) => setHeader(e.currentTarget.value)}
        {...described(problems, "headerText")}
      />
      <FieldProblem problems={problems} target="headerText" />
      {placeholdersOf(header).length > 0 && <TextInput problems={problems} target="headerExample" label={tx.t("waHeaderExample")} name="headerExample" />}
      <BodyFields tx={tx} problems={problems} body={body} setBody={setBody} />
      <TextInput problems={problems} target="footer" label={tx.t("waFooter")} name="footer" />
      <ButtonFields tx={tx} problems={problems} buttons={buttons} setButtons={setButtons} />
      <FormProblems tx={tx} problems={problems} shown={shown} />
      <button type="submit" disabled={busy}>
        {busy ? tx.t("submitting") : tx.t("submitForReview")}
      </button>
    </form>
  );
}

/** Whether a refusal at `target` has a field on the form as it is now. */
function formHas(target: string, d: Drafts): boolean {
  if (target === "accountId") return d.named;
  if (target === "headerExample") return placeholdersOf(d.header).length > 0;
  const example = /^bodyExamples\.(\d+)$/.exec(target);
  if (example) return Number(example[1]) < placeholdersOf(d.body).length;
  return buttonShown(target, d.buttons);
}

/** An optional one-line text (the header's example, the footer), as long as a header or footer may be. */
function TextInput({ problems, target, label, name }: { problems: Problems; target: string; label: string; name: string }) {
  return (
    <>
      <label for={idOf(target)}>{label}</label>
      <input id={idOf(target)} name={name} dir="auto" maxLength={FIGURES.waFooterMax} {...described(problems, target)} />
      <FieldProblem problems={problems} target={target} />
    </>
  );
}

/**
 * The name, language (the page's, first) and category, and which number's business account
 * reviews it when there are several; a new one (its `key`) after each template sent.
 */
function IdentityFields({ tx, problems, numbers }: { tx: Texts; problems: Problems; numbers: CloudNumber[] }) {
  const [language, setLanguage] = useState(tx.lang === "ar" ? "ar" : "en_US");
  return (
    <>
      <label for={idOf("name")}>{tx.t("waName")}</label>
      <input id={idOf("name")} name="name" dir="ltr" required maxLength={512} autocapitalize="off" spellcheck={false} {...described(problems, "name")} />
      <FieldProblem problems={problems} target="name" />
      <label for={idOf("language")}>{tx.t("waLanguage")}</label>
      <select id={idOf("language")} name="language" value={language} onChange={(e) => setLanguage(e.currentTarget.value)} {...described(problems, "language")}>
        {LANGUAGES.map((code) => (
          <option key={code} value={code}>
            {languageName(tx, code)}
          </option>
        ))}
      </select>
      <FieldProblem problems={problems} target="language" />
      <label for={idOf("category")}>{tx.t("category")}</label>
      <select id={idOf("category")} name="category" {...described(problems, "category")}>
        {CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {tx.t(`category_${c}`)}
          </option>
        ))}
      </select>
      <FieldProblem problems={problems} target="category" />
      {numbers.length > 1 && (
        <>
          <label for={idOf("accountId")}>{tx.t("waNumber")}</label>
          <select id={idOf("accountId")} name="accountId" required {...described(problems, "accountId")}>
            {numbers.map((n) => (
              <option key={n.id} value={n.id}>
                {n.phoneNumber ? `${n.name} (+${n.phoneNumber})` : n.name}
              </option>
            ))}
          </select>
          <FieldProblem problems={problems} target="accountId" />
        </>
      )}
    </>
  );
}

/** The text (Arabic or any), and an example field for each placeholder it holds as it is typed. */
function BodyFields({ tx, problems, body, setBody }: { tx: Texts; problems: Problems; body: string; setBody: (s: string) => void }) {
  const slots = placeholdersOf(body);
  const group = problems.bodyExamples ? `${idOf("bodyExamples")}-problem` : undefined;
  return (
    <>
      <label for={idOf("body")}>{tx.t("waBody")}</label>
      <textarea
        id={idOf("body")}
        name="body"
        dir="auto"
        rows={4}
        required
        maxLength={FIGURES.waBodyMax}
        value={body}
        onInput={(e) => setBody(e.currentTarget.value)}
        {...described(problems, "body", "wa-body-help")}
      />
      <p id="wa-body-help" class="help">
        {tx.t("waBodyHelp")}
      </p>
      <FieldProblem problems={problems} target="body" />
      {slots.length > 0 && (
        <fieldset class="examples">
          <legend>{tx.t("waExamples")}</legend>
          <FieldProblem problems={problems} target="bodyExamples" />
          {slots.map((n, i) => (
            <div key={n}>
              <label for={idOf(`bodyExamples.${i}`)}>{tx.t("waExample", { placeholder: `{{${n}}}` })}</label>
              <input id={idOf(`bodyExamples.${i}`)} name={`example-${n}`} dir="auto" {...described(problems, `bodyExamples.${i}`, group)} />
              <FieldProblem problems={problems} target={`bodyExamples.${i}`} />
            </div>
          ))}
        </fieldset>
      )}
    </>
  );
}
