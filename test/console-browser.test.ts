import fs from "node:fs";
import path from "node:path";
import { createHmac } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useServer } from "./kit/server.js";
import { browserAvailable, launchChromium } from "./kit/browser.js";
import { runAdminCommand } from "../src/features/admin/admin.js";

// The console in Chromium, in Arabic and in English, as a person uses it: sign in with a key, read
// the overview, watch a reply arrive in the inbox live, opt its sender out; strangers' text stays
// text; no serious accessibility violation on any page; revoking the key signs the page out.
// Each page's screenshot is kept in docs/console/.

const WAHA_HMAC = "console-waha-hmac";
const XSS = `<img src=x onerror="window.__xss=1"> javascript:window.__xss=2 مرحبا Sara 123`;
const shots = path.resolve("docs/console");

describe.runIf(browserAvailable)("the console in Chromium", () => {
  const server = useServer({ WAHA_WEBHOOK_HMAC_KEY: WAHA_HMAC, LIVE_AUTH_RECHECK_SECONDS: "1" });
  let browser: Browser;
  const axeSource = fs.readFileSync(path.resolve("node_modules/axe-core/axe.min.js"), "utf8");
  beforeAll(async () => {
    browser = await launchChromium();
    fs.mkdirSync(shots, { recursive: true });
  }, 60_000);
  afterAll(async () => browser?.close());

  /** A WAHA message to the tenant's number (the recorded fixture, with this test's values), signed as WAHA signs it. */
  async function inbound(session: string, from: string, body: string) {
    const event = JSON.parse(fs.readFileSync(path.resolve("test/fixtures/providers/waha-message.json"), "utf8"));
    const id = `${Date.now()}${from}`;
    event.session = session;
    Object.assign(event.payload, { id: `false_${from}@c.us_${id}`, from: `${from}@c.us`, body });
    Object.assign(event.payload._data, { key: { ...event.payload._data.key, remoteJid: `${from}@s.whatsapp.net`, id }, message: { conversation: body } });
    const raw = JSON.stringify(event);
    const res = await fetch(`${server().url}/webhooks/waha`, { method: "POST", headers: { "content-type": "application/json", "x-webhook-hmac": createHmac("sha512", WAHA_HMAC).update(raw).digest("hex"), "x-webhook-hmac-algorithm": "sha512" }, body: raw });
    expect(((await res.json()) as { stored: number }).stored).toBe(1);
  }

  /** axe-core's serious and critical violations on the page as it is. */
  async function seriousViolations(page: Page): Promise<string[]> {
    await page.evaluate(axeSource);
    const result = await page.evaluate(async () => (window as unknown as { axe: { run(): Promise<{ violations: Array<{ id: string; impact: string; nodes: unknown[] }> }> } }).axe.run());
    return result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id} (${v.nodes.length})`);
  }

  async function openConsole(lang: "ar" | "en"): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
    // axe is injected by script, which the page's CSP would refuse; the CSP itself is checked below.
    const context = await browser.newContext({ locale: lang === "ar" ? "ar-SA" : "en-US", bypassCSP: true, viewport: { width: 1280, height: 800 } });
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("pageerror", (e) => problems.push(e.message));
    page.on("dialog", (d) => problems.push(`dialog: ${d.message()}`));
    const response = await page.goto(`${server().url}/console`);
    expect(response?.headers()["content-security-policy"]).toContain("script-src 'self'");
    expect(response?.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
    return { context, page, problems };
  }

  for (const lang of ["ar", "en"] as const) {
    it(`signs in, shows the overview and the live inbox, and opts a contact out (${lang})`, async () => {
      const session = `console-${lang}`;
      const t = await server().seed.tenant().account({ wahaSession: session }).create();
      const { context, page, problems } = await openConsole(lang);
      const words = lang === "ar" ? { key: "مفتاح API", signIn: "دخول", inbox: "الوارد", optOut: "إيقاف الإرسال", connected: "متصل" } : { key: "API key", signIn: "Sign in", inbox: "Inbox", optOut: "Opt out", connected: "Connected" };
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([lang, lang === "ar" ? "rtl" : "ltr"]);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(shots, `sign-in-${lang}.png`) });

      // Keyboard only: the key field, then Enter.
      await page.getByLabel(words.key).fill(t.key);
      await page.keyboard.press("Enter");
      await page.getByRole("cell", { name: words.connected }).waitFor();
      expect(await page.evaluate(() => JSON.stringify(localStorage) + document.cookie)).not.toContain(t.key.slice(12));
      expect(await page.getByRole("table").textContent()).toContain(`+${t.accounts[0]!.phoneNumber}`);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(shots, `overview-${lang}.png`), fullPage: true });

      await page.getByRole("link", { name: words.inbox }).click();
      await page.getByText(lang === "ar" ? "لا توجد ردود بعد" : "No replies yet").waitFor();
      const from = lang === "ar" ? "966500000711" : "966500000712";
      await inbound(session, from, XSS);
      const item = page.locator(".inbox li").first();
      await item.waitFor();
      expect(await item.locator(".text").textContent()).toBe(XSS);
      expect(await page.locator(".inbox img").count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(shots, `inbox-${lang}.png`), fullPage: true });

      await item.getByRole("button", { name: words.optOut }).click();
      await page.getByRole("status").filter({ hasText: `+${from}` }).waitFor();
      const contact = await server().app.deps.db.contact.findFirst({ where: { tenantId: t.id, phone: from } });
      expect(contact?.optedOutAt).not.toBeNull();
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it("signs the page out within the live-auth bound when its key is revoked", async () => {
    const t = await server().seed.tenant().account().create();
    const { context, page } = await openConsole("en");
    await page.getByLabel("API key").fill(t.key);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("status").filter({ hasText: "Live" }).waitFor();
    await runAdminCommand(server().app.deps.db, "key:revoke", { key: t.key.slice(0, 11) });
    await page.getByText("You were signed out").waitFor({ timeout: 10_000 });
    await page.getByLabel("API key").waitFor();
    await context.close();
  });
});
