import { useEffect, useMemo, useState } from "preact/hooks";
import { currentSession, liveClient, signOut, type SessionInfo } from "./api.js";
import { initialLang, texts, type Lang, type Texts } from "./i18n.js";
import { Bar, LangButton, type Section } from "./bar.js";
import { SignIn } from "./pages/sign-in.js";
import { Overview } from "./pages/overview.js";
import { Inbox } from "./pages/inbox.js";
import { Send } from "./pages/send.js";
import { Batches } from "./pages/batches.js";
import { Messages } from "./pages/messages.js";
import { Contacts } from "./pages/contacts.js";
import { Templates } from "./pages/templates.js";
import { SettingsPage } from "./pages/settings.js";
import { Numbers } from "./pages/numbers/numbers.js";
import { WhatsAppTemplates } from "./pages/whatsapp-templates/whatsapp-templates.js";
import type { PageProps } from "./page.js";

// The console's shell: who is signed in, the language, the live connection, and which page shows
// (from the address's #fragment, so the back button and a reload keep the page: `#/numbers/12` is
// number 12's page).

const PAGES: Section[] = [
  { id: "overview", label: "overview" },
  { id: "send", label: "send" },
  { id: "batches", label: "batches" },
  { id: "messages", label: "messages" },
  { id: "inbox", label: "inbox" },
  { id: "contacts", label: "contacts" },
  { id: "templates", label: "templates" },
  { id: "whatsapp-templates", label: "whatsappTemplates" },
  { id: "numbers", label: "numbers" },
  { id: "settings", label: "settings" },
];

/** The page and its item from the address: `#/batches/12` is batch 12. */
const pageOf = (): { id: string; item: string | undefined } => {
  const [id = "", item] = location.hash.replace(/^#\/?/, "").split("/");
  return PAGES.some((p) => p.id === id) ? { id, item: item || undefined } : { id: "overview", item: undefined };
};

function PageOf({ page, props }: { page: { id: string; item: string | undefined }; props: PageProps }) {
  if (page.id === "inbox") return <Inbox {...props} />;
  if (page.id === "send") return <Send {...props} />;
  if (page.id === "batches") return <Batches {...props} id={page.item} />;
  if (page.id === "messages") return <Messages {...props} />;
  if (page.id === "contacts") return <Contacts {...props} />;
  if (page.id === "templates") return <Templates {...props} />;
  if (page.id === "whatsapp-templates") return <WhatsAppTemplates {...props} />;
  if (page.id === "numbers") return <Numbers {...props} id={page.item} />;
  if (page.id === "settings") return <SettingsPage {...props} />;
  return <Overview {...props} />;
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

export function App() {
  const [lang, toggleLang] = useLang();
  const [session, setSession] = useState<SessionInfo | null | undefined>(undefined);
  const tx = useMemo(() => texts(lang, session?.time_zone), [lang, session?.time_zone]);
  const [notice, setNotice] = useState<string>("");
  useEffect(() => {
    currentSession().then(
      (s) => setSession(s ?? null),
      () => setSession(null),
    );
  }, []);
  useEffect(() => {
    document.title = tx.t("title");
  }, [tx]);
  const ended = (reason: string) => {
    setNotice(tx.t("signedOut", { reason }));
    setSession(null);
  };
  if (session === undefined) return <p class="loading">{tx.t("loading")}</p>;
  if (session === null) {
    return (
      <SignIn
        tx={tx}
        notice={notice}
        onSignedIn={(s) => {
          setNotice("");
          setSession(s);
        }}
        langButton={<LangButton tx={tx} toggle={toggleLang} />}
      />
    );
  }
  return <SignedIn tx={tx} toggleLang={toggleLang} onEnded={ended} />;
}

function SignedIn({ tx, toggleLang, onEnded }: { tx: Texts; toggleLang: () => void; onEnded: (reason: string) => void }) {
  const [page, setPage] = useState(pageOf);
  const [connected, setConnected] = useState(false);
  const live = useMemo(() => liveClient(onEnded, setConnected), []);
  useEffect(() => {
    const onHash = () => setPage(pageOf());
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
  const props: PageProps = { tx, live };
  return (
    <div class="shell">
      <Bar tx={tx} sections={PAGES} current={page.id} connected={connected} toggleLang={toggleLang} signOut={() => void out()} />
      <main>
        <PageOf page={page} props={props} />
      </main>
    </div>
  );
}
