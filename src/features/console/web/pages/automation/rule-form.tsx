import type { ComponentChildren } from "preact";
import { useLayoutEffect, useRef, useState } from "preact/hooks";
import { request, type ApiError } from "../../api.js";
import type { AutomationAction, AutomationTrigger, CreateAutomationRuleInput } from "../../gql/graphql.js";
import type { Texts } from "../../i18n.js";
import { FIGURES } from "../../figures.js";
import { Bidi } from "../parts.js";
import { NumberTicks } from "../field-parts.js";
import { CreateAutomationRuleMutation, UpdateAutomationRuleMutation } from "./queries.js";
import { ruleProblems, type RuleProblems } from "./rule-problems.js";
import { Choice, Field, textInput } from "./rule-fields.js";
import { ContentKind, hasContent } from "./rule-content.js";
import { draftOf, type MenuDraft } from "./menu-draft.js";
import { keptOf, ruleOf, VALUE_FIELDS, type Numbers, type Rule } from "./rule-reading.js";
import { MenuEditor } from "./menu-editor.js";
import { automationTexts } from "./texts.js";

// A rule's editor: new, or the rule chosen in the list. The trigger chosen decides which value
// field shows (a keyword, a pattern, a button's id, or none), so only that value is sent. What the
// page checks itself (whole numbers for the cooldown and the place) and what the API refuses are
// said beside their fields, and the focus goes to the first field refused. "Try a message"
// (trial.tsx) takes the rule as the form holds it, unsaved, once it is changed or chosen to edit.

export type { Numbers, Rule } from "./rule-reading.js";

export const TRIGGERS: AutomationTrigger[] = ["keyword", "pattern", "first_message", "outside_hours", "reply_id", "fallback"];
const ACTIONS: AutomationAction[] = ["reply", "handover", "menu"];

/** The rule in the editor as "Try a message" takes it. */
export interface DraftSource {
  /** The rule as the form holds it, with the saved rule it edits; "refused": the page refused a field (said beside it); null: a new rule's form untouched. */
  take(): { draft: CreateAutomationRuleInput; replaces: string | null } | "refused" | null;
  /** The API's refusal of the draft, by the form's field names, said beside its fields. */
  refuse(err: ApiError): void;
}
/** Saving: what the page checks itself, then the API's answer or its refusal by field. */
function useSave(tx: Texts, editing: Rule | null, numbers: Numbers | undefined, trigger: AutomationTrigger, menu: MenuDraft, onSaved: (rule: Rule) => void) {
  const [problems, setProblems] = useState<RuleProblems>({});
  const [busy, setBusy] = useState(false);
  const submit = (e: Event) => {
    e.preventDefault();
    const made = ruleOf(tx, new FormData(e.currentTarget as HTMLFormElement), trigger, numbers, menu);
    if ("problems" in made) return setProblems(made.problems);
    setBusy(true);
    setProblems({});
    const saved = editing
      ? request(UpdateAutomationRuleMutation, { id: editing.id, input: made.input }).then((r) => r.updateAutomationRule.rule)
      : request(CreateAutomationRuleMutation, { input: made.input }).then((r) => r.createAutomationRule.rule);
    saved.then(
      (rule) => {
        setBusy(false);
        onSaved(rule);
      },
      (err: unknown) => {
        setBusy(false);
        setProblems(ruleProblems(tx, err));
      },
    );
  };
  return { problems, setProblems, busy, submit };
}

interface DraftOptions {
  tx: Texts;
  editing: Rule | null;
  /** The rule as the form says it now. */
  read: () => ReturnType<typeof ruleOf>;
  setProblems: (problems: RuleProblems) => void;
}

/**
 * What "Try a message" takes from the form, kept in `trying`: the form calls the handler returned
 * on any input, from which a new rule is a draft; a rule chosen to edit is one from the start.
 */
function useDraft(trying: { current: DraftSource | null } | undefined, { tx, editing, read, setProblems }: DraftOptions) {
  const [touched, setTouched] = useState(editing !== null);
  const take = () => {
    const made = read();
    setProblems("problems" in made ? made.problems : {});
    // Without the numbers to tick (no accounts:read), the draft keeps the rule's; and what the form does not show.
    if ("problems" in made) return "refused" as const;
    return { draft: { accountIds: editing?.accountIds ?? [], ...keptOf(editing, made.input.action), ...made.input }, replaces: editing?.id ?? null };
  };
  if (trying) trying.current = { take: () => (touched ? take() : null), refuse: (err) => setProblems(ruleProblems(tx, err)) };
  return () => setTouched(true);
}

interface RuleFormProps {
  tx: Texts;
  editing: Rule | null;
  numbers: Numbers | undefined;
  onSaved: (rule: Rule) => void;
  onCancel: () => void;
  /** Where "Try a message" finds the rule as the form holds it. */
  trying?: { current: DraftSource | null };
}

/** When the rule answers: the trigger, and the value field that trigger takes (none for some). */
function TriggerFields({
  tx,
  editing,
  trigger,
  setTrigger,
  problems: p,
}: {
  tx: Texts;
  editing: Rule | null;
  trigger: AutomationTrigger;
  setTrigger: (t: AutomationTrigger) => void;
  problems: RuleProblems;
}) {
  const at = automationTexts(tx);
  const value = VALUE_FIELDS[trigger];
  return (
    <>
      <Choice tx={tx} name="trigger" label="autoTrigger" problem={p.trigger} options={TRIGGERS} words={(t) => at(`autoTrigger_${t}`)} chosen={trigger} onChoose={setTrigger} />
      {value && (
        <Field
          key={value.field}
          tx={tx}
          name={value.field}
          label={value.label}
          help={value.help}
          problem={p[value.field]}
          control={(a) => textInput(a, { required: true, dir: value.field === "keyword" ? "auto" : "ltr", spellcheck: false, defaultValue: editing?.[value.field] ?? "" })}
        />
      )}
    </>
  );
}

export function RuleForm({ tx, editing, numbers, onSaved, onCancel, trying }: RuleFormProps) {
  const at = automationTexts(tx);
  const [trigger, setTrigger] = useState<AutomationTrigger>(editing?.trigger ?? "keyword");
  const [action, setAction] = useState<AutomationAction>(editing?.action ?? "reply");
  // A menu's tree is kept while another action is chosen, so choosing "Show a menu" again finds it.
  const [menu, setMenu] = useState<MenuDraft>(() => draftOf(editing?.menu));
  const { problems: p, setProblems, busy, submit } = useSave(tx, editing, numbers, trigger, menu, onSaved);
  const form = useRef<HTMLFormElement>(null);
  const touched = useDraft(trying, { tx, editing, setProblems, read: () => ruleOf(tx, new FormData(form.current!), trigger, numbers, menu) });
  // A rule chosen to edit: the focus goes to its first field. A refusal: to the first field refused.
  useLayoutEffect(() => void (editing && form.current?.querySelector<HTMLElement>("#rule-name")?.focus()), []);
  useLayoutEffect(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), [p]);
  return (
    <form class="settings automation" onSubmit={submit} onInput={touched} ref={form} aria-labelledby="rule-title">
      <h3 id="rule-title">
        {editing ? (
          <>
            {tx.t("edit")}: <Bidi>{editing.name}</Bidi>
          </>
        ) : (
          at("autoNew")
        )}
      </h3>
      <Field tx={tx} name="name" label="autoName" problem={p.name} control={(a) => textInput(a, { required: true, maxLength: FIGURES.autoNameMax, defaultValue: editing?.name })} />
      <TriggerFields tx={tx} editing={editing} trigger={trigger} setTrigger={setTrigger} problems={p} />
      <RuleAnswerFields tx={tx} editing={editing} problems={p} action={action} onAction={setAction}>
        {action === "menu" && <MenuEditor tx={tx} menu={menu} onChange={setMenu} problems={p} />}
      </RuleAnswerFields>
      {numbers && numbers.length > 0 && (
        <NumberTicks prefix="rule" legend={at("autoNumbersField")} numbers={numbers} ticked={(id) => (editing?.accountIds ?? []).includes(id)} problem={p.accountIds} />
      )}
      <Field
        tx={tx}
        name="position"
        label="autoPositionField"
        problem={p.position}
        control={(a) => textInput(a, { inputMode: "numeric", dir: "ltr", defaultValue: editing?.position.toString() ?? "" })}
      />
      <span class="check">
        <input type="checkbox" id="rule-enabled" name="enabled" defaultChecked={editing?.enabled ?? true} />
        <label for="rule-enabled">{at("autoEnabledField")}</label>
      </span>
      {p.form && (
        <p role="alert" class="error">
          <Bidi>{p.form}</Bidi>
        </p>
      )}
      <div class="actions">
        <button type="submit" disabled={busy}>
          {tx.t("save")}
        </button>
        {editing && (
          <button type="button" class="secondary" onClick={onCancel}>
            {at("autoCancel")}
          </button>
        )}
      </div>
    </form>
  );
}

/** The actions the editor offers; a rule made elsewhere with another (a bot's) keeps it. */
const actionsFor = (editing: Rule | null): AutomationAction[] => (editing && !ACTIONS.includes(editing.action) ? [...ACTIONS, editing.action] : ACTIONS);

interface RuleAnswerProps {
  tx: Texts;
  editing: Rule | null;
  problems: RuleProblems;
  action: AutomationAction;
  onAction: (action: AutomationAction) => void;
  /** The menu's editor, when the action is a menu. */
  children: ComponentChildren;
}

/** What the rule does: reply or hand over, its message and image (and its rich kind, kept as it is), or a menu; and how often it answers a contact. */
function RuleAnswerFields({ tx, editing, problems: p, action, onAction, children }: RuleAnswerProps) {
  const at = automationTexts(tx);
  return (
    <>
      <Choice
        tx={tx}
        name="action"
        label="autoAction"
        problem={p.action}
        options={actionsFor(editing)}
        words={(act) => at(`autoAction_${act}`)}
        chosen={action}
        onChoose={onAction}
      />
      {/* Kept aside (hidden, neither sent nor checked) while a menu is edited: choosing another action again finds them as they were. */}
      <div hidden={action === "menu"}>
        <Field
          tx={tx}
          name="text"
          label="autoText"
          help="autoTextHelp"
          problem={p.text}
          control={(a) => <textarea rows={3} dir="auto" disabled={action === "menu"} defaultValue={editing?.text ?? ""} {...a} />}
        />
        <Field
          tx={tx}
          name="imageUrl"
          label="autoImageUrl"
          problem={p.imageUrl}
          control={(a) => <input type="url" dir="ltr" autocomplete="off" disabled={action === "menu"} defaultValue={editing?.imageUrl ?? ""} {...a} />}
        />
      </div>
      {children}
      {editing && hasContent(editing) && (
        <p class="help" id="rule-content">
          {at("autoContentKept")} <ContentKind tx={tx} content={editing} />
        </p>
      )}
      <Field
        tx={tx}
        name="cooldownSeconds"
        label="autoCooldownField"
        help="autoCooldownHelp"
        problem={p.cooldownSeconds}
        control={(a) => <input inputMode="numeric" dir="ltr" required defaultValue={String(editing?.cooldownSeconds ?? FIGURES.autoCooldownDefault)} {...a} />}
      />
    </>
  );
}
