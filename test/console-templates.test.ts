import fs from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "./kit/server.js";
import { startGraphApi, type GraphTemplate } from "./kit/graph-api.js";
import { browserSuitesRun, launchChromium, openPage, openSection, seriousViolations, signInWithKey } from "./kit/browser.js";
import { ar } from "../src/features/console/web/texts-ar.js";
import { en } from "../src/features/console/web/texts-en.js";
import { texts } from "../src/features/console/web/i18n.js";
import { ApiError } from "../src/features/console/web/api.js";
import { placeholdersOf, submissionProblems, targetOf } from "../src/features/console/web/pages/whatsapp-templates/template-fields.js";
import { BROWSER_WALK_MS } from "./kit/limits.js";

// The console's WhatsApp templates page ("WhatsApp template review", "قوالب واتساب") in Chromium,
// in Arabic and in English, against the Graph API stand-in (test/kit/graph-api.ts): the templates
// synced when a Cloud API number connected show with Meta's review status and quality in words (a
// reason with it when Meta gave one), "Sync from Meta" brings one added at Meta since, and a new
// template with two placeholders and Arabic examples goes to Meta for review and shows as pending;
// a missing example is said beside the examples and sends nothing. On a phone (360 and 390 px,
// touch) the page is reached through the folded menu and fits the screen.

// Pictures only when asked for (they cost a second each): CONSOLE_SCREENSHOTS=docs writes docs/console/.
const shots = process.env.CONSOLE_SCREENSHOTS === "docs" ? path.resolve("docs/console") : undefined;
const snap = async (page: Page, name: string, fullPage = true) => {
  if (shots) await page.screenshot({ path: path.join(shots, name), fullPage });
};

type Lang = "ar" | "en";
const words = (lang: Lang) => (lang === "ar" ? ar : en);

const template = (id: string, name: string, status: string, extra: Partial<GraphTemplate> = {}): GraphTemplate => ({
  id,
  name,
  language: "en_US",
  category: "UTILITY",
  status,
  components: [{ type: "BODY", text: "Your order {{1}} is on its way.", example: { body_text: [["A17"]] } }],
  ...extra,
});

describe.runIf(browserSuitesRun)("the console's WhatsApp templates page in Chromium", () => {
  let graph: Awaited<ReturnType<typeof startGraphApi>>;
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    graph = await startGraphApi();
    [server, browser] = await Promise.all([startServer({ WHATSAPP_CLOUD_BASE_URL: graph.url }), launchChromium()]);
    if (shots) fs.mkdirSync(path.join(shots, "phone"), { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await graph?.close();
  });

  /**
   * A tenant with a Cloud API number of a business account of its own, which holds an approved
   * template rated GREEN, one Meta paused (RED), one it rejected with its reason, and one with a
   * location header this gateway cannot send (left out when synced, and counted).
   */
  let wabas = 0;
  async function tenantWithTemplates() {
    const n = String(++wabas).padStart(4, "0");
    const c = { token: `EAAG-console-templates-token-${n}`, wabaId: `10229012935${n}`, phoneNumberId: `10654035225${n}` };
    const date = 1_764_000_000;
    graph.addWaba(c.token, {
      id: c.wabaId,
      name: `Templates ${n}`,
      phoneNumbers: [{ id: c.phoneNumberId, display_phone_number: `96655125${n}`, verified_name: "Acme", quality_rating: "GREEN", messaging_limit_tier: "TIER_1K" }],
      templates: [
        template(`7${n}01`, "order_update", "APPROVED", { quality_score: { score: "GREEN", date } }),
        template(`7${n}02`, "summer_promo", "PAUSED", { category: "MARKETING", quality_score: { score: "RED", date } }),
        template(`7${n}03`, "winter_promo", "REJECTED", { category: "MARKETING", language: "ar", rejected_reason: "INVALID_FORMAT" }),
        template(`7${n}04`, "store_location", "APPROVED", {
          components: [
            { type: "HEADER", format: "LOCATION" },
            { type: "BODY", text: "Visit us" },
          ],
        }),
      ],
    });
    const t = await server.seed.tenant().create();
    const connected = await server
      .client(t.key)
      .post("/accounts", { channel: "whatsapp-cloud", name: "Cloud", phone_number_id: c.phoneNumberId, waba_id: c.wabaId, access_token: c.token });
    expect(connected.status, JSON.stringify(connected.body)).toBe(200);
    return { t, waba: graph.wabas.get(c.wabaId)! };
  }

  async function signedIn(lang: Lang, key: string, phone = false): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
    const opened = await openPage(browser, { lang, phone, bypassCSP: true, dialogsAreProblems: true });
    await opened.page.goto(`${server.url}/console`);
    await signInWithKey(opened.page, key, { label: words(lang).apiKey, heading: words(lang).overview });
    return opened;
  }

  const row = (page: Page, name: string) => page.locator("tbody tr").filter({ has: page.locator("td.title", { hasText: new RegExp(`^${name}$`) }) });

  /** The template's text with two placeholders, in Arabic, and the example field of each as the form adds them. */
  async function writeBody(page: Page, lang: Lang) {
    const tx = texts(lang);
    await page.getByLabel(words(lang).waBody).fill("موعد التوصيل {{1}} بين {{2}}");
    const example = (n: number) => page.getByLabel(tx.t("waExample", { placeholder: `{{${n}}}` }), { exact: true });
    await example(2).waitFor();
    return example;
  }

  for (const lang of ["ar", "en"] as const) {
    it(`shows Meta's templates in words, syncs a new one from Meta, and sends one with Arabic examples for review (${lang})`, { timeout: BROWSER_WALK_MS }, async () => {
      const w = words(lang);
      const tx = texts(lang);
      const { t, waba } = await tenantWithTemplates();
      const { context, page, problems } = await signedIn(lang, t.key);
      await openSection(page, w.whatsappTemplates);
      await page.getByRole("heading", { level: 2, name: w.whatsappTemplates }).waitFor();
      await row(page, "order_update").waitFor();

      // Meta's status and quality in words; Meta's reason beside a rejection; the location one left out.
      const shown = async (name: string) => (await row(page, name).textContent()) ?? "";
      expect(await shown("order_update")).toContain(w.waStatus_APPROVED);
      expect(await shown("order_update")).toContain(w.quality_GREEN);
      expect(await shown("summer_promo")).toContain(w.waStatus_PAUSED);
      expect(await shown("summer_promo")).toContain(w.quality_RED);
      expect(await shown("winter_promo")).toContain(w.waStatus_REJECTED);
      expect(await shown("winter_promo")).toContain(w.statusReason.replace("{reason}", "INVALID_FORMAT"));
      expect(await shown("winter_promo")).toContain(w.qualityNone);
      expect(await row(page, "summer_promo").locator(".review").getAttribute("class")).toBe("review PAUSED");
      expect(await row(page, "store_location").count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      await snap(page, `whatsapp-templates-${lang}.png`);

      // A template added in Meta's tools since: "Sync from Meta" brings it, and says how many.
      waba.templates.push(template(`8${wabas}05`, "appointment_reminder", "APPROVED"));
      await page.getByRole("button", { name: w.syncFromMeta }).click();
      await page
        .getByRole("status")
        .filter({ hasText: tx.t("synced", { synced: 4, skipped: 1 }) })
        .waitFor();
      expect(await shown("appointment_reminder")).toContain(w.waStatus_APPROVED);

      // A new template, its text in Arabic with two placeholders; one example missing is refused beside the examples.
      await page.getByLabel(w.waName).fill("delivery_slot");
      await page.getByLabel(w.waLanguage).selectOption("ar");
      if (lang === "ar") {
        await page.getByLabel(tx.t("waHeader")).fill("طلبك {{1}}");
        await page.getByLabel(w.waHeaderExample).fill("A17");
        await page.getByLabel(tx.t("waFooter")).fill("متجر أكمي");
        await page.getByRole("button", { name: w.addButton }).click();
        const first = page.getByRole("group", { name: tx.t("buttonN", { n: 1 }) });
        expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("SELECT");
        await first.getByLabel(w.buttonType).selectOption("url");
        await first.getByLabel(tx.t("buttonText")).fill("تتبع الطلب");
        await first.getByLabel(w.buttonUrl).fill("https://acme.example/track/{{1}}");
        await first.getByLabel(w.buttonUrlExample).fill("A17");
      }
      await page.getByRole("button", { name: w.addButton }).click();
      const last = page.getByRole("group", { name: tx.t("buttonN", { n: lang === "ar" ? 2 : 1 }) });
      await last.getByLabel(tx.t("buttonText")).fill(lang === "ar" ? "غيّر الموعد" : "Change the time");
      const example = await writeBody(page, lang);
      await example(1).fill("الأحد");
      await page.getByRole("button", { name: w.submitForReview }).click();
      await page.locator("#wa-bodyExamples-1-problem").filter({ hasText: w.waErr_bodyExamples }).waitFor();
      expect(await example(2).getAttribute("aria-invalid")).toBe("true");
      expect(await example(2).getAttribute("aria-describedby")).toBe("wa-bodyExamples-1-problem");
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("wa-bodyExamples-1");
      await page.getByRole("alert").filter({ hasText: w.fixBelow }).waitFor();
      expect(waba.templates.some((x) => x.name === "delivery_slot")).toBe(false);
      expect(await server.app.deps.db.whatsAppTemplate.count({ where: { tenantId: t.id, name: "delivery_slot" } })).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      await snap(page, `whatsapp-template-refused-${lang}.png`);

      await example(2).fill("9 و 11");
      await page.getByRole("button", { name: w.submitForReview }).click();
      await page
        .getByRole("status")
        .filter({ hasText: w.submitted.replace("{name}", "delivery_slot") })
        .waitFor();
      await row(page, "delivery_slot").waitFor();
      expect(await shown("delivery_slot")).toContain(w.waStatus_PENDING);
      expect(await page.getByLabel(w.waBody).inputValue()).toBe("");

      // Meta holds it for review, with the examples as typed.
      const atMeta = waba.templates.find((x) => x.name === "delivery_slot");
      expect(atMeta).toMatchObject({ status: "PENDING", language: "ar", category: "UTILITY" });
      const body = { type: "BODY", text: "موعد التوصيل {{1}} بين {{2}}", example: { body_text: [["الأحد", "9 و 11"]] } };
      expect(atMeta!.components).toEqual(
        lang === "ar"
          ? [
              { type: "HEADER", format: "TEXT", text: "طلبك {{1}}", example: { header_text: ["A17"] } },
              body,
              { type: "FOOTER", text: "متجر أكمي" },
              {
                type: "BUTTONS",
                buttons: [
                  { type: "URL", text: "تتبع الطلب", url: "https://acme.example/track/{{1}}", example: ["A17"] },
                  { type: "QUICK_REPLY", text: "غيّر الموعد" },
                ],
              },
            ]
          : [body, { type: "BUTTONS", buttons: [{ type: "QUICK_REPLY", text: "Change the time" }] }],
      );
      expect(await seriousViolations(page)).toEqual([]);
      await snap(page, `whatsapp-template-sent-${lang}.png`);
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  /** The page as laid out: how wide it scrolls, boxes past an edge, and buttons, fields and links under 44 × 44 px. */
  const phoneLayout = (page: Page) =>
    page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      const box = (e: Element) => {
        const r = e.getBoundingClientRect();
        return r.width > 1 && r.height > 1 ? r : undefined;
      };
      const named = (e: Element) => `${e.tagName.toLowerCase()}: ${(e.textContent ?? "").trim().slice(0, 30)}`;
      const outside = [...document.body.querySelectorAll("*")].filter((e) => {
        const r = box(e);
        return r && (r.left < -0.5 || r.right > width + 0.5);
      });
      const small = [...document.querySelectorAll("button, select, input:not([type=checkbox]), textarea, nav a, td a")].filter((e) => {
        const r = box(e);
        return r && (r.width < 44 || r.height < 44);
      });
      return { scrollWidth: document.documentElement.scrollWidth, innerWidth, outside: outside.map(named), small: small.map(named) };
    });

  async function checkPhone(page: Page, picture: string) {
    for (const width of [360, 390]) {
      await page.setViewportSize({ width, height: 844 });
      expect(await phoneLayout(page), `${picture} at ${width} px`).toEqual({ scrollWidth: width, innerWidth: width, outside: [], small: [] });
    }
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, path.join("phone", `${picture}.png`), false);
  }

  for (const lang of ["ar", "en"] as const) {
    it(`works on a phone: the templates through the folded menu, syncing, and the new template's form with its refusal within the screen (${lang})`, {
      timeout: BROWSER_WALK_MS,
    }, async () => {
      const w = words(lang);
      const tx = texts(lang);
      const { t } = await tenantWithTemplates();
      const { context, page, problems } = await signedIn(lang, t.key, true);
      const nav = page.getByRole("navigation", { name: w.nav });
      await openSection(page, w.whatsappTemplates, { touch: true });
      await nav.waitFor({ state: "hidden" });
      await row(page, "winter_promo").waitFor();
      await checkPhone(page, `whatsapp-templates-${lang}`);
      await page.getByRole("button", { name: w.syncFromMeta }).tap();
      await page
        .getByRole("status")
        .filter({ hasText: tx.t("synced", { synced: 3, skipped: 1 }) })
        .waitFor();

      await page.getByLabel(w.waName).fill("delivery_slot");
      const example = await writeBody(page, lang);
      await example(2).fill("9 و 11");
      await page.getByRole("button", { name: w.addButton }).tap();
      const button = page.getByRole("group", { name: tx.t("buttonN", { n: 1 }) });
      await button.getByLabel(w.buttonType).selectOption("phone_number");
      await button.getByLabel(tx.t("buttonText")).fill(lang === "ar" ? "اتصل بنا" : "Call us");
      await button.getByLabel(w.buttonPhone).fill("+966501234567");
      await page.getByRole("button", { name: w.submitForReview }).tap();
      await page.locator("#wa-bodyExamples-0-problem").filter({ hasText: w.waErr_bodyExamples }).waitFor();
      await checkPhone(page, `whatsapp-template-refused-${lang}`);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});

describe("the WhatsApp templates form's reading of placeholders and refusals", () => {
  it("finds each placeholder once, in order, and says each refusal beside the field the API names", () => {
    expect(placeholdersOf("{{2}} قبل {{1}} ثم {{ 2 }} و {{name}}")).toEqual([1, 2]);
    expect(targetOf("buttons[0][url]")).toBe("buttons.0.url");
    expect(targetOf("buttons.0.url")).toBe("buttons.0.url");
    expect(targetOf("bodyExamples[1]")).toBe("bodyExamples.1");
    for (const lang of ["ar", "en"] as const) {
      const tx = texts(lang);
      const w = words(lang);
      const refusal = new ApiError("VALIDATION_ERROR", "Invalid fields.", {
        bodyExamples: "must give one example for each of its 2 placeholders",
        "bodyExamples[1]": "must not be empty",
        "buttons[0][url]": "must be an https link",
        "buttons[1][phoneNumber]": "is required for a phone_number button",
        name: "Meta refused the template: Message template already exists",
        headerExample: "goes with a header holding {{1}}",
      });
      expect(submissionProblems(tx, refusal)).toEqual({
        bodyExamples: w.waErr_bodyExamples,
        "bodyExamples.1": w.waErr_bodyExamples,
        "buttons.0.url": w.waErr_buttonUrl,
        "buttons.1.phoneNumber": w.waErr_buttonPhone,
        name: w.waErr_nameMeta.replace("{reason}", "Message template already exists"),
        headerExample: w.waErr_headerExample,
      });
      expect(submissionProblems(tx, new ApiError("CHANNEL_ERROR", "Meta did not answer."))).toEqual({ form: w.numberError_CHANNEL_ERROR });
    }
  });
});
