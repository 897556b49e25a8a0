import type { Texts } from "../../i18n.js";
import { AskFirst, Bidi, Table, type Column } from "../parts.js";
import type { Numbers, Rule } from "./rule-form.js";
import { ContentKind, hasContent } from "./rule-content.js";
import { automationTexts } from "./texts.js";

// The rules in the order they are tried: each with what makes it answer, what it does, its
// message (a menu's text and how many options it offers), how often it answers one contact, how
// many messages it answered today, and whether it is on; edited in the form below,
// turned on and off in place, and deleted after a question.

/** A cooldown in its largest whole unit: 600 seconds is "once per 10 minutes"; 0 answers every message. */
function cooldownText(tx: Texts, seconds: number): string {
  const at = automationTexts(tx);
  if (seconds === 0) return at("autoCooldownNone");
  const units = [
    [86_400, "day"],
    [3_600, "hour"],
    [60, "minute"],
  ] as const;
  const [size, unit] = units.find(([size]) => seconds % size === 0) ?? [1, "second"];
  return at("autoOncePer", { span: tx.span(seconds / size, unit) });
}

/** What makes the rule answer, with its value: a keyword as typed, a pattern or a button's id as written. */
function TriggerCell({ tx, rule }: { tx: Texts; rule: Rule }) {
  const at = automationTexts(tx);
  const value = rule.keyword ?? rule.pattern ?? rule.replyId;
  return (
    <>
      {at(`autoTrigger_${rule.trigger}`)}
      {value !== null && (
        <>
          {": "}
          {rule.keyword !== null ? <Bidi>{value}</Bidi> : <code dir="ltr">{value}</code>}
        </>
      )}
    </>
  );
}

/** The rule's numbers by name (an id when the page cannot read the numbers), or all of them. */
function numbersText(tx: Texts, rule: Rule, numbers: Numbers | undefined): string {
  const at = automationTexts(tx);
  if (rule.accountIds.length === 0) return at("autoAllNumbers");
  return rule.accountIds.map((id) => numbers?.find((n) => n.id === id)?.name ?? at("autoNumberId", { id: tx.id(id) })).join(tx.lang === "ar" ? "، " : ", ");
}

/** What the rule sends: its message and image, its rich kind, or its menu's text and how many options it offers. */
function MessageCell({ tx, rule: r }: { tx: Texts; rule: Rule }) {
  const at = automationTexts(tx);
  return (
    <>
      {r.text !== null && <Bidi>{r.text}</Bidi>}
      {r.imageUrl !== null && (
        <>
          {r.text !== null && " · "}
          {at("autoImage")} <bdi dir="ltr">{r.imageUrl}</bdi>
        </>
      )}
      {hasContent(r) && (
        <>
          {r.text !== null && " · "}
          <ContentKind tx={tx} content={r} />
        </>
      )}
      {r.menu && (
        <>
          <Bidi>{r.menu.text}</Bidi>
          {" · "}
          {at("autoMenuOptions", { count: r.menu.options.length })}
        </>
      )}
    </>
  );
}

interface RuleTableProps {
  tx: Texts;
  rules: Rule[];
  numbers: Numbers | undefined;
  onEdit: (rule: Rule) => void;
  onToggle: (rule: Rule) => void;
  onDelete: (rule: Rule) => void;
}

export function RuleTable({ tx, rules, numbers, onEdit, onToggle, onDelete }: RuleTableProps) {
  const at = automationTexts(tx);
  const columns: Array<Column<Rule>> = [
    { label: tx.t("name"), title: true, cell: (r) => <Bidi>{r.name}</Bidi> },
    { label: at("autoPosition"), cell: (r) => tx.number(r.position) },
    { label: at("autoTrigger"), cell: (r) => <TriggerCell tx={tx} rule={r} /> },
    { label: at("autoAction"), cell: (r) => at(`autoAction_${r.action}`) },
    { label: tx.t("message"), cell: (r) => <MessageCell tx={tx} rule={r} /> },
    { label: tx.t("numbers"), cell: (r) => <Bidi>{numbersText(tx, r, numbers)}</Bidi> },
    { label: at("autoCooldown"), cell: (r) => cooldownText(tx, r.cooldownSeconds) },
    { label: at("autoAnsweredToday"), cell: (r) => tx.number(r.answeredToday) },
    { label: tx.t("state"), class: "rule-state", cell: (r) => at(r.enabled ? "autoOn" : "autoOff") },
    {
      label: at("autoActions"),
      buttons: true,
      class: "row-actions",
      cell: (r) => (
        <>
          <button type="button" class="secondary" onClick={() => onEdit(r)}>
            {tx.t("edit")}
          </button>
          <button type="button" class="secondary" onClick={() => onToggle(r)}>
            {at(r.enabled ? "autoDisable" : "autoEnable")}
          </button>
          <AskFirst
            tx={tx}
            id={`rule-delete-${r.id}`}
            label={tx.t("delete")}
            question={at("autoDeleteConfirm", { rule: `\u2068${r.name}\u2069` })}
            yes={at("autoDeleteYes")}
            onYes={() => onDelete(r)}
          />
        </>
      ),
    },
  ];
  return <Table columns={columns} rows={rules} rowKey={(r) => r.id} />;
}
