import { useState } from "preact/hooks";
import type { ComponentChildren } from "preact";
import { ApiError, choosePassword } from "../../api.js";
import type { Texts } from "../../i18n.js";
import { FIGURES } from "../../figures.js";

// The page a one-time link opens (…/console/#link=<token>): the person chooses their password,
// twice, and is then asked to sign in with it. The shell has already taken the token out of the
// address, so it is not left in the history or shown over a shoulder. The fields are cleared after
// every try.

const MIN_LENGTH = FIGURES.passwordMin;

export function ChoosePassword({ tx, token, onChosen, langButton }: { tx: Texts; token: string; onChosen: (email: string) => void; langButton: ComponentChildren }) {
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const submit = async (form: HTMLFormElement) => {
    const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement;
    const [password, again] = [field("password").value, field("again").value];
    field("password").value = "";
    field("again").value = "";
    if (password.length < MIN_LENGTH) return setError(tx.t("passwordShort", { n: MIN_LENGTH }));
    if (password !== again) return setError(tx.t("passwordMismatch"));
    setBusy(true);
    try {
      onChosen((await choosePassword(token, password)).email);
    } catch (err) {
      setError(refusalText(tx, err));
    } finally {
      setBusy(false);
    }
  };
  const described = error ? "password-help password-error" : "password-help";
  return (
    <main class="sign-in">
      <div class="corner">{langButton}</div>
      <h1>{tx.t("title")}</h1>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit(e.currentTarget);
        }}
      >
        <h2>{tx.t("choosePasswordTitle")}</h2>
        <p id="password-help">{tx.t("choosePasswordHelp", { n: MIN_LENGTH })}</p>
        <label for="new-password">{tx.t("newPassword", { n: MIN_LENGTH })}</label>
        <input
          id="new-password"
          name="password"
          type="password"
          autocomplete="new-password"
          dir="ltr"
          required
          aria-describedby={described}
          aria-invalid={error ? "true" : undefined}
        />
        <label for="again-password">{tx.t("repeatPassword")}</label>
        <input id="again-password" name="again" type="password" autocomplete="new-password" dir="ltr" required aria-describedby={described} />
        {error && (
          <p id="password-error" role="alert" class="error">
            <bdi>{error}</bdi>
          </p>
        )}
        <button type="submit" disabled={busy}>
          {tx.t("setPassword")}
        </button>
      </form>
    </main>
  );
}

/** Why choosing the password failed, in the person's language. */
function refusalText(tx: Texts, err: unknown): string {
  if (!(err instanceof ApiError)) return tx.t("error", { message: (err as Error).message });
  // A link the gateway never made (401), or one used, expired or replaced (422 naming the token).
  if (err.code === "UNAUTHORIZED" || err.fields.token) return tx.t("linkGone");
  if (err.code === "RATE_LIMITED") return tx.t("tooMany", { minutes: Math.max(1, Math.ceil((err.retryAfter ?? 60) / 60)) });
  if (err.fields.password) return tx.t("passwordWeak");
  return tx.t("error", { message: err.message });
}
