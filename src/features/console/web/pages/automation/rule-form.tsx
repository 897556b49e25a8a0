import { useLayoutEffect, useRef, useState } from "preact/hooks";
import { request } from "../../api.js";
import type { AutomationAction, AutomationRuleFieldsFragment, AutomationTrigger, ConsoleNumbersQuery, CreateAutomationRuleInput } from "../../gql/graphql.js";
import type { Texts } from "../../i18n.js";
import { FIGURES } from "../../figures.js";
import { Bidi, fieldText } from "../parts.js";
import { NumberTicks } from "../field-parts.js";
import { CreateAutomationRuleMutation, UpdateAutomationRuleMutation } from "./queries.js";
import { ruleProblems, type RuleProblems } from "./rule-problems.js";
import { Choice, Field, textInput } from "./rule-fields.js";
import { ContentKind, hasContent } from "./rule-content.js";
import { automationTexts, type AutomationKey } from "./texts.js";

// A rule's editor: new, or the rule chosen in the list. The trigger chosen decides which value
// field shows (a keyword, a pattern, a button's id, or none), so only that value is sent. What the
// page checks itself (whole numbers for the cooldown and the place) and what the API refuses are
// said beside their fields, and the focus goes to the first field refused.

export type Rule = AutomationRuleFieldsFragment;
export type Numbers = ConsoleNumbersQuery["accounts"];

export const TRIGGERS: AutomationTrigger[] = ["keyword", "pattern", "first_message", "outside_hours", "reply_id", "fallback"];
const ACTIONS: AutomationAction[] = ["reply", "handover"];
/** The value field each trigger takes, with its label and help. */
const VALUE_FIELDS: Partial<Record<AutomationTrigger, { field: "keyword" | "pattern" | "replyId"; label: AutomationKey; help: AutomationKey }>> = {
  keyword: { field: "keyword", label: "autoKeyword", help: "autoKeywordHelp" },
  pattern: { field: "pattern", label: "autoPattern", help: "autoPatternHelp" },
  reply_id: { field: "replyId", label: "autoReplyId", help: "autoReplyIdHelp" },
};

/** A whole number typed in a field, in Latin or Arabic-Indic digits (an Arabic keyboard's), or undefined; "" is null (not given). */
function wholeNumber(typed: string, min: number, max: number): number | null | undefined {
  if (typed === "") return null;
  // Both runs of digits start at a multiple of 16, so a digit's value is its code's last hex digit.
  const text = typed.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) % 16));
  const n = /^\d{1,7}$/.test(text) ? Number(text) : -1;
  return n >= min && n <= max ? n : undefined;
}

/** A form field's text exactly as typed ("" when missing). */
const asTyped = (f: FormData, name: string): string => {
  const value = f.get(name);
  return typeof value === "string" ? value : "";
};

/** The rule as the form says it, or the fields the page refuses itself. */
function ruleOf(tx: Texts, f: FormData, trigger: AutomationTrigger, numbers: Numbers | undefined): { input: CreateAutomationRuleInput } | { problems: RuleProblems } {
  const at = automationTexts(tx);
  const cooldownSeconds = wholeNumber(fieldText(f, "cooldownSeconds"), FIGURES.autoCooldownEvery, FIGURES.autoCooldownMaxSeconds);
  const position = wholeNumber(fieldText(f, "position"), FIGURES.autoPositionMin, FIGURES.autoPositionMax);
  const problems: RuleProblems = {};
  if (cooldownSeconds == null) problems.cooldownSeconds = at("autoErr_cooldown");
  if (position === undefined) problems.position = at("autoErr_position");
  if (cooldownSeconds == null || position === undefined) return { problems };
  // A pattern is sent as typed (a space in it may matter); a keyword or an id without the spaces around it.
  const value = (field: string) => (VALUE_FIELDS[trigger]?.field !== field ? null : field === "pattern" ? asTyped(f, field) : fieldText(f, field));
  return {
    input: {
      name: fieldText(f, "name"),
      trigger,
      keyword: value("keyword"),
      pattern: value("pattern"),
      replyId: value("replyId"),
      action: fieldText(f, "action") as AutomationAction,
      text: fieldText(f, "text") || null,
      imageUrl: fieldText(f, "imageUrl") || null,
      cooldownSeconds,
      position,
      enabled: f.get("enabled") === "on",
      // Without the numbers (no accounts:read) the rule's stay as they are.
      ...(numbers ? { accountIds: numbers.filter((n) => f.get(`number-${n.id}`) === "on").map((n) => n.id) } : {}),
    },
  };
}

/** Saving: what the page checks itself, then the API's answer or its refusal by field. */
function useSave(tx: Texts, editing: Rule | null, numbers: Numbers | undefined, trigger: AutomationTrigger, onSaved: (rule: Rule) => void) {
  const [problems, setProblems] = useState<RuleProblems>({});
  const [busy, setBusy] = useState(false);
  const submit = (e: Event) => {
    e.preventDefault();
    const made = ruleOf(tx, new FormData(e.currentTarget as HTMLFormElement), trigger, numbers);
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
  return { problems, busy, submit };
}

interface RuleFormProps {
  tx: Texts;
  editing: Rule | null;
  numbers: Numbers | undefined;
  onSaved: (rule: Rule) => void;
  onCancel: () => void;
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

export function RuleForm({ tx, editing, numbers, onSaved, onCancel }: RuleFormProps) {
  const at = automationTexts(tx);
  const [trigger, setTrigger] = useState<AutomationTrigger>(editing?.trigger ?? "keyword");
  const { problems: p, busy, submit } = useSave(tx, editing, numbers, trigger, onSaved);
  const form = useRef<HTMLFormElement>(null);
  // A rule chosen to edit: the focus goes to its first field. A refusal: to the first field refused.
  useLayoutEffect(() => void (editing && form.current?.querySelector<HTMLElement>("#rule-name")?.focus()), []);
  useLayoutEffect(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), [p]);
  return (
    <form class="settings automation" onSubmit={submit} ref={form} aria-labelledby="rule-title">
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
      <RuleAnswerFields tx={tx} editing={editing} problems={p} />
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

/** What the rule does: reply or hand over, its message and image (and its rich kind, kept as it is), and how often it answers a contact. */
function RuleAnswerFields({ tx, editing, problems: p }: { tx: Texts; editing: Rule | null; problems: RuleProblems }) {
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
        chosen={editing?.action ?? "reply"}
      />
      <Field
        tx={tx}
        name="text"
        label="autoText"
        help="autoTextHelp"
        problem={p.text}
        control={(a) => <textarea rows={3} dir="auto" defaultValue={editing?.text ?? ""} {...a} />}
      />
      <Field
        tx={tx}
        name="imageUrl"
        label="autoImageUrl"
        problem={p.imageUrl}
        control={(a) => <input type="url" dir="ltr" autocomplete="off" defaultValue={editing?.imageUrl ?? ""} {...a} />}
      />
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
