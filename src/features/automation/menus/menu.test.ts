import { describe, expect, it } from "vitest";
import { chooseIn, menuInput, menuProblems, renderMenu, toMenu } from "./menu.js";

// The walk through a menu and how it is shown, as docs/automation.md (Menus) says them.

const menu = toMenu(
  menuInput.parse({
    text: "كيف نخدمك؟",
    style: "list",
    options: [
      { title: "الأسعار", reply: "الأسعار هنا" },
      {
        title: "الفروع",
        menu: {
          text: "أي مدينة؟",
          options: [
            { title: "الرياض", reply: "العليا" },
            { title: "جدة", reply: "التحلية" },
          ],
        },
      },
    ],
  }),
);

describe("a menu", () => {
  it("takes an option's number in either digits, its list row id, or its title as typed", () => {
    expect(chooseIn(menu, [], { text: "2", choiceId: null })).toEqual({ kind: "show", path: [2] });
    expect(chooseIn(menu, [], { text: "٢", choiceId: null })).toEqual({ kind: "show", path: [2] });
    expect(chooseIn(menu, [], { text: " 2. ", choiceId: null })).toEqual({ kind: "show", path: [2] });
    expect(chooseIn(menu, [], { text: "Branches", choiceId: "2" })).toEqual({ kind: "show", path: [2] });
    expect(chooseIn(menu, [], { text: "الاسعار", choiceId: null })).toEqual({ kind: "answer", option: menu.options[0] });
    expect(chooseIn(menu, [2], { text: "جده", choiceId: null })).toMatchObject({ kind: "answer", option: { reply: "التحلية" } });
  });

  it("goes back with 0 below the top; 0 at the top, a number past the options and other words are misses", () => {
    expect(chooseIn(menu, [2], { text: "٠", choiceId: null })).toEqual({ kind: "show", path: [] });
    expect(chooseIn(menu, [], { text: "0", choiceId: null })).toEqual({ kind: "miss" });
    expect(chooseIn(menu, [], { text: "3", choiceId: null })).toEqual({ kind: "miss" });
    expect(chooseIn(menu, [], { text: "12", choiceId: null })).toEqual({ kind: "miss" });
    expect(chooseIn(menu, [], { text: "I want 2 of them", choiceId: null })).toEqual({ kind: "miss" });
    expect(chooseIn(menu, [], { text: null, choiceId: null })).toEqual({ kind: "miss" });
    // A place the tree no longer has.
    expect(chooseIn(menu, [1], { text: "1", choiceId: null })).toEqual({ kind: "miss" });
  });

  it("is shown as a list where the number can send one, as numbered lines elsewhere, with Arabic labels for an Arabic menu", () => {
    expect(renderMenu(menu, [2], false)).toEqual({ text: "أي مدينة؟\n\n1. الرياض\n2. جدة\n0. رجوع", content: null });
    expect(renderMenu(menu, [], true)).toEqual({
      text: "كيف نخدمك؟",
      content: {
        kind: "interactive",
        type: "list",
        header: null,
        footer: null,
        button: "الخيارات",
        sections: [
          {
            title: null,
            rows: [
              { id: "1", title: "الأسعار", description: null },
              { id: "2", title: "الفروع", description: null },
            ],
          },
        ],
      },
    });
    const numbered = toMenu(menuInput.parse({ text: "Hi", back: "Up", options: [{ title: "A", menu: { text: "Below", options: [{ title: "B", reply: "b" }] } }] }));
    expect(renderMenu(numbered, [1], true)).toEqual({ text: "Below\n\n1. B\n0. Up", content: null });
  });

  it("finds each problem of its tree by the field it is in", () => {
    const bad = toMenu(
      menuInput.parse({
        text: "t",
        options: [{ title: "A" }, { title: "B", reply: "b", handover: true }, { title: "C", reply: "c", menu: { text: "t", options: [{ title: "D", reply: "d" }] } }],
      }),
    );
    expect(menuProblems(bad)).toEqual({
      "menu[options][0]": "needs a reply, a handover or a menu",
      "menu[options][2]": "leads to a menu or answers (reply, handover), not both",
    });
  });
});
