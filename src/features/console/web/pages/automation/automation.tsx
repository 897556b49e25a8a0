import { useEffect, useRef, useState } from "preact/hooks";
import { request } from "../../api.js";
import { NumbersQuery } from "../../queries.js";
import type { PageProps } from "../../page.js";
import { Failure, Notices } from "../parts.js";
import { AutomationRulesQuery, DeleteAutomationRuleMutation, UpdateAutomationRuleMutation } from "./queries.js";
import { RuleForm, type DraftSource, type Numbers, type Rule } from "./rule-form.js";
import { ruleProblems } from "./rule-problems.js";
import { RuleTable } from "./rule-table.js";
import { ruleNameIn, TrialBox } from "./trial.js";
import { automationTexts } from "./texts.js";

// Automation (#/automation): the business's rules that answer contacts without a person
// (docs/automation.md), in the order they are tried; a rule is made and changed in the editor
// below the list, turned off and on in place, and deleted after a question. The editor's "Try a
// message" asks the API what the saved rules, with the rule in the editor as it stands, would do
// with a typed message. The numbers a rule may
// be limited to are offered when the session may read them (accounts:read); without it a rule
// keeps the numbers it has.

/** The rules, and the numbers when the session may read them (null: it may not, or they could not be read). */
function useRules(mayReadNumbers: boolean, onFailure: (err: Error) => void) {
  const [rules, setRules] = useState<Rule[] | undefined>();
  const [numbers, setNumbers] = useState<Numbers | null | undefined>(mayReadNumbers ? undefined : null);
  const reload = () => request(AutomationRulesQuery).then((d) => setRules(d.automationRules));
  useEffect(() => {
    reload().catch(onFailure);
    // The numbers only name a rule's numbers and offer them to tick: the page works without them.
    if (mayReadNumbers)
      request(NumbersQuery).then(
        (d) => setNumbers(d.accounts),
        () => setNumbers(null),
      );
  }, []);
  return { rules, numbers, reload };
}

export function Automation({ tx, session }: PageProps) {
  const at = automationTexts(tx);
  const [failure, setFailure] = useState<Error | undefined>();
  const { rules, numbers, reload } = useRules(session.scopes.includes("accounts:read"), setFailure);
  const [editing, setEditing] = useState<Rule | null>(null);
  // A new rule's form starts empty again once it is saved.
  const [saves, setSaves] = useState(0);
  const [status, setStatus] = useState("");
  const [problem, setProblem] = useState("");
  // The rule in the editor, as "Try a message" takes it.
  const draft = useRef<DraftSource | null>(null);
  /** Runs a change, reads the rules again, then says what it did, so the list already shows it; a refusal is said instead. */
  const change = (done: Promise<string>) =>
    done.then(
      async (said) => {
        await reload().catch(setFailure);
        setProblem("");
        setStatus(said);
      },
      (err: unknown) => {
        setStatus("");
        setProblem(Object.values(ruleProblems(tx, err)).join(" "));
      },
    );
  const saved = (rule: Rule) => {
    setEditing(null);
    setSaves(saves + 1);
    void change(Promise.resolve(at("autoSaved", { rule: ruleNameIn(rule.name) })));
  };
  const toggle = (rule: Rule) =>
    void change(
      request(UpdateAutomationRuleMutation, { id: rule.id, input: { enabled: !rule.enabled } }).then((r) =>
        at(r.updateAutomationRule.rule.enabled ? "autoTurnedOn" : "autoTurnedOff", { rule: ruleNameIn(rule.name) }),
      ),
    );
  const edit = (rule: Rule) => {
    setEditing(rule);
    setStatus("");
    setProblem("");
  };
  const remove = (rule: Rule) => {
    if (editing?.id === rule.id) setEditing(null);
    void change(request(DeleteAutomationRuleMutation, { id: rule.id }).then(() => at("autoDeleted", { rule: ruleNameIn(rule.name) })));
  };
  if (failure) return <Failure tx={tx} error={failure} />;
  if (!rules || numbers === undefined) return <p>{tx.t("loading")}</p>;
  return (
    <>
      <h2>{tx.t("automation")}</h2>
      <p>{at("autoHelp")}</p>
      <Notices status={status} problem={problem} />
      {rules.length === 0 ? <p>{at("autoNone")}</p> : <RuleTable tx={tx} rules={rules} numbers={numbers ?? undefined} onEdit={edit} onToggle={toggle} onDelete={remove} />}
      <RuleForm key={editing?.id ?? `new-${saves}`} tx={tx} editing={editing} numbers={numbers ?? undefined} onSaved={saved} onCancel={() => setEditing(null)} trying={draft} />
      <TrialBox tx={tx} numbers={numbers ?? undefined} draft={draft} />
    </>
  );
}
