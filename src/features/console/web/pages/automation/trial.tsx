import { useState } from "preact/hooks";
import { request } from "../../api.js";
import type { AutomationTrialInput, ConsoleAutomationTrialQuery } from "../../gql/graphql.js";
import type { Texts } from "../../i18n.js";
import { Bidi, fieldText } from "../parts.js";
import { AutomationTrialQuery } from "./queries.js";
import type { Numbers } from "./rule-form.js";
import { ContentKind, hasContent } from "./rule-content.js";
import { automationTexts } from "./texts.js";

// "Try a message": a message typed as a contact would write it (as their first, as if the business
// were closed, or as a button chosen), run by the API through the saved rules that are on, in
// their order, as the answering loop runs them. The page says which rule would answer and what it
// would send, or that none would. Nothing is sent or recorded, and cooldowns are left out.

type Trial = ConsoleAutomationTrialQuery["automationTrial"];

/** A rule's name inside a sentence: isolated (U+2068…U+2069), so its own direction cannot reorder the sentence. */
export const ruleNameIn = (name: string) => `\u2068${name}\u2069`;

function TrialAnswer({ tx, trial }: { tx: Texts; trial: Trial }) {
  const at = automationTexts(tx);
  if (!trial.rule) return <p>{at("autoTrialNone")}</p>;
  const rule = ruleNameIn(trial.rule.name);
  const says = trial.handover ? (trial.text ? "autoTrialHandoverSays" : "autoTrialHandover") : "autoTrialReply";
  return (
    <>
      <p>{at(says, { rule })}</p>
      {trial.text && (
        <p class="trial-text">
          <Bidi>{trial.text}</Bidi>
        </p>
      )}
      {trial.imageUrl && (
        <p>
          {at("autoTrialImage")} <bdi dir="ltr">{trial.imageUrl}</bdi>
        </p>
      )}
      {hasContent(trial) && (
        <p>
          {at("autoTrialContent")} <ContentKind tx={tx} content={trial} />
        </p>
      )}
    </>
  );
}

/** The number to try the message as sent to, when the session may read the numbers. */
function NumberChoice({ tx, numbers }: { tx: Texts; numbers: Numbers }) {
  const at = automationTexts(tx);
  return (
    <>
      <label for="trial-number">{at("autoTrialNumber")}</label>
      <select id="trial-number" name="accountId">
        <option value="">{at("autoAllNumbers")}</option>
        {numbers.map((n) => (
          <option key={n.id} value={n.id}>
            {n.name}
          </option>
        ))}
      </select>
    </>
  );
}

/** The message to try as the form says it: its words, a button's id, the number, and as what. */
function trialOf(f: FormData): AutomationTrialInput {
  const accountId = fieldText(f, "accountId");
  return {
    text: fieldText(f, "text") || null,
    choiceId: fieldText(f, "choiceId") || null,
    accountId: accountId ? Number(accountId) : null,
    firstMessage: f.get("firstMessage") === "on",
    outsideHours: f.get("outsideHours") === "on",
  };
}

export function TrialBox({ tx, numbers }: { tx: Texts; numbers: Numbers | undefined }) {
  const at = automationTexts(tx);
  const [trial, setTrial] = useState<Trial | undefined>();
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState(false);
  const submit = (e: Event) => {
    e.preventDefault();
    const input = trialOf(new FormData(e.currentTarget as HTMLFormElement));
    setBusy(true);
    setTrial(undefined);
    setProblem("");
    request(AutomationTrialQuery, { input }).then(
      (r) => {
        setBusy(false);
        setTrial(r.automationTrial);
      },
      (err: unknown) => {
        setBusy(false);
        setProblem(tx.t("error", { message: (err as Error).message }));
      },
    );
  };
  return (
    <form class="settings automation trial" onSubmit={submit} aria-labelledby="trial-title">
      <h3 id="trial-title">{at("autoTrialTitle")}</h3>
      <p class="help">{at("autoTrialHelp")}</p>
      <label for="trial-text">{at("autoTrialText")}</label>
      <textarea id="trial-text" name="text" rows={2} dir="auto" />
      <span class="check">
        <input type="checkbox" id="trial-first" name="firstMessage" />
        <label for="trial-first">{at("autoTrialFirst")}</label>
      </span>
      <span class="check">
        <input type="checkbox" id="trial-outside" name="outsideHours" />
        <label for="trial-outside">{at("autoTrialOutside")}</label>
      </span>
      <label for="trial-choice">{at("autoTrialChoice")}</label>
      <input id="trial-choice" name="choiceId" dir="ltr" autocomplete="off" spellcheck={false} />
      {numbers && numbers.length > 1 && <NumberChoice tx={tx} numbers={numbers} />}
      <div class="actions">
        <button type="submit" disabled={busy}>
          {busy ? at("autoTrying") : at("autoTry")}
        </button>
      </div>
      <div id="trial-answer" role="status" class="trial-answer">
        {trial && <TrialAnswer tx={tx} trial={trial} />}
      </div>
      {problem && (
        <p role="alert" class="error">
          <Bidi>{problem}</Bidi>
        </p>
      )}
    </form>
  );
}
