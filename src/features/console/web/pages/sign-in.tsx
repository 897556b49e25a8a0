import { useRef, useState } from "preact/hooks";
import type { ComponentChildren } from "preact";
import { ApiError, signIn, type SessionInfo } from "../api.js";
import type { Texts } from "../i18n.js";

// Sign-in: a staff user's email and password (then, when their second factor is on, its code), or
// an API key of the business. Both are in one form with one button: whichever is filled is used.
// The answer's cookie is the session. Secret fields are cleared after every try, whatever the
// answer, and nothing is written to storage; between the password and the code the password is
// held in memory only, so the person does not type it twice, and dropped on "start again".

interface Props {
  tx: Texts;
  notice: string;
  /** The email to start with: the one whose password a link just set. */
  email?: string;
  onSignedIn: (s: SessionInfo) => void;
  langButton: ComponentChildren;
  /** Opens the sign-up form; only given when the gateway takes sign-ups (SIGNUP). */
  onSignUp?: (() => void) | undefined;
}

type Fields = Record<"email" | "password" | "key" | "code", HTMLInputElement | null>;

/** What the person typed, with the secret fields cleared at once. */
function take(form: HTMLFormElement) {
  const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement | null;
  const f: Fields = { email: field("email"), password: field("password"), key: field("key"), code: field("code") };
  const values = { email: f.email?.value.trim() ?? "", password: f.password?.value ?? "", key: f.key?.value.trim() ?? "", code: f.code?.value.trim() ?? "" };
  for (const secret of [f.password, f.key, f.code]) if (secret) secret.value = "";
  return values;
}

function refusalText(tx: Texts, err: unknown, byKey: boolean): string {
  if (!(err instanceof ApiError)) return tx.t("error", { message: (err as Error).message });
  if (err.code === "RATE_LIMITED") return tx.t("tooMany", { minutes: Math.max(1, Math.ceil((err.retryAfter ?? 60) / 60)) });
  if (err.code === "UNAUTHORIZED" || err.code === "FORBIDDEN") return byKey ? tx.t("wrongKey") : tx.t("wrongPassword");
  return tx.t("error", { message: err.message });
}

/**
 * The sign-in's state: the error to show, whether a try is under way, and, once the password was
 * right and a second factor is needed, whose it is (the password held in memory for the code).
 */
function useSignIn(tx: Texts, onSignedIn: (s: SessionInfo) => void) {
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<{ email: string } | undefined>();
  const heldPassword = useRef("");
  const startOver = () => {
    heldPassword.current = "";
    setPending(undefined);
    setError("");
  };
  const attempt = async (form: HTMLFormElement) => {
    const v = take(form);
    const password = pending ? heldPassword.current : v.password;
    const byKey = !pending && v.key !== "";
    if (!pending && byKey === (v.email !== "" || password !== "")) return setError(byKey ? tx.t("bothWays") : tx.t("fillOneWay"));
    if (!byKey && !pending && (!v.email || !password)) return setError(tx.t("fillOneWay"));
    setBusy(true);
    try {
      const session = await signIn(byKey ? { api_key: v.key } : { email: pending?.email ?? v.email, password, ...(pending ? { code: v.code } : {}) });
      heldPassword.current = "";
      onSignedIn(session);
    } catch (err) {
      if (err instanceof ApiError && err.code === "SECOND_FACTOR_REQUIRED") {
        heldPassword.current = password;
        setError(pending ? tx.t("codeWrong") : "");
        setPending({ email: pending?.email ?? v.email });
      } else {
        heldPassword.current = "";
        setPending(undefined);
        setError(refusalText(tx, err, byKey));
      }
    } finally {
      setBusy(false);
    }
  };
  return { error, busy, pending, startOver, attempt };
}

export function SignIn({ tx, notice, email = "", onSignedIn, langButton, onSignUp }: Props) {
  const { error, busy, pending, startOver, attempt } = useSignIn(tx, onSignedIn);
  const described = error ? "sign-in-error" : undefined;
  return (
    <main class="sign-in">
      <div class="corner">{langButton}</div>
      <h1>{tx.t("title")}</h1>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void attempt(e.currentTarget);
        }}
      >
        <h2>{pending ? tx.t("secondFactorTitle") : tx.t("signInTitle")}</h2>
        {notice && (
          <p role="status" class="notice">
            {notice}
          </p>
        )}
        {pending ? <CodeStep tx={tx} email={pending.email} described={described} /> : <Credentials tx={tx} email={email} described={described} />}
        {error && (
          <p id="sign-in-error" role="alert" class="error">
            {error}
          </p>
        )}
        <div class="actions">
          <button type="submit" disabled={busy}>
            {tx.t("signIn")}
          </button>
          {pending && (
            <button type="button" class="link" onClick={startOver}>
              {tx.t("startOver")}
            </button>
          )}
        </div>
      </form>
      {onSignUp && !pending && (
        <p class="sign-up-offer">
          {tx.t("signUpOffer")}{" "}
          <button type="button" class="link" onClick={onSignUp}>
            {tx.t("signUpLink")}
          </button>
        </p>
      )}
    </main>
  );
}

function Credentials({ tx, email, described }: { tx: Texts; email: string; described: string | undefined }) {
  return (
    <>
      <p>{tx.t("staffSignInHelp")}</p>
      <label for="email">{tx.t("email")}</label>
      <input id="email" name="email" type="email" autocomplete="username" dir="ltr" defaultValue={email} aria-describedby={described} />
      <label for="password">{tx.t("password")}</label>
      <input id="password" name="password" type="password" autocomplete="current-password" dir="ltr" aria-describedby={described} />
      <fieldset class="other-way">
        <legend>{tx.t("orKey")}</legend>
        <p class="help">{tx.t("signInHelp")}</p>
        <label for="key">{tx.t("apiKey")}</label>
        <input id="key" name="key" type="password" autocomplete="off" dir="ltr" aria-describedby={described} />
      </fieldset>
    </>
  );
}

function CodeStep({ tx, email, described }: { tx: Texts; email: string; described: string | undefined }) {
  return (
    <>
      <p>
        {tx.t("signingInAs")} <bdi dir="ltr">{email}</bdi>
      </p>
      <p class="help" id="code-help">
        {tx.t("codeHelp")}
      </p>
      <label for="code">{tx.t("codeLabel")}</label>
      <input
        id="code"
        name="code"
        autocomplete="one-time-code"
        dir="ltr"
        required
        autoFocus
        aria-describedby={described ? `code-help ${described}` : "code-help"}
        aria-invalid={described ? "true" : undefined}
      />
    </>
  );
}
