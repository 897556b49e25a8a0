import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserSuitesRun, openSection, phoneLayout, seriousViolations } from "./kit/browser.js";
import { graphqlAs } from "./kit/staff.js";
import { automationBusiness, contactWrites, openConsoleAs, ruleRow, useAutomationPage } from "./kit/automation-console.js";
import { ar } from "../src/features/console/web/texts-ar.js";
import { en } from "../src/features/console/web/texts-en.js";
import { texts } from "../src/features/console/web/i18n.js";
import { automationAr } from "../src/features/console/web/pages/automation/texts-ar.js";
import { automationEn } from "../src/features/console/web/pages/automation/texts-en.js";
import { automationTexts } from "../src/features/console/web/pages/automation/texts.js";
import { FIGURES } from "../src/features/console/web/figures.js";
import { DEFAULT_COOLDOWN_SECONDS, MAX_COOLDOWN_SECONDS, MAX_RULE_NAME } from "../src/features/automation/rule-input.js";
import { MAX_KEYWORD_LENGTH, MAX_PATTERN_LENGTH } from "../src/features/automation/matching.js";
import { MAX_RULES_PER_TENANT } from "../src/features/automation/rules.js";
import { BROWSER_WALK_MS } from "./kit/limits.js";

// The console's Automation page (docs/console.md, "Automation") in Chromium. An owner, in Arabic at
// a desktop's width, is refused a pattern RE2 cannot take beside the pattern field (nothing is
// saved), makes a keyword rule with an Arabic answer, tries a message in the editor ("كم السِّعر؟",
// its diacritics unified, would trigger the rule being edited and send its answer; "السعرات" would
// trigger none) and saves a change; then a contact writing to the business's number through WAHA's signed
// webhook is answered by the rule (the server's automation_work row for that message says
// `answered`) and the answer shows in the Messages page. In English on a phone (390 px, touch,
// through the folded menu) an owner sees a rule made over REST, turns it off (the API then says
// `enabled: false`) and deletes it after a question. A viewer (no automation:manage) is not offered
// the page, and by address the page asks nothing; the server refuses the query anyway.
// Screenshots go to docs/console/ with CONSOLE_SCREENSHOTS=docs.

const HMAC = "console-automation-hmac";

/** A rule's name as the page writes it inside a sentence: isolated (U+2068…U+2069). */
const isolated = (name: string) => `\u2068${name}\u2069`;

describe("the Automation page's figures", () => {
  it("are the API's limits", () => {
    expect([FIGURES.autoNameMax, FIGURES.autoKeywordMax, FIGURES.autoPatternMax]).toEqual([MAX_RULE_NAME, MAX_KEYWORD_LENGTH, MAX_PATTERN_LENGTH]);
    expect([FIGURES.autoCooldownDefault, FIGURES.autoCooldownMaxSeconds, FIGURES.autoCooldownMaxDays * 86_400]).toEqual([
      DEFAULT_COOLDOWN_SECONDS,
      MAX_COOLDOWN_SECONDS,
      MAX_COOLDOWN_SECONDS,
    ]);
    expect(FIGURES.autoRulesMax).toBe(MAX_RULES_PER_TENANT);
  });
});

describe.runIf(browserSuitesRun)("the console's Automation page in Chromium", () => {
  const { server, browser, shots } = useAutomationPage(HMAC);

  const business = (role?: string) => automationBusiness(server(), role);
  const open = (lang: "ar" | "en", cookie: string, phone = false) => openConsoleAs(browser(), server(), lang, cookie, phone);
  const row = ruleRow;
  const cells = (page: Page, name: string) => row(page, name).locator("td").allTextContents();
  const picture = (page: Page, name: string, phone = false) => page.screenshot({ path: path.join(shots, ...(phone ? ["phone", name] : [name])), fullPage: !phone });

  it("makes a keyword rule in Arabic, refuses a pattern RE2 cannot take beside its field, tries a message, and the rule answers a contact", {
    timeout: BROWSER_WALK_MS,
  }, async () => {
    const w = { ...ar, ...automationAr };
    const at = automationTexts(texts("ar"));
    const db = server().app.deps.db;
    const b = await business();
    const { context, page, problems } = await open("ar", b.cookie);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
    await openSection(page, w.automation);
    await page.getByRole("heading", { level: 2, name: w.automation }).waitFor();
    await page.getByText(w.autoNone).waitFor();

    // A pattern with a back-reference: RE2's refusal beside the pattern field, in the page's words
    // with RE2's reason; the focus goes there, and nothing is saved.
    await page.getByLabel(w.autoName, { exact: true }).fill("تكرار");
    await page.getByLabel(w.autoTrigger, { exact: true }).selectOption("pattern");
    await page.getByLabel(w.autoPattern, { exact: true }).fill("(a)\\1");
    await page.getByLabel(w.autoText, { exact: true }).fill("مكرر");
    await page.getByRole("button", { name: w.save, exact: true }).click();
    const refused = page.locator("#rule-pattern-problem");
    await refused.waitFor();
    expect(await refused.textContent()).toBe(at("autoErr_patternSyntax", { reason: "\u2066invalid escape sequence: `\\1`\u2069" }));
    const pattern = page.getByLabel(w.autoPattern, { exact: true });
    expect([await pattern.getAttribute("aria-invalid"), await pattern.getAttribute("aria-describedby")]).toEqual(["true", "rule-pattern-help rule-pattern-problem"]);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("rule-pattern");
    expect(await db.automationRule.count({ where: { tenantId: b.t.id } })).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await picture(page, "automation-refused-ar.png");

    // The keyword rule, with an Arabic answer.
    const answer = "أسعارنا هنا: https://example.com/prices";
    await page.getByLabel(w.autoTrigger, { exact: true }).selectOption("keyword");
    expect(await pattern.count()).toBe(0);
    await page.getByLabel(w.autoName, { exact: true }).fill("الأسعار");
    await page.getByLabel(w.autoKeyword, { exact: true }).fill("السعر");
    await page.getByLabel(w.autoText, { exact: true }).fill(answer);
    await page.getByRole("button", { name: w.save, exact: true }).click();
    await page
      .getByRole("status")
      .filter({ hasText: at("autoSaved", { rule: isolated("الأسعار") }) })
      .waitFor();
    // Each cell as the page writes it, how often it answers one contact given.
    const shown = (often: string) => ["الأسعار", "١", "كلمة مفتاحية: السعر", "الرد", answer, "كل الأرقام", often, "٠", "مفعّلة", "تعديلتعطيلحذف"];
    expect(await cells(page, "الأسعار")).toEqual(shown("مرة كل ١٠ دقائق"));
    expect(await page.getByLabel(w.autoName, { exact: true }).inputValue()).toBe("");
    const [made] = (await b.api.get("/automation/rules")).body.rules;
    expect(made).toMatchObject({
      name: "الأسعار",
      position: 1,
      trigger: "keyword",
      keyword: "السعر",
      action: "reply",
      message: answer,
      cooldown_seconds: 600,
      enabled: true,
      account_ids: [],
    });

    // In the editor, a message tried: the rule being edited would answer it, diacritics and all; another word would not.
    await row(page, "الأسعار").getByRole("button", { name: w.edit, exact: true }).click();
    await page.getByRole("heading", { level: 3, name: `${w.edit}: الأسعار` }).waitFor();
    expect(await page.locator("p.notice").textContent()).toBe("");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("rule-name");
    const tried = page.locator("#trial-answer p");
    await page.getByLabel(w.autoTrialText, { exact: true }).fill("كم السِّعر؟");
    await page.getByRole("button", { name: w.autoTry, exact: true }).click();
    await tried.first().waitFor();
    expect(await tried.allTextContents()).toEqual([w.autoTrialDraftReply, answer]);
    expect(await seriousViolations(page)).toEqual([]);
    await picture(page, "automation-ar.png");
    await page.getByLabel(w.autoTrialText, { exact: true }).fill("السعرات");
    await page.getByRole("button", { name: w.autoTry, exact: true }).click();
    await page.locator("#trial-answer").getByText(w.autoTrialNone, { exact: true }).waitFor();

    // A change saved from the editor: five minutes between answers to one contact.
    await page.getByLabel(w.autoCooldownField, { exact: true }).fill("٣٠٠");
    await page.getByRole("button", { name: w.save, exact: true }).click();
    await page
      .getByRole("status")
      .filter({ hasText: at("autoSaved", { rule: isolated("الأسعار") }) })
      .waitFor();
    await page.getByRole("heading", { level: 3, name: w.autoNew }).waitFor();
    expect(await cells(page, "الأسعار")).toEqual(shown("مرة كل ٥ دقائق"));
    expect((await b.api.get(`/automation/rules/${made.id}`)).body.rule).toMatchObject({ keyword: "السعر", message: answer, cooldown_seconds: 300, enabled: true });

    // A contact asks the price: the rule answers, as the server's record of that message says, and
    // the answer is in the Messages page.
    const contact = `96650${String(7_300_000 + b.t.id).padStart(7, "0")}`;
    expect(await contactWrites(server(), HMAC, b, contact, "كم السعر؟")).toMatchObject({ outcome: "answered", ruleId: made.id, text: answer });
    await openSection(page, w.messages);
    await page.getByRole("heading", { level: 2, name: w.messages }).waitFor();
    const sent = row(page, `\\+${contact}`);
    await sent.waitFor();
    expect(await sent.locator("td").nth(1).textContent()).toBe(answer);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("on a phone in English shows a rule, turns it off (the API says so) and deletes it after a question", { timeout: BROWSER_WALK_MS }, async () => {
    const w = { ...en, ...automationEn };
    const at = automationTexts(texts("en"));
    const b = await business();
    const made = (
      await b.api.post("/automation/rules", {
        name: "Prices",
        trigger: "keyword",
        keyword: "price",
        action: "reply",
        message: "Our prices: https://example.com/prices",
        cooldown_seconds: 90,
      })
    ).body.rule;
    const { context, page, problems } = await open("en", b.cookie, true);
    await openSection(page, w.automation, { touch: true });
    await page.getByRole("heading", { level: 2, name: w.automation }).waitFor();
    await row(page, "Prices").waitFor();
    // Each cell as the page writes it, the state and its switch given.
    const shown = (state: string, toggle: string) => [
      "Prices",
      "1",
      "A keyword: price",
      "Reply",
      "Our prices: https://example.com/prices",
      "All numbers",
      "Once per 90 seconds",
      "0",
      state,
      `Edit${toggle}Delete`,
    ];
    expect(await cells(page, "Prices")).toEqual(shown(w.autoOn, w.autoDisable));
    for (const width of [360, 390]) {
      await page.setViewportSize({ width, height: 844 });
      expect(await phoneLayout(page, "main button, main input:not([type=checkbox]), main select, nav a"), `at ${width} px`).toEqual({ scrollWidth: width, outside: [], small: [] });
    }
    expect(await seriousViolations(page)).toEqual([]);
    await picture(page, "automation-en.png", true);

    await row(page, "Prices").getByRole("button", { name: w.autoDisable, exact: true }).tap();
    await page
      .getByRole("status")
      .filter({ hasText: at("autoTurnedOff", { rule: isolated("Prices") }) })
      .waitFor();
    expect((await b.api.get(`/automation/rules/${made.id}`)).body.rule.enabled).toBe(false);
    expect(await cells(page, "Prices")).toEqual(shown(w.autoOff, w.autoEnable));

    // Deleting asks first, with the focus on keeping it.
    await row(page, "Prices").getByRole("button", { name: w.delete, exact: true }).tap();
    const question = row(page, "Prices").locator('.confirm[role="group"]');
    await question.waitFor();
    expect(await question.locator("p").textContent()).toBe(at("autoDeleteConfirm", { rule: isolated("Prices") }));
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(w.keep);
    await question.getByRole("button", { name: w.autoDeleteYes, exact: true }).tap();
    await page
      .getByRole("status")
      .filter({ hasText: at("autoDeleted", { rule: isolated("Prices") }) })
      .waitFor();
    await page.getByText(w.autoNone, { exact: true }).waitFor();
    expect((await b.api.get(`/automation/rules/${made.id}`)).status).toBe(404);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("is not offered to a viewer, and opened by address it asks nothing; the server refuses the rules anyway", async () => {
    const viewer = await business("viewer");
    const { context, page, problems } = await open("en", viewer.cookie);
    const requests: string[] = [];
    page.on("request", (r) => r.url().endsWith("/graphql") && requests.push(r.postData() ?? ""));
    // A viewer's scopes (docs/access.md): messages:read, contacts:read, inbox:read, accounts:read.
    expect(await page.locator("#menu a").evaluateAll((links) => links.map((a) => a.getAttribute("href")))).toEqual([
      "#/overview",
      "#/batches",
      "#/messages",
      "#/inbox",
      "#/exports",
      "#/contacts",
      "#/numbers",
      "#/security",
    ]);
    await page.goto(`${server().url}/console/#/automation`);
    await page.getByRole("heading", { level: 2, name: en.automation }).waitFor();
    await page
      .getByRole("alert")
      .filter({ hasText: en.notAllowedRole.replace("{role}", en.role_viewer) })
      .waitFor();
    expect(requests.filter((r) => r.includes("ConsoleAutomation"))).toEqual([]);
    const refused = await graphqlAs(server(), viewer.cookie, "{ automationRules { id } }");
    expect(refused.body.errors?.[0]?.extensions, JSON.stringify(refused.body)).toMatchObject({ code: "INSUFFICIENT_SCOPE", scope: "automation:manage" });
    expect(problems).toEqual([]);
    await context.close();
  });
});
