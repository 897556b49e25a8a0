import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useServer } from "./kit/server.js";
import { browserSuitesRun, launchChromium, openPage } from "./kit/browser.js";
import { postWahaText } from "./kit/provider-signing.js";
import { staffUser } from "./kit/staff.js";
import { SECTIONS } from "../src/features/console/web/access.js";
import { FIGURES } from "../src/features/console/web/figures.js";
import { SESSION_LIFETIME_MS } from "../src/core/auth/console-session.js";
import { ar } from "../src/features/console/web/texts-ar.js";
import { en } from "../src/features/console/web/texts-en.js";
import { BROWSER_WALK_MS } from "./kit/limits.js";

// One digit system per language (docs/console.md, "Accessibility and language"): in Chromium, every
// page of the console an owner can open, with data on it (sends, a batch, replies, contacts, a
// template, webhook deliveries, an export, the audit log), shows no Latin digit in Arabic and no
// Arabic-Indic digit in English, in its text and in what it says to screen readers (aria-label,
// title, alt). What a person types or copies as it is stays in Latin digits in both languages and
// is marked so: a <bdi> (strangers' text, names), an element written left to right (dir="ltr": phone
// numbers, addresses, audit targets, key prefixes, template names), a form field, or a run isolated
// left to right in an Arabic sentence (U+2066…U+2069: `+966…`, `{{1}}`, `user:3`).

const WAHA_HMAC = "console-digits-hmac";

/** Every place of the page with a digit of the other language's system, outside what is written verbatim. */
function strayDigits(page: Page, lang: "ar" | "en"): Promise<string[]> {
  return page.evaluate((lang) => {
    const wrong = lang === "ar" ? /[0-9]/ : /[\u0660-\u0669\u06F0-\u06F9]/;
    const verbatim = (el: Element) => el.closest('bdi, :not(html)[dir="ltr"], input, textarea, code, pre, script, style') !== null;
    const bare = (text: string) => text.replace(/[\u2066-\u2068][^\u2069]*\u2069/g, "");
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (parent && !verbatim(parent) && wrong.test(bare(node.textContent ?? ""))) found.push(`${parent.tagName.toLowerCase()}: ${node.textContent?.trim().slice(0, 80)}`);
    }
    for (const el of document.body.querySelectorAll("[aria-label], [title], [alt]")) {
      if (verbatim(el)) continue;
      for (const name of ["aria-label", "title", "alt"]) {
        const value = el.getAttribute(name);
        if (value && wrong.test(bare(value))) found.push(`${el.tagName.toLowerCase()}[${name}]: ${value.slice(0, 80)}`);
      }
    }
    return found;
  }, lang);
}

describe("the figures the console's texts name", () => {
  it("say the session's hours the server keeps", () => {
    expect(FIGURES.sessionHours * 3_600_000).toBe(SESSION_LIFETIME_MS);
  });
});

describe.runIf(browserSuitesRun)("the console's digits, in Chromium", () => {
  const server = useServer({ WAHA_WEBHOOK_HMAC_KEY: WAHA_HMAC, SIMULATOR_LATENCY_MS: "0", WORKER_POLL_MS: "50", WEBHOOK_ALLOW_PRIVATE_ADDRESSES: "true" });
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => browser?.close());

  it("are Arabic-Indic on every Arabic page and Latin on every English one", { timeout: BROWSER_WALK_MS }, async () => {
    const t = await server().seed.tenant().account().create();
    const account = t.accounts[0]!;
    const session = "console-digits";
    await server().app.deps.db.account.update({ where: { id: account.id }, data: { settings: { waha: { session } } } });
    const api = server().client(t.key);
    expect((await api.post("/webhooks", { url: `${server().url}/healthz` })).status).toBe(200);
    expect((await api.post("/templates", { name: "reminder_12", message: "Hello {{name}}, your table for 4 is at 9" })).status).toBe(200);
    const bulk = await api.post("/send-bulk", { numbers: ["966502000101", "966502000102", "966502000103"], message: "Order 1234 is ready" });
    expect(bulk.status).toBe(200);
    expect((await postWahaText(server().url, WAHA_HMAC, session, account.phoneNumber, "966504000101", "Is order 1234 ready? ٢٠ قطعة")).stored).toBe(1);
    const now = server().app.deps.clock.now().getTime();
    const exported = await api.post("/exports", { kind: "messages", format: "csv", from: new Date(now - 86_400_000).toISOString(), to: new Date(now + 86_400_000).toISOString() });
    expect(exported.status, JSON.stringify(exported.body)).toBe(202);
    // A wait, not a count: the page below needs a delivery to show.
    await expect.poll(() => server().app.deps.db.webhookDelivery.count({ where: { tenantId: t.id } })).toBeGreaterThan(0);
    const { cookie } = await staffUser(server(), t.key, "digits@example.com", "owner");
    const pages = [...SECTIONS.map((s) => s.id), `batches/${bulk.body.batch_id}`, `numbers/${account.id}`];

    for (const lang of ["ar", "en"] as const) {
      const w = lang === "ar" ? ar : en;
      const { context, page, problems } = await openPage(browser, { lang, timeoutMs: 15_000 });
      const [name, value] = cookie.split("=") as [string, string];
      await context.addCookies([{ name, value, url: server().url }]);
      const strays: Record<string, string[]> = {};
      let chartHeadings = 0;
      for (const id of pages) {
        await page.goto(`${server().url}/console/#/${id}`);
        await page.getByRole("heading", { level: 2 }).first().waitFor();
        await page.waitForFunction((loading) => !document.querySelector("main")!.textContent.includes(loading), w.loading);
        // The template form's limits show on its button's fields too.
        if (id === "whatsapp-templates") await page.locator("#wa-add-button").click();
        const found = await strayDigits(page, lang);
        if (found.length > 0) strays[id] = found;
        // A heading built from a number and words: the overview's chart says its hours in the page's digits.
        if (id === "overview") chartHeadings = await page.getByRole("heading", { level: 3, name: lang === "ar" ? "آخر ٢٤ ساعة" : "The last 24 hours" }).count();
      }
      expect(strays, lang).toEqual({});
      expect(chartHeadings, lang).toBe(1);
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});
