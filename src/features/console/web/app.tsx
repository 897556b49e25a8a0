import { useEffect, useMemo, useState } from "preact/hooks";
import type { ComponentChildren } from "preact";
import { currentSession, liveClient, signOut, signupMode, type SessionInfo, verifyEmail } from "./api.js";
import { initialLang, texts, type Lang, type Texts } from "./i18n.js";
import { Bar, LangButton } from "./bar.js";
import { SignIn } from "./pages/sign-in.js";
import { Overview } from "./pages/overview.js";
import type { PageProps } from "./page.js";
import { ChoosePassword } from "./pages/access/choose-password.js";
import { SignUp } from "./pages/signup/sign-up.js";
import { Unverified } from "./pages/signup/unverified.js";
import { allows, pageOf, roleKey, SECTIONS, type Section } from "./access.js";
import { lazyPage } from "./lazy-page.js";

// Every page but the overview (where a session opens) is fetched when first shown (lazy-page.tsx).
const Inbox = lazyPage(() => import("./pages/inbox.js").then((m) => m.Inbox));
const Send = lazyPage(() => import("./pages/send.js").then((m) => m.Send));
const Batches = lazyPage(() => import("./pages/batches.js").then((m) => m.Batches));
const Messages = lazyPage(() => import("./pages/messages.js").then((m) => m.Messages));
const Contacts = lazyPage(() => import("./pages/contacts.js").then((m) => m.Contacts));
const Templates = lazyPage(() => import("./pages/templates.js").then((m) => m.Templates));
const SettingsPage = lazyPage(() => import("./pages/settings.js").then((m) => m.SettingsPage));
const Chatwoot = lazyPage(() => import("./pages/chatwoot/chatwoot.js").then((m) => m.Chatwoot));
const Automation = lazyPage(() => import("./pages/automation/automation.js").then((m) => m.Automation));
const Exports = lazyPage(() => import("./pages/exports/exports.js").then((m) => m.Exports));
const Numbers = lazyPage(() => import("./pages/numbers/numbers.js").then((m) => m.Numbers));
const WhatsAppTemplates = lazyPage(() => import("./pages/whatsapp-templates/whatsapp-templates.js").then((m) => m.WhatsAppTemplates));
const Keys = lazyPage(() => import("./pages/access/keys.js").then((m) => m.Keys));
const Users = lazyPage(() => import("./pages/access/users.js").then((m) => m.Users));
const Audit = lazyPage(() => import("./pages/access/audit.js").then((m) => m.Audit));
const Security = lazyPage(() => import("./pages/access/security.js").then((m) => m.Security));
const BillingPage = lazyPage(() => import("./pages/billing/billing.js").then((m) => m.BillingPage));
const Plans = lazyPage(() => import("./pages/billing/plans.js").then((m) => m.Plans));

// The console's shell: who is signed in, the language, the live connection, and which page shows
// (from the address's #fragment, so the back button and a reload keep the page: `#/numbers/12` is
// number 12's page). Only the pages the session's scopes allow are offered (access.ts); one reached
// by address anyway says so instead of asking the server for what it would refuse.

function PageOf({ page, props }: { page: { section: Section; item: string | undefined }; props: PageProps }) {
  const id = page.section.id;
  if (id === "inbox") return <Inbox {...props} />;
  if (id === "send") return <Send {...props} />;
  if (id === "batches") return <Batches {...props} id={page.item} />;
  if (id === "messages") return <Messages {...props} />;
  if (id === "contacts") return <Contacts {...props} />;
  if (id === "templates") return <Templates {...props} />;
  if (id === "whatsapp-templates") return <WhatsAppTemplates {...props} />;
  if (id === "numbers") return <Numbers {...props} id={page.item} />;
  if (id === "settings") return <SettingsPage {...props} />;
  if (id === "chatwoot") return <Chatwoot {...props} />;
  if (id === "exports") return <Exports {...props} />;
  if (id === "automation") return <Automation {...props} />;
  if (id === "keys") return <Keys {...props} />;
  if (id === "users") return <Users {...props} />;
  if (id === "audit") return <Audit {...props} />;
  if (id === "security") return <Security {...props} />;
  if (id === "billing") return <BillingPage {...props} />;
  if (id === "plans") return <Plans {...props} />;
  return <Overview {...props} />;
}

/** What a page the session may not open shows instead, in words that say why. */
function NotAllowed({ tx, session, section }: { tx: Texts; session: SessionInfo; section: Section | undefined }) {
  const who = session.signed_in_as;
  const why = !section
    ? tx.t("noPages")
    : section.staffOnly && who.kind !== "user"
      ? tx.t("notAllowedStaffOnly")
      : who.kind === "user"
        ? tx.t("notAllowedRole", { role: tx.t(roleKey(who.role)) })
        : tx.t("notAllowedKey");
  return (
    <>
      <h2>{section ? tx.t(section.label) : tx.t("title")}</h2>
      <p role="alert" class="error" data-not-allowed>
        {why}
      </p>
    </>
  );
}

/** The token of a one-time link (…/console/#link=<token>), taken out of the address once read. */
function linkToken(): string | undefined {
  const token = /^#link=([A-Za-z0-9_-]+)$/.exec(location.hash)?.[1];
  if (token) history.replaceState(null, "", location.pathname + location.search);
  return token;
}

/** The token of a sign-up's confirmation link (…/console/#verify=<token>), taken out of the address once read. */
function verifyToken(): string | undefined {
  const token = /^#verify=([A-Za-z0-9_-]+)$/.exec(location.hash)?.[1];
  if (token) history.replaceState(null, "", location.pathname + location.search);
  return token;
}

/**
 * Confirms a sign-up's link the page was opened with, then says so above the sign-in (or the
 * signed-in page, whose session is read again so its banner of an unconfirmed address goes).
 */
function useVerifyLink(tx: ReturnType<typeof texts>, setEmail: (email: string) => void, setNotice: (notice: string) => void, refresh: () => void): void {
  useEffect(() => {
    const token = verifyToken();
    if (!token) return;
    verifyEmail(token).then(
      ({ email }) => {
        setEmail(email);
        setNotice(tx.t("emailVerified"));
        refresh();
      },
      () => setNotice(tx.t("verifyFailed")),
    );
  }, []);
}

function useLang(): [Lang, () => void] {
  const [lang, setLang] = useState<Lang>(initialLang);
  useEffect(() => {
    document.documentElement.lang = lang;
    document.documentElement.dir = lang === "ar" ? "rtl" : "ltr";
    localStorage.setItem("console.lang", lang);
  }, [lang]);
  return [lang, () => setLang(lang === "ar" ? "en" : "ar")];
}

/** Signed out: the sign-in, and the sign-up form it opens when the gateway takes sign-ups (SIGNUP). */
function SignedOut(props: { tx: Texts; notice: string; email: string; onSignedIn: (s: SessionInfo) => void; langButton: ComponentChildren }) {
  const [signingUp, setSigningUp] = useState(false);
  if (signingUp) return <SignUp tx={props.tx} onBack={() => setSigningUp(false)} langButton={props.langButton} />;
  return <SignIn key={props.email} {...props} onSignUp={signupMode() === "closed" ? undefined : () => setSigningUp(true)} />;
}

export function App() {
  const [lang, toggleLang] = useLang();
  const [session, setSession] = useState<SessionInfo | null | undefined>(undefined);
  const tx = useMemo(() => texts(lang, session?.time_zone), [lang, session?.time_zone]);
  const [notice, setNotice] = useState<string>("");
  const [link, setLink] = useState(linkToken);
  const [email, setEmail] = useState("");
  const readSession = () =>
    currentSession().then(
      (s) => setSession(s ?? null),
      () => setSession(null),
    );
  useEffect(() => {
    void readSession();
    // A link opened in a tab that already shows the console changes only the fragment.
    const onHash = () => {
      const token = linkToken();
      if (token) setLink(token);
    };
    addEventListener("hashchange", onHash);
    return () => removeEventListener("hashchange", onHash);
  }, []);
  useVerifyLink(tx, setEmail, setNotice, () => void readSession());
  useEffect(() => {
    document.title = tx.t("title");
  }, [tx]);
  const ended = (reason: string) => {
    setNotice(tx.t("signedOut", { reason }));
    setSession(null);
  };
  const langButton = <LangButton tx={tx} toggle={toggleLang} />;
  if (link) {
    const chosen = (address: string) => {
      setLink(undefined);
      setEmail(address);
      setNotice(tx.t("passwordSet"));
      // Whoever was signed in here before, the person who chose a password signs in as themselves.
      if (session) void signOut().catch(() => undefined);
      setSession(null);
    };
    return <ChoosePassword tx={tx} token={link} onChosen={chosen} langButton={langButton} />;
  }
  if (session === undefined) return <p class="loading">{tx.t("loading")}</p>;
  if (session === null) {
    const signedIn = (s: SessionInfo) => {
      setNotice("");
      setSession(s);
    };
    return <SignedOut tx={tx} notice={notice} email={email} onSignedIn={signedIn} langButton={langButton} />;
  }
  return <SignedIn tx={tx} session={session} toggleLang={toggleLang} onEnded={ended} />;
}

function SignedIn({ tx, session, toggleLang, onEnded }: { tx: Texts; session: SessionInfo; toggleLang: () => void; onEnded: (reason: string) => void }) {
  const [page, setPage] = useState(() => pageOf(session));
  const [connected, setConnected] = useState(false);
  const live = useMemo(() => liveClient(onEnded, setConnected), []);
  useEffect(() => {
    const onHash = () => setPage(pageOf(session));
    addEventListener("hashchange", onHash);
    return () => {
      removeEventListener("hashchange", onHash);
      void live.dispose();
    };
  }, [live]);
  const out = async () => {
    await signOut().catch(() => undefined);
    onEnded(tx.t("signOut"));
  };
  const props: PageProps = { tx, live, session };
  const sections = SECTIONS.filter((s) => allows(session, s));
  const section = page.section && allows(session, page.section) ? page.section : undefined;
  return (
    <div class="shell">
      <Bar tx={tx} sections={sections} who={session.signed_in_as} current={page.section?.id ?? ""} connected={connected} toggleLang={toggleLang} signOut={() => void out()} />
      <main>
        {session.signed_in_as.kind === "operator" && (
          <p class="view-as" role="note">
            {tx.t("viewAsBanner", { email: session.signed_in_as.email })}
          </p>
        )}
        {!session.email_verified && <Unverified tx={tx} mayResend={session.scopes.includes("users:manage")} />}
        {section ? <PageOf page={{ section, item: page.item }} props={props} /> : <NotAllowed tx={tx} session={session} section={page.section} />}
      </main>
    </div>
  );
}
