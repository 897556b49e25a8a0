import type { JSX } from "preact";
import { useLayoutEffect, useState } from "preact/hooks";
import type { Texts } from "../../i18n.js";
import { FIGURES } from "../../figures.js";
import { described, FieldNotes } from "../field-parts.js";
import {
  addOption,
  changeNode,
  changeOption,
  depthOf,
  MENU_STYLES,
  menuFieldId,
  menuName,
  mostOptions,
  moveOption,
  newNode,
  nodeAt,
  OPTION_DOES,
  optionName,
  removeOption,
  type MenuDraft,
  type OptionDraft,
  type OptionDoes,
} from "./menu-draft.js";
import { automationTexts } from "./texts.js";

// A menu rule's editor, inside the rule's form when its action is "Show a menu": the top menu's
// text, how it is shown, its labels and timeout, then its options in order, each with its title,
// its second line and what choosing it does: a reply, a handover (with what is said first), or
// another menu, edited in place below it, offered only while the tree may go deeper. Options are
// added, moved up and down, and removed (a menu keeps one at least); the focus follows the option
// moved, or goes to the field of the option added or of the one after the option removed. A
// refusal shows beside the part of the menu the API names (menu-draft.ts's names and ids).

type Change = (menu: MenuDraft) => MenuDraft;

/** What every part of the editor is given: the texts, the tree, how to change it (and what to focus then), the refusals by name. */
interface Editing {
  tx: Texts;
  at: ReturnType<typeof automationTexts>;
  menu: MenuDraft;
  edit: (change: Change, focus?: string) => void;
  problems: Record<string, string | undefined>;
}

/** An option's number as the editor writes it, with the numbers of the options above it: 2.1 is the first option of option 2's menu. */
const numberOf = (tx: Texts, place: readonly number[]) => place.map((i) => tx.number(i + 1)).join(".");

interface MenuFieldProps {
  id: string;
  label: string;
  help?: string;
  problem: string | undefined;
  control: (attrs: { id: string } & ReturnType<typeof described>) => JSX.Element;
}

/** A field's label, its control, its help and its refusal, tied together as the rule's own fields are. */
function MenuField({ id, label, help, problem, control }: MenuFieldProps) {
  return (
    <>
      <label for={id}>{label}</label>
      {control({ id, ...described(id, problem, help !== undefined) })}
      <FieldNotes id={id} help={help} problem={problem} />
    </>
  );
}

/** A one-line text typed into the tree by `change`. */
const textInput =
  (value: string, max: number, change: (typed: string) => void, more: object = {}) =>
  (attrs: object) => <input dir="auto" autocomplete="off" maxLength={max} value={value} onInput={(ev) => change(ev.currentTarget.value)} {...more} {...attrs} />;

/** What a menu says above its options. */
function NodeText({ e, place }: { e: Editing; place: number[] }) {
  const name = menuName(place, "text");
  const text = nodeAt(e.menu, place).text;
  const typed = (value: string) => e.edit((m) => changeNode(m, place, (n) => ({ ...n, text: value })));
  return (
    <MenuField
      id={menuFieldId(name)}
      label={e.at("autoMenuText")}
      problem={e.problems[name]}
      control={(a) => <textarea rows={2} dir="auto" required maxLength={FIGURES.autoMenuTextMax} value={text} onInput={(ev) => typed(ev.currentTarget.value)} {...a} />}
    />
  );
}

/** An option's buttons: up, down, remove; each leaves the focus on the option it changed, or on the next one. */
function OptionMoves({ e, place, count }: { e: Editing; place: number[]; count: number }) {
  const i = place.at(-1)!;
  const sibling = (j: number, part: string) => `${menuFieldId(optionName([...place.slice(0, -1), j]))}-${part}`;
  const id = menuFieldId(optionName(place));
  // Moved to the first or last place, the option's focus goes to the button it can still press.
  const buttons = [
    { part: "up", label: "autoMenuUp", off: i === 0, change: (m: MenuDraft) => moveOption(m, place, -1), then: sibling(i - 1, i === 1 ? "down" : "up") },
    { part: "down", label: "autoMenuDown", off: i === count - 1, change: (m: MenuDraft) => moveOption(m, place, 1), then: sibling(i + 1, i === count - 2 ? "up" : "down") },
    // A menu keeps one option at least.
    { part: "remove", label: "autoMenuRemove", off: count === 1, change: (m: MenuDraft) => removeOption(m, place), then: sibling(i === count - 1 ? i - 1 : i, "title") },
  ] as const;
  return (
    <div class="actions option-moves">
      {buttons.map((b) => (
        <button key={b.part} type="button" class="secondary" id={`${id}-${b.part}`} disabled={b.off} onClick={() => e.edit(b.change, b.then)}>
          {e.at(b.label)}
        </button>
      ))}
    </div>
  );
}

/** What choosing the option does, and its reply or its menu. */
function OptionAnswer({ e, place, option: o }: { e: Editing; place: number[]; option: OptionDraft }) {
  const name = optionName(place);
  const id = menuFieldId(name);
  const change = (c: Partial<OptionDraft>) => e.edit((m) => changeOption(m, place, (x) => ({ ...x, ...c })));
  // A menu at the deepest level answers: its options are offered no menu of their own.
  const does = depthOf(place.slice(0, -1)) < FIGURES.autoMenuDepth ? OPTION_DOES : OPTION_DOES.filter((d) => d !== "menu");
  const reply = optionName(place, "reply");
  return (
    <>
      <MenuField
        id={`${id}-does`}
        label={e.at("autoMenuOptionDoes")}
        problem={e.problems[name] ?? e.problems[`${name}[menu]`] ?? e.problems[`${name}[handover]`]}
        control={(a) => (
          <select {...a} onChange={(ev) => change({ does: ev.currentTarget.value as OptionDoes, menu: o.menu ?? newNode() })}>
            {does.map((d) => (
              <option key={d} value={d} selected={d === o.does}>
                {e.at(`autoMenuDoes_${d}`)}
              </option>
            ))}
          </select>
        )}
      />
      {o.does === "menu" ? (
        <fieldset class="submenu">
          <legend>{e.at("autoMenuSubmenu", { number: numberOf(e.tx, place) })}</legend>
          <NodeText e={e} place={place} />
          <OptionList e={e} place={place} />
        </fieldset>
      ) : (
        <MenuField
          id={menuFieldId(reply)}
          label={e.at(o.does === "handover" ? "autoMenuHandoverReply" : "autoMenuReply")}
          problem={e.problems[reply]}
          control={(a) => <textarea rows={2} dir="auto" required={o.does === "reply"} value={o.reply} onInput={(ev) => change({ reply: ev.currentTarget.value })} {...a} />}
        />
      )}
    </>
  );
}

/** One option: its title and second line, what it does, and its buttons. */
function OptionFields({ e, place, option: o, count }: { e: Editing; place: number[]; option: OptionDraft; count: number }) {
  const title = optionName(place, "title");
  const description = optionName(place, "description");
  const change = (c: Partial<OptionDraft>) => e.edit((m) => changeOption(m, place, (x) => ({ ...x, ...c })));
  return (
    <fieldset class="menu-option" id={menuFieldId(optionName(place))}>
      <legend>{e.at("autoMenuOption", { number: numberOf(e.tx, place) })}</legend>
      <MenuField
        id={menuFieldId(title)}
        label={e.at("autoMenuOptionTitle")}
        problem={e.problems[title]}
        control={textInput(o.title, FIGURES.autoMenuTitleMax, (title) => change({ title }), { required: true })}
      />
      <MenuField
        id={menuFieldId(description)}
        label={e.at("autoMenuOptionDescription")}
        problem={e.problems[description]}
        control={textInput(o.description, FIGURES.autoMenuDescriptionMax, (description) => change({ description }))}
      />
      <OptionAnswer e={e} place={place} option={o} />
      <OptionMoves e={e} place={place} count={count} />
    </fieldset>
  );
}

/** A menu's options in order, then the button that adds one while the menu holds fewer than it may. */
function OptionList({ e, place }: { e: Editing; place: number[] }) {
  const { options } = nodeAt(e.menu, place);
  const most = mostOptions(place);
  const name = menuName(place, "options");
  const id = menuFieldId(name);
  const problem = e.problems[name];
  const added = `${menuFieldId(optionName([...place, options.length]))}-title`;
  return (
    <>
      <ol class="menu-options">
        {options.map((o, i) => (
          <li key={o.key}>
            <OptionFields e={e} place={[...place, i]} option={o} count={options.length} />
          </li>
        ))}
      </ol>
      {options.length < most ? (
        <button type="button" class="secondary" id={`${id}-add`} aria-describedby={problem && `${id}-problem`} onClick={() => e.edit((m) => addOption(m, place), added)}>
          {e.at("autoMenuAdd")}
        </button>
      ) : (
        <p class="help">{e.at("autoMenuFull", { most })}</p>
      )}
      <FieldNotes id={id} problem={problem} />
    </>
  );
}

interface MenuEditorProps {
  tx: Texts;
  menu: MenuDraft;
  onChange: (change: Change) => void;
  /** The API's refusals of the menu's parts, by the name it gives each (`menu[options][1][title]`). */
  problems: Record<string, string | undefined>;
}

export function MenuEditor({ tx, menu, onChange, problems }: MenuEditorProps) {
  const at = automationTexts(tx);
  // The field to focus once a change is drawn: an object each time, so the same field twice is focused twice.
  const [focus, setFocus] = useState<{ id: string } | undefined>();
  useLayoutEffect(() => void (focus && document.getElementById(focus.id)?.focus()), [focus]);
  const edit = (change: Change, id?: string) => {
    onChange(change);
    if (id) setFocus({ id });
  };
  const e: Editing = { tx, at, menu, problems, edit };
  const top = (change: Partial<MenuDraft>) => onChange((m) => ({ ...m, ...change }));
  return (
    <fieldset class="menu-editor">
      <legend>{at("autoMenu")}</legend>
      <p class="help">{at("autoMenuHelp", { zero: 0 })}</p>
      <FieldNotes id="rule-menu" problem={problems.menu} />
      <NodeText e={e} place={[]} />
      <MenuField
        id="rule-menu-style"
        label={at("autoMenuStyle")}
        problem={problems["menu[style]"]}
        control={(a) => (
          <select {...a} onChange={(ev) => top({ style: ev.currentTarget.value as MenuDraft["style"] })}>
            {MENU_STYLES.map((s) => (
              <option key={s} value={s} selected={s === menu.style}>
                {at(`autoMenuStyle_${s}`)}
              </option>
            ))}
          </select>
        )}
      />
      {menu.style === "list" && (
        <MenuField
          id="rule-menu-button"
          label={at("autoMenuButton")}
          problem={problems["menu[button]"]}
          control={textInput(menu.button, FIGURES.autoMenuButtonMax, (button) => top({ button }))}
        />
      )}
      <MenuField
        id="rule-menu-back"
        label={at("autoMenuBack", { zero: 0 })}
        problem={problems["menu[back]"]}
        control={textInput(menu.back, FIGURES.autoMenuTitleMax, (back) => top({ back }))}
      />
      <MenuField
        id="rule-menu-timeout"
        label={at("autoMenuTimeout")}
        help={at("autoMenuTimeoutHelp")}
        problem={problems["menu[timeout]"]}
        control={textInput(menu.timeout, 7, (timeout) => top({ timeout }), { inputMode: "numeric", dir: "ltr", required: true })}
      />
      <OptionList e={e} place={[]} />
    </fieldset>
  );
}
