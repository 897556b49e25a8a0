import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserSuitesRun, digitsIn, openSection, phoneLayout, seriousViolations } from "./kit/browser.js";
import { automationBusiness, contactWrites, openConsoleAs, ruleRow, useAutomationPage, type AutomationBusiness } from "./kit/automation-console.js";
import { BROWSER_WALK_MS } from "./kit/limits.js";
import { ar } from "../src/features/console/web/texts-ar.js";
import { en } from "../src/features/console/web/texts-en.js";
import { texts } from "../src/features/console/web/i18n.js";
import { automationAr } from "../src/features/console/web/pages/automation/texts-ar.js";
import { automationEn } from "../src/features/console/web/pages/automation/texts-en.js";
import { automationTexts } from "../src/features/console/web/pages/automation/texts.js";
import { FIGURES } from "../src/features/console/web/figures.js";
import { DEFAULT_MENU_TIMEOUT_SECONDS, MAX_MENU_DEPTH, MAX_MENU_TIMEOUT_SECONDS, MAX_SUB_OPTIONS, MAX_TOP_OPTIONS } from "../src/features/automation/menus/menu.js";
import { INTERACTIVE, MAX_CAPTION } from "../src/core/content/content-input.js";

// A menu rule made on the console's Automation page (docs/console.md, "Automation") in Chromium,
// in Arabic on a phone (390 px, by touch) and in English at a desktop's width: an owner builds a
// two-level menu by clicking (an option added takes the focus, one moved keeps it, a menu's
// options at the deepest level are offered no menu), is refused two options of one title beside
// that menu's options (nothing is saved), saves it and sees it in the list with its options and
// its answers today. Editing it, they try a message against the unsaved change (the draft answers
// instead of the saved rule; another saved rule answers another message; an option left without a
// reply is refused beside that option and nothing is tried), and a contact walks the saved menu on
// the simulator number through WAHA's signed webhook, each step waited on through the server's
// record of that message; the list then counts the three answers. Screenshots go to docs/console/
// with CONSOLE_SCREENSHOTS=docs.

const HMAC = "console-automation-menus-hmac";
const isolated = (name: string) => `\u2068${name}\u2069`;

describe("the menu editor's figures", () => {
  it("are the API's limits", () => {
    expect([FIGURES.autoMenuTopOptions, FIGURES.autoMenuSubOptions, FIGURES.autoMenuDepth]).toEqual([MAX_TOP_OPTIONS, MAX_SUB_OPTIONS, MAX_MENU_DEPTH]);
    expect([FIGURES.autoMenuTextMax, FIGURES.autoMenuTitleMax, FIGURES.autoMenuDescriptionMax, FIGURES.autoMenuButtonMax]).toEqual([
      MAX_CAPTION,
      INTERACTIVE.rowTitle,
      INTERACTIVE.rowDescription,
      INTERACTIVE.listButton,
    ]);
    expect([FIGURES.autoMenuTimeoutMin, FIGURES.autoMenuTimeoutMax, FIGURES.autoMenuTimeoutDefault]).toEqual([60, MAX_MENU_TIMEOUT_SECONDS, DEFAULT_MENU_TIMEOUT_SECONDS]);
  });
});

/** What each walk types: the rule, its three options (the third leads to a menu of two), and its draft change. */
const WALKS = {
  ar: {
    name: "القائمة",
    keyword: "قائمة",
    text: "كيف نخدمك؟",
    draftText: "أهلًا، كيف نخدمك؟",
    style: "numbered",
    button: null,
    prices: { title: "الأسعار", reply: "أسعارنا: https://example.com/prices" },
    person: { title: "موظف", reply: "نحوّلك إلى موظف" },
    branches: {
      title: "الفروع",
      description: null,
      text: "أي مدينة؟",
      cities: [
        { title: "الرياض", reply: "شارع العليا" },
        { title: "جدة", reply: "شارع التحلية" },
      ],
    },
    other: { name: "غير ذلك", message: "سيردّ عليك موظف", says: "مرحبا" },
  },
  en: {
    name: "Main menu",
    keyword: "menu",
    text: "How can we help?",
    draftText: "Hello! How can we help?",
    style: "list",
    button: "Choose",
    prices: { title: "Prices", reply: "Our prices: https://example.com/prices" },
    person: { title: "Talk to us", reply: "Connecting you" },
    branches: {
      title: "Branches",
      description: "Where to find us",
      text: "Which city?",
      cities: [
        { title: "Riyadh", reply: "Olaya St." },
        { title: "Jeddah", reply: "Tahlia St." },
      ],
    },
    other: { name: "Anything else", message: "A person will answer", says: "hello" },
  },
} as const;
type Lang = keyof typeof WALKS;

describe.runIf(browserSuitesRun)("a menu rule on the console's Automation page in Chromium", () => {
  const { server, browser, shots } = useAutomationPage(HMAC);

  /** A walk's words, its page's sentences, and how it presses (by touch on a phone). */
  function walker(lang: Lang, page: Page, phone: boolean) {
    const w = { ...(lang === "ar" ? { ...ar, ...automationAr } : { ...en, ...automationEn }) };
    const at = automationTexts(texts(lang));
    const editor = page.getByRole("group", { name: w.autoMenu, exact: true });
    return {
      w,
      at,
      d: WALKS[lang],
      editor,
      n: (number: string) => digitsIn(lang, number),
      press: (l: Locator) => (phone ? l.tap() : l.click()),
      /** Option `number` ("3", "3.2") as the editor names its box. */
      option: (number: string) => editor.getByRole("group", { name: at("autoMenuOption", { number: digitsIn(lang, number) }), exact: true }),
      /** A field of the box `scope` (its own comes before those of a menu below it). */
      field: (scope: Locator, label: string) => scope.getByLabel(label, { exact: true }).first(),
      focused: () => page.evaluate(() => document.activeElement?.id),
    };
  }
  type Walker = ReturnType<typeof walker>;

  /** Builds the menu by clicking: two answers and a menu of two, moved up to be second; the deepest level is offered no menu. */
  async function buildMenu(page: Page, k: Walker, phone: boolean) {
    const { w, at, d, editor, option, field, press } = k;
    await page.getByLabel(w.autoName, { exact: true }).fill(d.name);
    await page.getByLabel(w.autoKeyword, { exact: true }).fill(d.keyword);
    await page.getByLabel(w.autoPositionField, { exact: true }).fill(k.n("1"));
    await page.getByLabel(w.autoAction, { exact: true }).selectOption("menu");
    expect(await page.getByLabel(w.autoText, { exact: true }).isVisible()).toBe(false);
    await field(editor, w.autoMenuText).fill(d.text);
    await editor.getByLabel(w.autoMenuStyle, { exact: true }).selectOption(d.style);
    if (d.button) await editor.getByLabel(w.autoMenuButton, { exact: true }).fill(d.button);
    await field(option("1"), w.autoMenuOptionTitle).fill(d.prices.title);
    await field(option("1"), w.autoMenuReply).fill(d.prices.reply);
    // An option added takes the focus, at its title.
    const add = editor.getByRole("button", { name: w.autoMenuAdd, exact: true }).last();
    await press(add);
    await expect.poll(k.focused).toBe("rule-menu-options-1-title");
    await page.keyboard.type(d.branches.title);
    if (d.branches.description) await field(option("2"), w.autoMenuOptionDescription).fill(d.branches.description);
    await field(option("2"), w.autoMenuOptionDoes).selectOption("menu");
    const cities = editor.getByRole("group", { name: at("autoMenuSubmenu", { number: k.n("2") }), exact: true });
    await field(cities, w.autoMenuText).fill(d.branches.text);
    await field(option("2.1"), w.autoMenuOptionTitle).fill(d.branches.cities[0].title);
    await field(option("2.1"), w.autoMenuReply).fill(d.branches.cities[0].reply);
    await press(cities.getByRole("button", { name: w.autoMenuAdd, exact: true }).last());
    await field(option("2.2"), w.autoMenuOptionTitle).fill(d.branches.cities[1].title);
    await field(option("2.2"), w.autoMenuReply).fill(d.branches.cities[1].reply);
    // A menu at the deepest level offers its options no menu; the page is no wider than a phone even there.
    await field(option("2.2"), w.autoMenuOptionDoes).selectOption("menu");
    const deepest = field(option("2.2.1"), w.autoMenuOptionDoes);
    expect(await deepest.locator("option").evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).toEqual(["reply", "handover"]);
    for (const width of phone ? [360, 390] : []) {
      await page.setViewportSize({ width, height: 844 });
      expect(await phoneLayout(page, "main button, main input:not([type=checkbox]), main select, nav a"), `at ${width} px`).toEqual({ scrollWidth: width, outside: [], small: [] });
    }
    await field(option("2.2"), w.autoMenuOptionDoes).selectOption("reply");
    expect(await option("2.2.1").count()).toBe(0);
    await press(add);
    await field(option("3"), w.autoMenuOptionTitle).fill(d.person.title);
    await field(option("3"), w.autoMenuOptionDoes).selectOption("handover");
    await field(option("3"), w.autoMenuHandoverReply).fill(d.person.reply);
    // Moved up, the last option is second and the focus stays on its button; moved down again, on
    // the one it can still press there (it is last).
    await press(option("3").getByRole("button", { name: w.autoMenuUp, exact: true }).last());
    await expect.poll(k.focused).toBe("rule-menu-options-1-up");
    expect(await field(option("2"), w.autoMenuOptionTitle).inputValue()).toBe(d.person.title);
    await press(option("2").getByRole("button", { name: w.autoMenuDown, exact: true }).last());
    await expect.poll(k.focused).toBe("rule-menu-options-2-up");
    expect(await Promise.all(["1", "2", "3"].map((o) => field(option(o), w.autoMenuOptionTitle).inputValue()))).toEqual([d.prices.title, d.branches.title, d.person.title]);
  }

  /** The menu as the API reads it back. */
  const savedMenu = (d: (typeof WALKS)[Lang]) => ({
    text: d.text,
    style: d.style,
    button: d.button,
    back: null,
    timeout: FIGURES.autoMenuTimeoutDefault,
    options: [
      { title: d.prices.title, description: null, reply: d.prices.reply, handover: false, menu: null },
      {
        title: d.branches.title,
        description: d.branches.description,
        reply: null,
        handover: false,
        menu: { text: d.branches.text, options: d.branches.cities.map((c) => ({ ...c, description: null, handover: false, menu: null })) },
      },
      { title: d.person.title, description: null, reply: d.person.reply, handover: true, menu: null },
    ],
  });

  /** Editing the saved rule, messages tried against the change not yet saved. */
  async function tryDraft(page: Page, k: Walker) {
    const { w, at, d, editor, option, field, press } = k;
    await press(ruleRow(page, d.name).getByRole("button", { name: w.edit, exact: true }));
    await page.getByRole("heading", { level: 3, name: `${w.edit}: ${d.name}` }).waitFor();
    expect(await field(option("2.2"), w.autoMenuOptionTitle).inputValue()).toBe(d.branches.cities[1].title);
    await field(editor, w.autoMenuText).fill(d.draftText);
    const tried = page.locator("#trial-answer p");
    const tryIt = async (text: string) => {
      await page.getByLabel(w.autoTrialText, { exact: true }).fill(text);
      await press(page.getByRole("button", { name: w.autoTry, exact: true }));
      await tried.first().waitFor();
      return tried.allTextContents();
    };
    // The draft answers, in the saved rule's stead; the menu tried shows as numbered text.
    const lines = [`1. ${d.prices.title}`, `2. ${d.branches.title}${d.branches.description ? ` (${d.branches.description})` : ""}`, `3. ${d.person.title}`];
    expect(await tryIt(d.keyword)).toEqual([w.autoTrialDraftReply, `${d.draftText}\n\n${lines.join("\n")}`]);
    expect(await tryIt(d.other.says)).toEqual([at("autoTrialReply", { rule: isolated(d.other.name) }), d.other.message]);
    // An option without a reply: refused beside that option, and nothing tried.
    await field(option("1"), w.autoMenuReply).fill("   ");
    await press(page.getByRole("button", { name: w.autoTry, exact: true }));
    await page.getByRole("alert").filter({ hasText: w.autoTrialDraftRefused }).waitFor();
    expect(await page.locator("#rule-menu-options-0-does-problem").textContent()).toBe(at("autoErr_menuOptionEmpty"));
    expect(await tried.count()).toBe(0);
    await expect.poll(k.focused).toBe("rule-menu-options-0-does");
  }

  /** A contact writes each message in turn; what each step sent. */
  async function walk(b: AutomationBusiness, says: string[]) {
    const contact = `96650${String(7_400_000 + b.t.id).padStart(7, "0")}`;
    const steps = [];
    for (const text of says) steps.push(await contactWrites(server(), HMAC, b, contact, text));
    return steps;
  }

  async function menuWalk(lang: Lang, phone: boolean) {
    const b = await automationBusiness(server());
    const db = server().app.deps.db;
    const other = await b.api.post("/automation/rules", { name: WALKS[lang].other.name, trigger: "fallback", action: "reply", message: WALKS[lang].other.message, position: 10 });
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    const { context, page, problems } = await openConsoleAs(browser(), server(), lang, b.cookie, phone);
    const k = walker(lang, page, phone);
    const { w, at, d, option, field, press } = k;
    await openSection(page, w.automation, { touch: phone });
    await ruleRow(page, d.other.name).waitFor();
    await buildMenu(page, k, phone);
    expect(await seriousViolations(page)).toEqual([]);
    await k.editor.screenshot({ path: path.join(shots, ...(phone ? ["phone"] : []), `automation-menu-${lang}.png`) });

    // Two options of one title: refused beside that menu's options, and nothing saved.
    await field(option("2.2"), w.autoMenuOptionTitle).fill(d.branches.cities[0].title);
    await press(page.getByRole("button", { name: w.save, exact: true }));
    const same = page.locator("#rule-menu-options-1-menu-options-problem");
    await same.waitFor();
    expect(await same.textContent()).toBe(at("autoErr_menuSameTitles"));
    expect(await option("2").locator(".field-problem").allTextContents()).toEqual([at("autoErr_menuSameTitles")]);
    expect(await db.automationRule.count({ where: { tenantId: b.t.id } })).toBe(1);
    await field(option("2.2"), w.autoMenuOptionTitle).fill(d.branches.cities[1].title);
    await press(page.getByRole("button", { name: w.save, exact: true }));
    await page
      .getByRole("status")
      .filter({ hasText: at("autoSaved", { rule: isolated(d.name) }) })
      .waitFor();
    const made = (await b.api.get("/automation/rules")).body.rules.find((r: { name: string }) => r.name === d.name);
    expect(made).toMatchObject({ trigger: "keyword", keyword: d.keyword, action: "menu", message: null, position: 1, menu: savedMenu(d) });
    const cells = (answered: number) => [
      d.name,
      k.n("1"),
      `${w.autoTrigger_keyword}: ${d.keyword}`,
      w.autoAction_menu,
      `${d.text} · ${at("autoMenuOptions", { count: 3 })}`,
      w.autoAllNumbers,
      at("autoOncePer", { span: texts(lang).span(10, "minute") }),
      k.n(String(answered)),
      w.autoOn,
      `${w.edit}${w.autoDisable}${w.delete}`,
    ];
    expect(await ruleRow(page, d.name).locator("td").allTextContents()).toEqual(cells(0));

    await tryDraft(page, k);
    expect((await b.api.get(`/automation/rules/${made.id}`)).body.rule.menu).toEqual(savedMenu(d));

    // A contact walks the saved menu: the top, the cities (below the top, 0 goes back), a city's answer.
    const [top, below, answer] = await walk(b, [d.keyword, lang === "ar" ? "٢" : "2", "1"]);
    for (const step of [top, below, answer]) expect(step).toMatchObject({ outcome: "answered", ruleId: made.id });
    if (lang === "ar") {
      expect([top!.text, below!.text, top!.content, below!.content]).toEqual([
        `${d.text}\n\n1. ${d.prices.title}\n2. ${d.branches.title}\n3. ${d.person.title}`,
        `${d.branches.text}\n\n1. ${d.branches.cities[0].title}\n2. ${d.branches.cities[1].title}\n0. رجوع`,
        null,
        null,
      ]);
    } else {
      // A list where the number can send one: the simulator can.
      const rows = (content: unknown) => (content as { button: string; sections: Array<{ rows: unknown[] }> }).sections[0]!.rows;
      expect([top!.text, below!.text, (top!.content as { button: string }).button]).toEqual([d.text, d.branches.text, d.button]);
      expect([rows(top!.content), rows(below!.content)]).toEqual([
        [
          { id: "1", title: d.prices.title, description: null },
          { id: "2", title: d.branches.title, description: d.branches.description },
          { id: "3", title: d.person.title, description: null },
        ],
        [
          { id: "1", title: d.branches.cities[0].title, description: null },
          { id: "2", title: d.branches.cities[1].title, description: null },
          { id: "0", title: "Back", description: null },
        ],
      ]);
    }
    expect(answer).toMatchObject({ text: d.branches.cities[0].reply, content: null });
    // Read again, the list counts the three answers.
    await page.reload();
    await ruleRow(page, d.name).waitFor();
    expect(await ruleRow(page, d.name).locator("td").allTextContents()).toEqual(cells(3));
    expect(problems).toEqual([]);
    await context.close();
  }

  it("in Arabic on a phone: built by touch, refused, saved, listed, tried as a draft, and walked by a contact", { timeout: BROWSER_WALK_MS }, () => menuWalk("ar", true));
  it("in English at a desktop's width: built by clicking, refused, saved, listed, tried as a draft, and walked by a contact", { timeout: BROWSER_WALK_MS }, () =>
    menuWalk("en", false),
  );
});
