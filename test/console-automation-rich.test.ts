import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useServer } from "./kit/server.js";
import { browserSuitesRun, launchChromium, openPage, openSection, seriousViolations } from "./kit/browser.js";
import { staffUser } from "./kit/staff.js";
import { en } from "../src/features/console/web/texts-en.js";
import { automationEn } from "../src/features/console/web/pages/automation/texts-en.js";
import { automationTexts } from "../src/features/console/web/pages/automation/texts.js";
import { texts } from "../src/features/console/web/i18n.js";
import { BROWSER_WALK_MS } from "./kit/limits.js";

// A rule with a rich kind (docs/automation.md, "Rich answers") on the console's Automation page in
// Chromium: the list says what it sends ("Buttons: Morning · Evening"), a trial names them, the
// editor says it keeps them (and a trial of the rule as it stands there still sends them), and a
// change saved from the editor leaves them as they were (the API reads them back).

/** The business's own words in a sentence: each isolated (U+2068…U+2069). */
const isolated = (words: string) => `\u2068${words}\u2069`;
const buttons = {
  buttons: [
    { id: "morning", title: "Morning" },
    { id: "evening", title: "Evening" },
  ],
};

describe.runIf(browserSuitesRun)("a rich rule on the console's Automation page", () => {
  const server = useServer({ SIMULATOR_LATENCY_MS: "0" });
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => browser?.close());

  const row = (page: Page, name: string) => page.locator("tbody tr").filter({ has: page.locator("td.title", { hasText: new RegExp(`^${name}$`) }) });

  it("is listed with its kind, tried, and edited without losing it", { timeout: BROWSER_WALK_MS }, async () => {
    const w = { ...en, ...automationEn };
    const at = automationTexts(texts("en"));
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    const made = await api.post("/automation/rules", { name: "Booking", trigger: "keyword", keyword: "book", action: "reply", message: "When?", interactive: buttons });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const { cookie } = await staffUser(server(), t.key, `owner-${t.id}@example.com`, "owner");
    const { context, page, problems } = await openPage(browser, { lang: "en", bypassCSP: true, dialogsAreProblems: true, timeoutMs: 15_000 });
    const eq = cookie.indexOf("=");
    await context.addCookies([{ name: cookie.slice(0, eq), value: cookie.slice(eq + 1), url: server().url }]);
    await page.goto(`${server().url}/console/#/overview`);
    await page.locator(".shell main h2").waitFor();
    await openSection(page, w.automation);
    await row(page, "Booking").waitFor();
    const kind = at("autoKind_buttons", { titles: `${isolated("Morning")} · ${isolated("Evening")}` });
    expect(await row(page, "Booking").locator("td").nth(4).textContent()).toBe(`When? · ${kind}`);

    // Tried, the rule would send its buttons.
    await page.getByLabel(w.autoTrialText, { exact: true }).fill("I want to book");
    await page.getByRole("button", { name: w.autoTry, exact: true }).click();
    const tried = page.locator("#trial-answer p");
    await tried.nth(2).waitFor();
    expect(await tried.allTextContents()).toEqual([at("autoTrialReply", { rule: isolated("Booking") }), "When?", `${w.autoTrialContent} ${kind}`]);

    // The editor says the buttons stay; a change saved from it keeps them.
    await row(page, "Booking").getByRole("button", { name: w.edit, exact: true }).click();
    expect(await page.locator("#rule-content").textContent()).toBe(`${w.autoContentKept} ${kind}`);
    // Tried from the editor, the rule as it stands (a draft, unsaved) sends them too.
    await page.getByRole("button", { name: w.autoTry, exact: true }).click();
    await tried.filter({ hasText: w.autoTrialDraftReply }).waitFor();
    expect(await tried.allTextContents()).toEqual([w.autoTrialDraftReply, "When?", `${w.autoTrialContent} ${kind}`]);
    await page.getByLabel(w.autoCooldownField, { exact: true }).fill("60");
    await page.getByRole("button", { name: w.save, exact: true }).click();
    await page
      .getByRole("status")
      .filter({ hasText: at("autoSaved", { rule: isolated("Booking") }) })
      .waitFor();
    expect((await api.get(`/automation/rules/${made.body.rule.id}`)).body.rule).toMatchObject({ cooldown_seconds: 60, message: "When?", interactive: buttons });
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
