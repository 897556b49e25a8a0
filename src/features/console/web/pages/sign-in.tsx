import { useState } from "preact/hooks";
import type { ComponentChildren } from "preact";
import { ApiError, signIn, type SessionInfo } from "../api.js";
import type { Texts } from "../i18n.js";

// Sign-in: the key goes to /console/session once and the answer's cookie is the session. The
// field is cleared whatever happens, and nothing is written to storage.

export function SignIn({ tx, notice, onSignedIn, langButton }: { tx: Texts; notice: string; onSignedIn: (s: SessionInfo) => void; langButton: ComponentChildren }) {
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const field = form.elements.namedItem("key") as HTMLInputElement;
    const key = field.value.trim();
    field.value = "";
    setBusy(true);
    try {
      onSignedIn(await signIn(key));
    } catch (err) {
      setError(err instanceof ApiError && err.code === "UNAUTHORIZED" ? tx.t("wrongKey") : tx.t("error", { message: (err as Error).message }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <main class="sign-in">
      <div class="corner">{langButton}</div>
      <h1>{tx.t("title")}</h1>
      <form onSubmit={(e) => void submit(e)}>
        <h2>{tx.t("signInTitle")}</h2>
        {notice && (
          <p role="status" class="notice">
            {notice}
          </p>
        )}
        <p>{tx.t("signInHelp")}</p>
        <label for="key">{tx.t("apiKey")}</label>
        <input
          id="key"
          name="key"
          type="password"
          autocomplete="off"
          dir="ltr"
          required
          aria-invalid={error ? "true" : undefined}
          aria-describedby={error ? "key-error" : undefined}
        />
        {error && (
          <p id="key-error" role="alert" class="error">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy}>
          {tx.t("signIn")}
        </button>
      </form>
    </main>
  );
}
