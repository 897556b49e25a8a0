import { useEffect, useRef, useState } from "preact/hooks";
import type { Texts } from "./i18n.js";
import type { SignedInAs } from "./api.js";
import { roleKey, type Section } from "./access.js";

// The top of every signed-in page: the title, the live connection's state, the language, signing
// out, and the sections. On a narrow screen (styles.css decides which) the sections, the language
// and signing out fold behind a menu button, as a disclosure: the button says whether it is open
// (aria-expanded), opening it puts the focus on the current section, Escape or choosing a section
// closes it and returns the focus to the button, and a tap or the focus landing outside closes it
// too. The language and sign-out buttons are in the header for a wide screen and in the menu for a
// narrow one; styles.css shows one pair at a time. On a wide screen the menu button is hidden and
// everything is always shown. The business's work is the sections' navigation; who may do it
// (users, keys, the audit log, one's own security) is a list of its own beside it, and who is signed
// in is named in the header and in the menu.

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

/** Who is signed in: a staff user's email and role, or a key's prefix and label. */
function Who({ tx, who, class: extra }: { tx: Texts; who: SignedInAs; class: string }) {
  return (
    <p class={`who ${extra}`}>
      <span class="visually-hidden">{tx.t("whoLabel")} </span>
      {who.kind === "user" ? (
        <>
          <bdi dir="ltr">{who.email}</bdi> · {tx.t(roleKey(who.role))}
        </>
      ) : (
        <>
          {tx.t("keyWord")} <bdi dir="ltr">{who.prefix}</bdi> · <bdi>{who.label}</bdi>
        </>
      )}
    </p>
  );
}

const SectionLinks = ({ tx, sections, current }: { tx: Texts; sections: Section[]; current: string }) =>
  sections.map((p) => (
    <li key={p.id}>
      <a href={`#/${p.id}`} aria-current={p.id === current ? "page" : undefined}>
        {tx.t(p.label)}
      </a>
    </li>
  ));

interface BarProps {
  tx: Texts;
  sections: Section[];
  who: SignedInAs;
  current: string;
  connected: boolean;
  toggleLang: () => void;
  signOut: () => void;
}

export function Bar({ tx, sections, who, current, connected, toggleLang, signOut }: BarProps) {
  const fold = useFold();
  const access = sections.filter((s) => s.group === "access");
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
        <Who tx={tx} who={who} class="wide" />
        <LangButton tx={tx} toggle={toggleLang} class="wide" />
        <button type="button" class="wide" onClick={signOut}>
          {tx.t("signOut")}
        </button>
      </header>
      <div id="menu" class={fold.open ? "menu open" : "menu"} onClick={fold.onChoose}>
        <nav aria-label={tx.t("nav")}>
          <ul>
            <SectionLinks tx={tx} sections={sections.filter((s) => s.group === "work")} current={current} />
          </ul>
        </nav>
        {access.length > 0 && (
          <ul class="access" aria-label={tx.t("accessNav")}>
            <SectionLinks tx={tx} sections={access} current={current} />
          </ul>
        )}
        <Who tx={tx} who={who} class="narrow" />
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
