import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import { request } from "../../api.js";
import { ConnectAccountMutation, EmbeddedSignupQuery } from "../../queries.js";
import type { TextKey, Texts } from "../../i18n.js";
import { fieldText } from "../parts.js";
import { FieldNotes } from "../field-parts.js";
import type { Connection } from "./number-parts.js";
import { CloudFacts, cloudRefusal, type CloudField, type CloudRefusal } from "./cloud-parts.js";
import { FIGURES } from "../../figures.js";

// A WhatsApp Cloud API number added by its credentials: its name, Meta's phone number id and
// business account id, and a system user's access token (a password field: it is never shown
// again), or, when the operator set up Meta's Embedded Signup, the code that signup gave instead.
// The API checks them with Meta before anything is stored; a refusal is said beside the field it
// is about, and the focus goes to the first such field. Once connected, what Meta confirmed shows
// in place of the form, the focus on its heading.

const NONE: CloudRefusal = { fields: {}, form: "" };

/** How a field is typed: text (the name), digits (Meta's ids), a code or a secret (left to right, neither filled in nor corrected by the browser). */
type Kind = "text" | "digits" | "code" | "secret";

/** The Cloud form's sending: the API's answer (what Meta confirmed), or its refusal in words. */
function useConnect(tx: Texts, onAdded: () => void) {
  const [refusal, setRefusal] = useState<CloudRefusal>(NONE);
  const [busy, setBusy] = useState(false);
  const [added, setAdded] = useState<Connection | undefined>();
  const submit = (e: Event) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget as HTMLFormElement);
    const [accessToken, signupCode] = [fieldText(f, "accessToken"), fieldText(f, "signupCode")];
    const input = {
      name: fieldText(f, "name"),
      channel: "whatsapp_cloud" as const,
      phoneNumberId: fieldText(f, "phoneNumberId"),
      wabaId: fieldText(f, "wabaId"),
      accessToken: accessToken || null,
      signupCode: signupCode || null,
      warmUp: f.get("notNew") !== "on",
    };
    setBusy(true);
    setRefusal(NONE);
    request(ConnectAccountMutation, { input }).then(
      (r) => {
        setBusy(false);
        setAdded(r.connectAccount);
        onAdded();
      },
      (err: unknown) => {
        setBusy(false);
        setRefusal(cloudRefusal(tx, err, { token: accessToken !== "", code: signupCode !== "" }));
      },
    );
  };
  return { refusal, busy, added, again: () => setAdded(undefined), submit };
}

export function CloudForm({ tx, onAdded }: { tx: Texts; onAdded: () => void }) {
  const { refusal, busy, added, again, submit } = useConnect(tx, onAdded);
  const signup = useSignup();
  const form = useRef<HTMLFormElement>(null);
  useLayoutEffect(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), [refusal]);
  if (added) return <CloudAdded tx={tx} conn={added} onAgain={again} />;
  const field = (name: CloudField, label: TextKey, kind: Kind, required: boolean, help?: TextKey, note?: string) => (
    <Field tx={tx} name={name} label={label} problem={refusal.fields[name]} kind={kind} required={required} help={help} note={note} />
  );
  return (
    <form class="cloud-form" onSubmit={submit} ref={form} aria-describedby="cloud-help">
      <p id="cloud-help" class="help">
        {tx.t("cloudHelp")}
      </p>
      {field("name", "numberName", "text", true)}
      {field("phoneNumberId", "phoneNumberId", "digits", true, "idHelp")}
      {field("wabaId", "wabaId", "digits", true, "idHelp")}
      {field("accessToken", "accessToken", "secret", !signup, "accessTokenHelp")}
      {signup && (
        <>
          <p id="signup-note" class="note">
            {tx.t("signupNote")}
          </p>
          {field("signupCode", "signupCode", "code", false, undefined, "signup-note")}
        </>
      )}
      <span class="check">
        <input type="checkbox" id="cloud-not-new" name="notNew" aria-describedby="cloud-warm-up-help" />
        <label for="cloud-not-new">{tx.t("notNew")}</label>
      </span>
      <p id="cloud-warm-up-help" class="help">
        {tx.t("warmUpHelp")}
      </p>
      {refusal.form && (
        <p id="cloud-problem" role="alert" class="error">
          {refusal.form}
        </p>
      )}
      <button type="submit" disabled={busy}>
        {busy ? tx.t("cloudChecking") : tx.t("connectCloud")}
      </button>
    </form>
  );
}

/** Whether the operator set up Meta's Embedded Signup (the `embeddedSignup` query answers non-null). */
function useSignup(): boolean {
  const [on, setOn] = useState(false);
  useEffect(() => {
    request(EmbeddedSignupQuery).then(
      (d) => setOn(d.embeddedSignup !== null),
      () => setOn(false),
    );
  }, []);
  return on;
}

interface FieldProps {
  tx: Texts;
  name: CloudField;
  label: TextKey;
  problem: string | undefined;
  /** Its help under it. */
  help?: TextKey | undefined;
  /** A note elsewhere on the form that also describes it. */
  note?: string | undefined;
  kind: Kind;
  required: boolean;
}

/** One field with its label, its help, and the API's refusal of it beside it. */
function Field({ tx, name, label, problem, help, note, kind, required }: FieldProps) {
  const id = `cloud-${name}`;
  const described = [note, help && `${id}-help`, problem && `${id}-problem`].filter(Boolean).join(" ");
  const common = { id, name, required, "aria-invalid": problem ? ("true" as const) : undefined, "aria-describedby": described || undefined };
  const code = { dir: "ltr", autocomplete: "off", autocapitalize: "off", spellcheck: false } as const;
  return (
    <>
      <label for={id}>{tx.t(label)}</label>
      {kind === "text" ? (
        <input {...common} maxLength={FIGURES.nameMax} />
      ) : kind === "secret" ? (
        <input {...common} {...code} type="password" />
      ) : (
        <input {...common} {...code} inputMode={kind === "digits" ? "numeric" : "text"} />
      )}
      <FieldNotes id={id} help={help && tx.t(help)} problem={problem} />
    </>
  );
}

function CloudAdded({ tx, conn, onAgain }: { tx: Texts; conn: Connection; onAgain: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useLayoutEffect(() => heading.current?.focus(), []);
  return (
    <section class="cloud-added" aria-labelledby="cloud-added">
      <h4 id="cloud-added" ref={heading} tabIndex={-1}>
        {tx.t("cloudAdded")}
      </h4>
      <p>{tx.t("cloudAddedHelp")}</p>
      <CloudFacts tx={tx} c={conn} />
      <div class="actions">
        <a class="button" href={`#/numbers/${conn.accountId}`}>
          {tx.t("openNumber")}
        </a>
        <button type="button" class="secondary" onClick={onAgain}>
          {tx.t("addAnother")}
        </button>
      </div>
    </section>
  );
}
