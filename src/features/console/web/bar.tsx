import { useEffect, useRef, useState } from "preact/hooks";
import type { Texts } from "./i18n.js";
import type { SignedInAs } from "./api.js";
import { roleKey, type GroupId, type Section } from "./access.js";
import { groupsOf, SectionsNav } from "./nav.js";

// The top of every signed-in page: the title, the live connection's state, the language, signing
// out, and the sections' navigation in its groups (nav.tsx). On a narrow screen (styles.css decides
// which) the sections, the language and signing out fold behind a menu button, as a disclosure: the
// button says whether it is open (aria-expanded), opening it opens the current page's group and puts
// the focus on the current section, Escape or choosing a section closes it and returns the focus to
// the button, and a tap or the focus landing outside closes it too. The language and sign-out
// buttons are in the header for a wide screen and in the menu for a narrow one; styles.css shows one
// pair at a time. On a wide screen the menu button is hidden and the groups are always shown. Who is
// signed in is named in the header and in the menu.

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

/** Who is signed in: a staff user's email and role, a key's prefix and label, or the operator looking. */
function Who({ tx, who, class: extra }: { tx: Texts; who: SignedInAs; class: string }) {
  return (
    <p class={`who ${extra}`}>
      <span class="visually-hidden">{tx.t("whoLabel")} </span>
      {who.kind === "operator" ? (
        tx.t("viewAsWho", { email: who.email })
      ) : who.kind === "user" ? (
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
  const groups = groupsOf(sections);
  const [openGroup, setOpenGroup] = useState<GroupId | null>(null);
  // A page chosen (by a link, the address or the back button) closes the group it was chosen in.
  useEffect(() => setOpenGroup(null), [current]);
  const toggleMenu = () => {
    // The folded menu opens on the current page's group, so the focus can land on its link.
    if (!fold.open) setOpenGroup(groups.find((g) => g.sections.length > 1 && g.sections.some((s) => s.id === current))?.id ?? null);
    fold.toggle();
  };
  return (
    <div class="bar" ref={fold.bar} onKeyDown={fold.onKeyDown}>
      <header>
        <button type="button" class="menu-button" ref={fold.button} aria-expanded={fold.open} aria-controls="menu" onClick={toggleMenu}>
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
        <SectionsNav tx={tx} groups={groups} current={current} open={openGroup} setOpen={setOpenGroup} folded={fold.open} />
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
