import { useLayoutEffect, useRef } from "preact/hooks";
import type { TextKey, Texts } from "./i18n.js";
import { GROUPS, type GroupId, type Section } from "./access.js";

// The sections' navigation, in groups (access.ts), so it reads at a glance at any width and has room
// for more. A group of two pages or more follows WAI-ARIA's disclosure navigation pattern (its items
// are links, so it is no ARIA menu): a button that says whether its list is shown (aria-expanded,
// aria-controls) and the list of its links. On a wide screen the list drops down under its button;
// inside the folded menu of a narrow one (bar.tsx) it opens in place. One group is open at a time.
// Enter or Space opens and closes a group, Arrow Down and Arrow Up go into its links and between
// them (Home and End: the first and last), Escape closes it and returns the focus to its button;
// choosing a link, a tap elsewhere or the focus leaving the group closes it (in the folded menu:
// elsewhere than the menu). A group with one page the session may open is that page's link.

export interface NavGroup {
  id: GroupId;
  label: TextKey;
  sections: Section[];
}

/** The groups that hold a section the session may open, each with those sections. */
export const groupsOf = (sections: Section[]): NavGroup[] =>
  GROUPS.map((g) => ({ id: g.id, label: g.label, sections: sections.filter((s) => s.group === g.id) })).filter((g) => g.sections.length > 0);

const Chevron = () => (
  <svg class="chevron" viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" focusable="false">
    <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" stroke-width="2" />
  </svg>
);

const SectionLink = ({ tx, section, current }: { tx: Texts; section: Section; current: string }) => (
  <a href={`#/${section.id}`} aria-current={section.id === current ? "page" : undefined}>
    {tx.t(section.label)}
  </a>
);

interface NavProps {
  tx: Texts;
  groups: NavGroup[];
  current: string;
  /** The open group, if any (the bar opens the current page's when its folded menu opens). */
  open: GroupId | null;
  setOpen: (group: GroupId | null) => void;
  /** The folded menu of a narrow screen is open: Escape is the menu's, which closes it all. */
  folded: boolean;
}

/** Where the focus goes once a group opened from the keyboard is shown. */
type Landing = { group: GroupId; at: "first" | "last" };

function useAway({ open, setOpen, folded }: Pick<NavProps, "open" | "setOpen" | "folded">, nav: { current: HTMLElement | null }) {
  // Listening from the render that opened the group, before it is painted: a key pressed at once
  // that moves the focus out must close it.
  useLayoutEffect(() => {
    if (!open) return;
    const away = (e: Event) => {
      const target = e.target as Node;
      // In the folded menu a group opens in place: closing it under a finger on its way to another
      // group would move that group before the tap lands. Opening another closes it instead.
      if (folded && nav.current?.contains(target)) return;
      if (!nav.current?.querySelector(`[data-group="${open}"]`)?.contains(target)) setOpen(null);
    };
    document.addEventListener("pointerdown", away);
    document.addEventListener("focusin", away);
    return () => {
      document.removeEventListener("pointerdown", away);
      document.removeEventListener("focusin", away);
    };
  }, [open, folded]);
}

/** The keys a group answers (Arrow Down and Up, Home, End, Escape), and where the focus lands once a group opened from the keyboard is shown. */
function useGroupKeys({ open, setOpen, folded }: Pick<NavProps, "open" | "setOpen" | "folded">, nav: { current: HTMLElement | null }) {
  const landing = useRef<Landing | null>(null);
  useLayoutEffect(() => {
    const to = landing.current;
    landing.current = null;
    if (!to || to.group !== open) return;
    const links = nav.current?.querySelectorAll<HTMLElement>(`#group-${to.group} a`);
    links?.[to.at === "first" ? 0 : links.length - 1]?.focus();
  }, [open]);
  return (e: KeyboardEvent, group: GroupId) => {
    const item = e.currentTarget as HTMLElement;
    const links = [...item.querySelectorAll<HTMLElement>(":scope > ul a")];
    const at = links.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => links[(to + links.length) % links.length]?.focus();
    const shown = open === group;
    if (e.key === "Escape" && shown && !folded) {
      e.stopPropagation();
      setOpen(null);
      item.querySelector<HTMLElement>(":scope > button")?.focus();
      return;
    }
    const openAt = (to: Landing["at"]) => {
      landing.current = { group, at: to };
      setOpen(group);
    };
    const keys: Record<string, (() => void) | undefined> = {
      ArrowDown: () => (shown ? move(at + 1) : openAt("first")),
      ArrowUp: () => (shown ? move(at < 0 ? -1 : at - 1) : openAt("last")),
      Home: at >= 0 ? () => move(0) : undefined,
      End: at >= 0 ? () => move(-1) : undefined,
    };
    const act = keys[e.key];
    if (!act) return;
    e.preventDefault();
    act();
  };
}

interface GroupProps {
  tx: Texts;
  group: NavGroup;
  current: string;
  open: boolean;
  setOpen: (open: boolean) => void;
  onKeyDown: (e: KeyboardEvent) => void;
}

/** A group of two pages or more: its button, and the list of its pages' links it shows and hides. */
function Group({ tx, group, current, open, setOpen, onKeyDown }: GroupProps) {
  return (
    <li data-group={group.id} class={group.sections.some((s) => s.id === current) ? "group current" : "group"} onKeyDown={onKeyDown}>
      <button type="button" aria-expanded={open} aria-controls={`group-${group.id}`} onClick={() => setOpen(!open)}>
        {tx.t(group.label)}
        <Chevron />
      </button>
      <ul id={`group-${group.id}`} hidden={!open} onClick={() => setOpen(false)}>
        {group.sections.map((s) => (
          <li key={s.id}>
            <SectionLink tx={tx} section={s} current={current} />
          </li>
        ))}
      </ul>
    </li>
  );
}

export function SectionsNav(props: NavProps) {
  const { tx, groups, current, open, setOpen } = props;
  const nav = useRef<HTMLElement>(null);
  useAway(props, nav);
  const onKeyDown = useGroupKeys(props, nav);
  return (
    <nav aria-label={tx.t("nav")} ref={nav}>
      <ul class="sections">
        {groups.map((g) =>
          g.sections.length === 1 ? (
            <li key={g.id}>
              <SectionLink tx={tx} section={g.sections[0]!} current={current} />
            </li>
          ) : (
            <Group key={g.id} tx={tx} group={g} current={current} open={open === g.id} setOpen={(shown) => setOpen(shown ? g.id : null)} onKeyDown={(e) => onKeyDown(e, g.id)} />
          ),
        )}
      </ul>
    </nav>
  );
}
