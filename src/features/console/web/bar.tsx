import { useEffect, useRef, useState } from "preact/hooks";
import type { Texts, TextKey } from "./i18n.js";

// The top of every signed-in page: the title, the live connection's state, the language, signing
// out, and the sections. On a narrow screen (styles.css decides which) the sections, the language
// and signing out fold behind a menu button, as a disclosure: the button says whether it is open
// (aria-expanded), opening it puts the focus on the current section, Escape or choosing a section
// closes it and returns the focus to the button, and a tap or the focus landing outside closes it
// too. The language and sign-out buttons are in the header for a wide screen and in the menu for a
// narrow one; styles.css shows one pair at a time. On a wide screen the menu button is hidden and
// everything is always shown.

export interface Section {
  id: string;
  label: TextKey;
}

export function LangButton({ tx, toggle, class: extra }: { tx: Texts; toggle: () => void; class?: string }) {
  return (
    <button type="button" class={extra ? `link ${extra}` : "link"} lang={tx.lang === "ar" ? "en" : "ar"} onClick={toggle}>
      {tx.t("language")}
    </button>
  );
}

function useFold() {
  const [open, setOpen] = useState(false);
  const bar = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  useEffect(() => {
    if (!open) return;
    bar.current?.querySelector<HTMLElement>('#menu [aria-current="page"]')?.focus();
    const away = (e: Event) => {
      if (!bar.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", away);
    document.addEventListener("focusin", away);
    return () => {
      document.removeEventListener("pointerdown", away);
      document.removeEventListener("focusin", away);
    };
  }, [open]);
  return {
    open,
    bar,
    button,
    toggle: () => setOpen(!open),
    onKeyDown: (e: KeyboardEvent) => {
      if (open && e.key === "Escape") close();
    },
    onChoose: (e: Event) => {
      if (open && (e.target as Element).closest("a")) close();
    },
  };
}

const MenuIcon = () => (
  <svg viewBox="0 0 16 16" width="18" height="18" aria-hidden="true" focusable="false">
    <rect y="2" width="16" height="2" rx="1" />
    <rect y="7" width="16" height="2" rx="1" />
    <rect y="12" width="16" height="2" rx="1" />
  </svg>
);

export function Bar(props: { tx: Texts; sections: Section[]; current: string; connected: boolean; toggleLang: () => void; signOut: () => void }) {
  const { tx, sections, current, connected, toggleLang, signOut } = props;
  const fold = useFold();
  return (
    <div class="bar" ref={fold.bar} onKeyDown={fold.onKeyDown}>
      <header>
        <button type="button" class="menu-button" ref={fold.button} aria-expanded={fold.open} aria-controls="menu" onClick={fold.toggle}>
          <MenuIcon />
          {tx.t("menu")}
        </button>
        <h1>{tx.t("title")}</h1>
        <span class={connected ? "live on" : "live"} role="status">
          {connected ? tx.t("live") : tx.t("liveLost")}
        </span>
        <LangButton tx={tx} toggle={toggleLang} class="wide" />
        <button type="button" class="wide" onClick={signOut}>
          {tx.t("signOut")}
        </button>
      </header>
      <div id="menu" class={fold.open ? "menu open" : "menu"} onClick={fold.onChoose}>
        <nav aria-label={tx.t("nav")}>
          <ul>
            {sections.map((p) => (
              <li key={p.id}>
                <a href={`#/${p.id}`} aria-current={p.id === current ? "page" : undefined}>
                  {tx.t(p.label)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <p class="account">
          <LangButton tx={tx} toggle={toggleLang} />
          <button type="button" onClick={signOut}>
            {tx.t("signOut")}
          </button>
        </p>
      </div>
    </div>
  );
}
