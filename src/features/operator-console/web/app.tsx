import { useEffect, useState } from "preact/hooks";
import { currentSession, signOut, type OperatorSession } from "./api.js";
import { fill, pageLang, textsOf } from "./i18n.js";
import { SignIn } from "./sign-in.js";
import { Businesses } from "./businesses.js";

// The shell: the sign-in until an operator is signed in, then the header (who, their role, sign
// out) and the page. A session that ends (signed out elsewhere, disabled) shows the sign-in again
// at the next answer that says so.

export function App() {
  const lang = pageLang();
  const t = textsOf(lang);
  const [session, setSession] = useState<OperatorSession | null | undefined>(undefined);
  useEffect(() => {
    document.title = t.title;
    currentSession().then(
      (s) => setSession(s ?? null),
      () => setSession(null),
    );
  }, []);
  if (session === undefined) return <p role="status">{t.loading}</p>;
  if (session === null) return <SignIn lang={lang} onSignedIn={setSession} />;
  const leave = async () => {
    await signOut();
    setSession(null);
  };
  return (
    <>
      <header class="bar">
        <h1>{t.title}</h1>
        <p class="who">{fill(t.signedInAs, { email: session.operator.email, role: t[`role_${session.operator.role}`] })}</p>
        <button type="button" onClick={() => void leave()}>
          {t.signOut}
        </button>
      </header>
      <main>
        <Businesses lang={lang} may={session.may} onSignedOut={() => setSession(null)} />
      </main>
    </>
  );
}
