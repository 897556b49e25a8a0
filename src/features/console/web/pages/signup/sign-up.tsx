import { useState } from "preact/hooks";
import type { ComponentChildren } from "preact";
import { ApiError, request, signupMode } from "../../api.js";
import type { Texts } from "../../i18n.js";
import { FIGURES } from "../../figures.js";
import { fieldText } from "../parts.js";
import { SignUpMutation } from "../billing/queries.js";

// Opening an account (shown from the sign-in when SIGNUP is not closed; docs/signup.md): the
// business's name, the owner's email and password, an optional VAT number, the language of its
// mails and invoices, and the operator's code when sign-up is by invitation. Whatever the server
// makes of it, the page says the same words (the server's answer never tells whether an address is
// known); only bad input is refused, beside its field. The password field is emptied after a try.

const FIELDS = ["businessName", "email", "password", "vatNumber", "code"] as const;
type Field = (typeof FIELDS)[number];
type Problems = Partial<Record<Field | "form", string>>;

/** The form's submit, what the server refused (by field), and whether it answered yes. */
function useSignUp(tx: Texts, invite: boolean) {
  const [problems, setProblems] = useState<Problems>({});
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const submit = (event: Event) => {
    event.preventDefault();
    const element = event.currentTarget as HTMLFormElement;
    const form = new FormData(element);
    const password = form.get("password");
    (element.elements.namedItem("password") as HTMLInputElement).value = "";
    const vat = fieldText(form, "vatNumber");
    const input = {
      businessName: fieldText(form, "businessName"),
      email: fieldText(form, "email"),
      password: typeof password === "string" ? password : "",
      locale: fieldText(form, "locale") === "en" ? "en" : "ar",
      ...(vat ? { vatNumber: vat } : {}),
      ...(invite ? { code: fieldText(form, "code") } : {}),
    };
    setProblems({});
    setBusy(true);
    request(SignUpMutation, { input })
      .then(
        () => setDone(true),
        (err: unknown) => setProblems(problemsOf(tx, err)),
      )
      .finally(() => setBusy(false));
  };
  return { problems, done, busy, submit };
}

export function SignUp({ tx, onBack, langButton }: { tx: Texts; onBack: () => void; langButton: ComponentChildren }) {
  const invite = signupMode() === "invite";
  const { problems, done, busy, submit } = useSignUp(tx, invite);
  return (
    <main class="sign-in">
      <div class="corner">{langButton}</div>
      <h1>{tx.t("title")}</h1>
      <form onSubmit={submit} noValidate>
        <h2>{tx.t("signUpTitle")}</h2>
        {done ? (
          <p role="status" class="notice" data-signed-up>
            {tx.t("signUpDone")}
          </p>
        ) : (
          <SignUpFields tx={tx} invite={invite} problems={problems} />
        )}
        {problems.form && (
          <p role="alert" class="error">
            {problems.form}
          </p>
        )}
        <div class="actions">
          {!done && (
            <button type="submit" disabled={busy}>
              {tx.t("signUpSubmit")}
            </button>
          )}
          <button type="button" class="link" onClick={onBack}>
            {tx.t("backToSignIn")}
          </button>
        </div>
      </form>
    </main>
  );
}

/** The server's words for each field it refused, keyed by the form's field; anything else is the form's. */
function problemsOf(tx: Texts, err: unknown): Problems {
  if (!(err instanceof ApiError)) return { form: tx.t("error", { message: (err as Error).message }) };
  const named = Object.entries(err.fields).map(([name, text]) => [FIELDS.find((f) => name.toLowerCase().replace(/_/g, "") === f.toLowerCase()) ?? "form", text] as const);
  if (named.length === 0) return { form: err.message };
  return Object.fromEntries(named);
}

function Field(props: {
  id: Field;
  label: string;
  problem: string | undefined;
  help?: string;
  type?: "text" | "email" | "password";
  autocomplete: string;
  ltr?: boolean;
  optional?: boolean;
}) {
  const described = [props.help ? `${props.id}-help` : "", props.problem ? `${props.id}-error` : ""].filter(Boolean).join(" ") || undefined;
  const attrs = {
    id: `su-${props.id}`,
    name: props.id,
    autocomplete: props.autocomplete,
    dir: props.ltr ? ("ltr" as const) : undefined,
    required: !props.optional,
    "aria-invalid": props.problem ? ("true" as const) : undefined,
    "aria-describedby": described,
  };
  return (
    <>
      <label for={`su-${props.id}`}>{props.label}</label>
      {props.help && (
        <p class="help" id={`${props.id}-help`}>
          {props.help}
        </p>
      )}
      {props.type === "email" ? <input type="email" {...attrs} /> : props.type === "password" ? <input type="password" {...attrs} /> : <input type="text" {...attrs} />}
      {props.problem && (
        <p class="error" id={`${props.id}-error`}>
          {props.problem}
        </p>
      )}
    </>
  );
}

function SignUpFields({ tx, invite, problems }: { tx: Texts; invite: boolean; problems: Problems }) {
  return (
    <>
      <p>{tx.t("signUpHelp")}</p>
      <Field id="businessName" label={tx.t("businessName")} problem={problems.businessName} autocomplete="organization" />
      <Field id="email" label={tx.t("email")} problem={problems.email} type="email" autocomplete="username" ltr />
      <Field id="password" label={tx.t("newPassword", { n: FIGURES.passwordMin })} problem={problems.password} type="password" autocomplete="new-password" ltr />
      <Field id="vatNumber" label={tx.t("vatNumber")} help={tx.t("vatHelp")} problem={problems.vatNumber} autocomplete="off" ltr optional />
      {invite && <Field id="code" label={tx.t("signUpCode")} help={tx.t("signUpCodeHelp")} problem={problems.code} autocomplete="off" ltr />}
      <label for="su-locale">{tx.t("signUpLanguage")}</label>
      <select id="su-locale" name="locale" defaultValue={tx.lang}>
        <option value="ar">{tx.t("lang_ar")}</option>
        <option value="en">{tx.t("lang_en")}</option>
      </select>
    </>
  );
}
