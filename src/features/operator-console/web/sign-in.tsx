import { Alert } from "./alert.js";
import { useState } from "preact/hooks";
import { ApiError, signIn, type OperatorSession } from "./api.js";
import { textsOf, type Lang } from "./i18n.js";
import { formFields } from "./forms.js";

// An operator signs in with their email, password and always the second factor: the
// authenticator's code or a recovery code. A refusal is said under the form and focused.

export function SignIn({ lang, onSignedIn }: { lang: Lang; onSignedIn: (s: OperatorSession) => void }) {
  const t = textsOf(lang);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (e: Event) => {
    e.preventDefault();
    const field = formFields(e);
    setBusy(true);
    setError(undefined);
    try {
      onSignedIn(await signIn(field("email"), field("password"), field("code").trim()));
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <main class="sign-in">
      <h1>{t.title}</h1>
      <form onSubmit={(e) => void submit(e)} aria-labelledby="sign-in-heading">
        <h2 id="sign-in-heading">{t.signInHeading}</h2>
        <label>
          {t.email}
          <input name="email" type="email" autocomplete="username" required dir="ltr" />
        </label>
        <label>
          {t.password}
          <input name="password" type="password" autocomplete="current-password" required dir="ltr" />
        </label>
        <label>
          {t.code}
          <input name="code" autocomplete="one-time-code" inputMode="numeric" required dir="ltr" aria-describedby="code-hint" />
        </label>
        <p id="code-hint" class="hint">
          {t.codeHint}
        </p>
        <Alert text={error} />
        <button type="submit" disabled={busy}>
          {t.signIn}
        </button>
      </form>
    </main>
  );
}
