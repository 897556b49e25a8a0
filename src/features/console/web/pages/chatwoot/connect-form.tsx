import { useLayoutEffect, useRef, useState } from "preact/hooks";
import { ApiError, request } from "../../api.js";
import { ConnectChatwootMutation } from "../../queries-chatwoot.js";
import type { TextKey, Texts } from "../../i18n.js";
import { Bidi, fieldText } from "../parts.js";
import { described, FieldNotes, NumberTicks } from "../field-parts.js";
import type { Bridge, Connected, Numbers } from "./bridge-types.js";

// Connecting Chatwoot in one step: its address, the account and API channel inbox ids, an access
// token (a password field, never filled in: the server keeps the token and never shows it back, so
// connecting again takes it again, or a new one) and the numbers the inbox carries, ticked. Once
// connected, the form holds the bridge's settings to change. A refusal, the page's own or what
// Chatwoot answered when the gateway read the inbox, is said beside the field it is about, in the
// page's language, and the focus goes to the first field refused.

type Field = "baseUrl" | "chatwootAccountId" | "inboxId" | "accessToken" | "accountIds";
type Problems = Partial<Record<Field, string>>;
interface Refusal {
  fields: Problems;
  /** A sentence for the form as a whole (a refusal no field explains). */
  form: string;
}

const NONE: Refusal = { fields: {}, form: "" };
const FIELDS: Field[] = ["baseUrl", "chatwootAccountId", "inboxId", "accessToken", "accountIds"];
/** Chatwoot's ids are positive 32-bit integers (GraphQL's Int). */
const MAX_ID = 2_147_483_647;

/** The API's (English) sentences for a field, in the page's words, the first that matches; the last is the field's own. */
const SENTENCES: Record<Field, Array<[RegExp, TextKey]>> = {
  baseUrl: [
    [/could not be resolved/, "chatwootNoHost"],
    [/CHATWOOT_PRIVATE_HOSTS/, "chatwootPrivateUrl"],
    [/could not be reached|did not read the inbox/, "chatwootUnreachable"],
    [/./, "chatwootBadUrl"],
  ],
  accessToken: [
    [/no webhook secret/, "chatwootNoSecret"],
    [/refused this access token/, "chatwootTokenRefused"],
    [/./, "chatwootBadToken"],
  ],
  inboxId: [
    [/ inbox: connect an API/, "chatwootNotApiInbox"],
    [/has no inbox/, "chatwootNoInbox"],
    [/./, "chatwootBadId"],
  ],
  chatwootAccountId: [
    [/refused the account/, "chatwootAccountRefused"],
    [/./, "chatwootBadId"],
  ],
  accountIds: [
    [/at least one/, "chatwootPickNumber"],
    [/./, "chatwootBadNumbers"],
  ],
};

/** A field's refusal in the page's words, from the API's (English) sentence. */
const sentenceOf = (field: Field, problem: string): TextKey => SENTENCES[field].find(([said]) => said.test(problem))?.[1] ?? SENTENCES[field].at(-1)![1];

/** The API's refusal, by field (`accountIds.0` is `accountIds`'s); anything else as the form's sentence. */
function refusalOf(tx: Texts, err: unknown): Refusal {
  if (!(err instanceof ApiError)) return { fields: {}, form: tx.t("error", { message: (err as Error).message }) };
  const fields: Problems = {};
  for (const [name, problem] of Object.entries(err.fields)) {
    const field = FIELDS.find((f) => f === name.replace(/[.[].*$/, ""));
    if (field) fields[field] ??= tx.t(sentenceOf(field, problem));
  }
  return { fields, form: Object.keys(fields).length ? "" : tx.t("error", { message: err.message }) };
}

/** An id as typed, or undefined when it is not a whole number from 1 to MAX_ID. */
function idOf(text: string): number | undefined {
  const n = /^\d{1,10}$/.test(text) ? Number(text) : 0;
  return n >= 1 && n <= MAX_ID ? n : undefined;
}

/** The form's sending: what the page checks itself (the ids, a number ticked), then the API's answer or refusal. */
function useConnect(tx: Texts, numbers: Numbers, onConnected: (r: Connected) => void) {
  const [refusal, setRefusal] = useState<Refusal>(NONE);
  const [busy, setBusy] = useState(false);
  const submit = (e: Event) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget as HTMLFormElement);
    const [chatwootAccountId, inboxId] = [idOf(fieldText(f, "chatwootAccountId")), idOf(fieldText(f, "inboxId"))];
    const accountIds = numbers.filter((n) => f.get(`number-${n.id}`) === "on").map((n) => String(n.id));
    const mine: Problems = {
      ...(chatwootAccountId ? {} : { chatwootAccountId: tx.t("chatwootBadId") }),
      ...(inboxId ? {} : { inboxId: tx.t("chatwootBadId") }),
      ...(accountIds.length ? {} : { accountIds: tx.t("chatwootPickNumber") }),
    };
    if (!chatwootAccountId || !inboxId || !accountIds.length) return setRefusal({ fields: mine, form: "" });
    const input = { baseUrl: fieldText(f, "baseUrl"), chatwootAccountId, inboxId, accessToken: fieldText(f, "accessToken"), accountIds };
    setBusy(true);
    setRefusal(NONE);
    request(ConnectChatwootMutation, { input }).then(
      (r) => {
        setBusy(false);
        onConnected(r.connectChatwoot);
      },
      (err: unknown) => {
        setBusy(false);
        setRefusal(refusalOf(tx, err));
      },
    );
  };
  return { refusal, busy, submit };
}

interface FieldProps {
  tx: Texts;
  name: Exclude<Field, "accountIds">;
  label: TextKey;
  help: TextKey;
  problem: string | undefined;
  value?: string | number | undefined;
}

/** One field with its label, its help and its refusal; the token a password field, never filled in. */
function Input({ tx, name, label, help, problem, value }: FieldProps) {
  const id = `cw-${name}`;
  const kind = name === "baseUrl" ? { type: "url" as const } : name === "accessToken" ? { type: "password" as const } : { inputMode: "numeric" as const, maxLength: 10 };
  return (
    <>
      <label for={id}>{tx.t(label)}</label>
      <input
        id={id}
        name={name}
        required
        dir="ltr"
        autocomplete="off"
        autocapitalize="off"
        spellcheck={false}
        defaultValue={value?.toString()}
        {...kind}
        {...described(id, problem, true)}
      />
      <FieldNotes id={id} help={tx.t(help)} problem={problem} />
    </>
  );
}

export function ConnectForm({ tx, bridge, numbers, onConnected }: { tx: Texts; bridge: Bridge | null; numbers: Numbers; onConnected: (r: Connected) => void }) {
  const { refusal, busy, submit } = useConnect(tx, numbers, onConnected);
  const form = useRef<HTMLFormElement>(null);
  useLayoutEffect(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), [refusal]);
  const p = refusal.fields;
  return (
    <form class="settings chatwoot" onSubmit={submit} ref={form} aria-labelledby="cw-form-title">
      <h3 id="cw-form-title">{tx.t(bridge ? "chatwootChangeTitle" : "chatwootConnectTitle")}</h3>
      <Input tx={tx} name="baseUrl" label="chatwootBaseUrl" help="chatwootBaseUrlHelp" problem={p.baseUrl} value={bridge?.baseUrl} />
      <Input tx={tx} name="chatwootAccountId" label="chatwootAccountId" help="chatwootAccountIdHelp" problem={p.chatwootAccountId} value={bridge?.chatwootAccountId} />
      <Input tx={tx} name="inboxId" label="chatwootInboxId" help="chatwootInboxIdHelp" problem={p.inboxId} value={bridge?.inboxId} />
      <Input tx={tx} name="accessToken" label="chatwootToken" help={bridge ? "chatwootTokenKept" : "chatwootTokenHelp"} problem={p.accessToken} />
      <NumberTicks
        prefix="cw"
        legend={tx.t("chatwootNumbers")}
        none={tx.t("chatwootNoNumbers")}
        numbers={numbers}
        ticked={(id) => (bridge?.accountIds ?? []).includes(String(id))}
        problem={p.accountIds}
      />
      {bridge && <p class="note">{tx.t("chatwootChangeHelp")}</p>}
      {refusal.form && (
        <p role="alert" class="error">
          <Bidi>{refusal.form}</Bidi>
        </p>
      )}
      <div class="actions">
        <button type="submit" disabled={busy}>
          {busy ? tx.t("chatwootConnecting") : tx.t(bridge ? "chatwootConnectAgain" : "chatwootConnect")}
        </button>
      </div>
    </form>
  );
}
