import { useEffect, useState } from "preact/hooks";
import { currentSession, signOut, type OperatorSession } from "./api.js";
import { fill, pageLang, textsOf } from "./i18n.js";
import { SignIn } from "./sign-in.js";
import { Businesses } from "./businesses.js";
import { Health } from "./health.js";
import { Plans } from "./plans.js";
import { Numbers } from "./numbers.js";
import { Charts } from "./charts.js";

// The shell: the sign-in until an operator is signed in, then the header (who, their role, sign
// out), the sections (from the address's #fragment, so back and reload keep the page) and the page.
// A session that ends (signed out elsewhere, disabled) shows the sign-in again at the next answer
// that says so.

const PAGES = ["businesses", "numbers", "plans", "charts", "health"] as const;
type Page = (typeof PAGES)[number];
const pageOf = (): Page => PAGES.find((p) => location.hash === `#/${p}`) ?? "businesses";

/** The current page, following the address's fragment. */
function usePage(): Page {
  const [page, setPage] = useState<Page>(pageOf);
  useEffect(() => {
    const onHash = () => setPage(pageOf());
    addEventListener("hashchange", onHash);
    return () => removeEventListener("hashchange", onHash);
  }, []);
  return page;
}

export function App() {
  const lang = pageLang();
  const t = textsOf(lang);
  const [session, setSession] = useState<OperatorSession | null | undefined>(undefined);
  const page = usePage();
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
      <nav aria-label={t.navLabel} class="sections">
        {PAGES.map((p) => (
          <a key={p} href={`#/${p}`} aria-current={p === page ? "page" : undefined}>
            {t[p === "numbers" ? "numbersPage" : p]}
          </a>
        ))}
      </nav>
      <main>
        {page === "health" ? (
          <Health lang={lang} onSignedOut={() => setSession(null)} />
        ) : page === "numbers" ? (
          <Numbers lang={lang} may={session.may} />
        ) : page === "plans" ? (
          <Plans lang={lang} may={session.may} />
        ) : page === "charts" ? (
          <Charts lang={lang} />
        ) : (
          <Businesses lang={lang} may={session.may} onSignedOut={() => setSession(null)} />
        )}
      </main>
    </>
  );
}
