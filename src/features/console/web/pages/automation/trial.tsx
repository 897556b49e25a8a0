import { useState } from "preact/hooks";
import { ApiError, request } from "../../api.js";
import type { AutomationTrialInput, ConsoleAutomationTrialQuery } from "../../gql/graphql.js";
import type { Texts } from "../../i18n.js";
import { Bidi, fieldText } from "../parts.js";
import { AutomationTrialQuery } from "./queries.js";
import type { DraftSource, Numbers } from "./rule-form.js";
import { ContentKind, hasContent } from "./rule-content.js";
import { automationTexts } from "./texts.js";

// "Try a message": a message typed as a contact would write it (as their first, as if the business
// were closed, or as a button chosen), run by the API through the saved rules that are on, in
// their order, as the answering loop runs them, with the rule in the editor as it stands (a draft,
// unsaved, in its place and instead of the rule it edits) once it is chosen or changed. The page
// says whether the draft or which saved rule would answer and what it would send, or that none
// would; what the API refuses in the draft is said beside the editor's fields. Nothing is sent or
// recorded, and cooldowns are left out.

type Trial = ConsoleAutomationTrialQuery["automationTrial"];

/** A rule's name inside a sentence: isolated (U+2068…U+2069), so its own direction cannot reorder the sentence. */
export const ruleNameIn = (name: string) => `\u2068${name}\u2069`;

function TrialAnswer({ tx, trial }: { tx: Texts; trial: Trial }) {
  const at = automationTexts(tx);
  if (!trial.rule && !trial.draft) return <p>{at("autoTrialNone")}</p>;
  const rule = ruleNameIn(trial.rule?.name ?? "");
  const says = trial.handover ? (trial.text ? "autoTrialHandoverSays" : "autoTrialHandover") : "autoTrialReply";
  const draftSays = trial.handover ? (trial.text ? "autoTrialDraftHandoverSays" : "autoTrialDraftHandover") : "autoTrialDraftReply";
  return (
    <>
      <p>{trial.draft ? at(draftSays) : at(says, { rule })}</p>
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

/** The API's refusal of the draft's fields (`draft[menu][options][0]`), by the editor's names for them (`menu[options][0]`); null: it refused something else. */
function draftRefusal(err: unknown): ApiError | null {
  if (!(err instanceof ApiError)) return null;
  const fields = Object.entries(err.fields).filter(([name]) => name.startsWith("draft["));
  if (fields.length === 0) return null;
  return new ApiError(err.code, err.message, Object.fromEntries(fields.map(([name, problem]) => [name.replace(/^draft\[([^\]]+)\]/, "$1"), problem])));
}

/** Trying: the message, with the editor's draft when there is one; a draft's refusal goes beside the editor's fields. */
function useTrial(tx: Texts, draft: { current: DraftSource | null } | undefined) {
  const at = automationTexts(tx);
  const [trial, setTrial] = useState<Trial | undefined>();
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState(false);
  const submit = (e: Event) => {
    e.preventDefault();
    setTrial(undefined);
    const taken = draft?.current?.take() ?? null;
    if (taken === "refused") return setProblem(at("autoTrialDraftRefused"));
    const input = { ...trialOf(new FormData(e.currentTarget as HTMLFormElement)), ...taken };
    setBusy(true);
    setProblem("");
    request(AutomationTrialQuery, { input }).then(
      (r) => {
        setBusy(false);
        setTrial(r.automationTrial);
      },
      (err: unknown) => {
        setBusy(false);
        const refused = draftRefusal(err);
        if (refused) draft?.current?.refuse(refused);
        setProblem(refused ? at("autoTrialDraftRefused") : tx.t("error", { message: (err as Error).message }));
      },
    );
  };
  return { trial, problem, busy, submit };
}

interface TrialBoxProps {
  tx: Texts;
  numbers: Numbers | undefined;
  /** The rule in the editor, tried as it stands. */
  draft?: { current: DraftSource | null };
}

export function TrialBox({ tx, numbers, draft }: TrialBoxProps) {
  const at = automationTexts(tx);
  const { trial, problem, busy, submit } = useTrial(tx, draft);
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
