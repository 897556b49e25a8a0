import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useServer } from "./kit/server.js";
import { browserSuitesRun, launchChromium, openPage, openSection, phoneIn, seriousViolations, signInWithKey } from "./kit/browser.js";
import { postWahaText } from "./kit/provider-signing.js";
import { runAdminCommand } from "../src/features/admin/admin.js";
import { ar } from "../src/features/console/web/texts-ar.js";
import { en } from "../src/features/console/web/texts-en.js";
import { BROWSER_WALK_MS } from "./kit/limits.js";

// The console in Chromium, in Arabic and in English, as a person uses it: sign in with a key, read
// the overview, watch a reply arrive in the inbox live, opt its sender out; strangers' text stays
// text; no serious accessibility violation on any page; revoking the key signs the page out. On a
// phone (360 and 390 px, touch) every page fits the screen and is used through the folded menu.
// Each page's screenshot, in both languages, is what docs/console/ shows, and docs/console/phone/
// at a phone's width (CONSOLE_SCREENSHOTS=docs writes them there).

const WAHA_HMAC = "console-waha-hmac";
const XSS = `<img src=x onerror="window.__xss=1"> javascript:window.__xss=2 مرحبا Sara 123`;
/** docs/console/ when CONSOLE_SCREENSHOTS=docs (to refresh the pictures the docs show), else a scratch folder. */
const shots = process.env.CONSOLE_SCREENSHOTS === "docs" ? path.resolve("docs/console") : fs.mkdtempSync(path.join(os.tmpdir(), "console-shots-"));

describe.runIf(browserSuitesRun)("the console in Chromium", () => {
  const server = useServer({
    WAHA_WEBHOOK_HMAC_KEY: WAHA_HMAC,
    LIVE_AUTH_RECHECK_SECONDS: "1",
    SIMULATOR_LATENCY_MS: "0",
    SIMULATOR_REPLY_DELAY_MS: "300",
    WORKER_POLL_MS: "50",
    WEBHOOK_ALLOW_PRIVATE_ADDRESSES: "true",
  });
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
    fs.mkdirSync(path.join(shots, "phone"), { recursive: true });
  });
  afterAll(async () => browser?.close());

  /** A customer's message to the tenant's number, through WAHA's webhook as WAHA signs it. */
  async function inbound(session: string, me: string, from: string, body: string) {
    expect((await postWahaText(server().url, WAHA_HMAC, session, me, from, body)).stored).toBe(1);
  }

  async function openConsole(lang: "ar" | "en"): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
    // The CSP is bypassed for axe; what the server sends is checked here.
    const { context, page, problems } = await openPage(browser, { lang, bypassCSP: true, dialogsAreProblems: true });
    const response = await page.goto(`${server().url}/console`);
    expect(response?.headers()["content-security-policy"]).toContain("script-src 'self'");
    expect(response?.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
    return { context, page, problems };
  }

  for (const lang of ["ar", "en"] as const) {
    it(`signs in, shows the overview and the live inbox, and opts a contact out (${lang})`, async () => {
      const session = `console-${lang}`;
      const t = await server().seed.tenant().account().create();
      // Replies reach the number through WAHA's webhook; it sends through the simulator.
      await server().app.deps.db.account.update({ where: { id: t.accounts[0]!.id }, data: { settings: { waha: { session } } } });
      const { context, page, problems } = await openConsole(lang);
      const words =
        lang === "ar"
          ? { key: "مفتاح API", signIn: "دخول", inbox: "الوارد", optOut: "إيقاف الإرسال", connected: "متصل" }
          : { key: "API key", signIn: "Sign in", inbox: "Inbox", optOut: "Opt out", connected: "Connected" };
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([lang, lang === "ar" ? "rtl" : "ltr"]);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(shots, `sign-in-${lang}.png`) });

      // Keyboard only: the key field, then Enter.
      await page.getByLabel(words.key).fill(t.key);
      await page.keyboard.press("Enter");
      await page.getByRole("cell", { name: words.connected }).waitFor();
      expect(await page.evaluate(() => JSON.stringify(localStorage) + document.cookie)).not.toContain(t.key.slice(12));
      expect(await page.getByRole("table").textContent()).toContain(`+${t.accounts[0]!.phoneNumber}`);
      expect(await page.getByRole("img").getAttribute("aria-label")).toBe(lang === "ar" ? "أُرسلت ٠ وفشلت ٠ في آخر ٢٤ ساعة" : "0 sent and 0 failed in the last 24 hours");
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(shots, `overview-${lang}.png`), fullPage: true });

      await openSection(page, words.inbox);
      await page.getByText(lang === "ar" ? "لا توجد ردود بعد" : "No replies yet").waitFor();
      const from = lang === "ar" ? "966500000711" : "966500000712";
      await inbound(session, t.accounts[0]!.phoneNumber, from, XSS);
      const item = page.locator(".inbox li").first();
      await item.waitFor();
      expect(await item.locator(".text").textContent()).toBe(XSS);
      expect(await page.locator(".inbox img").count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(shots, `inbox-${lang}.png`), fullPage: true });

      await item.getByLabel(lang === "ar" ? `الرد على ${phoneIn(lang, from)}` : `Reply to +${from}`).fill("شكرا، we open at 9");
      await item.getByRole("button", { name: lang === "ar" ? "رد" : "Reply", exact: true }).click();
      await page
        .getByRole("status")
        .filter({ hasText: `+${from}` })
        .waitFor();
      const replies = await server().app.deps.db.message.findMany({ where: { tenantId: t.id, to: from } });
      expect(replies.map((r) => r.body)).toEqual(["شكرا، we open at 9"]);
      await item.getByRole("button", { name: words.optOut }).click();
      await page
        .getByRole("status")
        .filter({ hasText: lang === "ar" ? "لن تصل" : "will get no more" })
        .waitFor();
      const contact = await server().app.deps.db.contact.findFirst({ where: { tenantId: t.id, phone: from } });
      expect(contact?.optedOutAt).not.toBeNull();
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  async function signedIn(lang: "ar" | "en", key: string) {
    const opened = await openConsole(lang);
    await signInWithKey(opened.page, key, { label: lang === "ar" ? "مفتاح API" : "API key", landmark: "navigation" });
    return opened;
  }

  for (const lang of ["ar", "en"] as const) {
    it(`sends a sheet with a template after a preview, follows the batch live, and skips the contact it opted out (${lang})`, async () => {
      const w =
        lang === "ar"
          ? {
              send: "إرسال",
              template: "القالب",
              preview: "معاينة",
              sendNow: "أرسل",
              follow: "تابع تقدمها",
              done: "اكتملت",
              inbox: "الوارد",
              optOut: "إيقاف الإرسال",
              numbers: "أرقام الجوال (رقم في كل سطر)",
              skipped: "مستبعد: أوقفت أنت الإرسال إلى الرقم",
              fix: "الصف ٣، العمود order",
            }
          : {
              send: "Send",
              template: "Template",
              preview: "Preview",
              sendNow: "Send",
              follow: "Follow its progress",
              done: "Completed",
              inbox: "Inbox",
              optOut: "Opt out",
              numbers: "Phone numbers (one per line)",
              skipped: "skipped: you opted the number out",
              fix: "row 3, column order",
            };
      const t = await server().seed.tenant().account().create();
      const api = server().client(t.key);
      expect((await api.post("/templates", { name: `order-${lang}`, message: "Hello {{name}}, order {{order}} is ready" })).status).toBe(200);
      const replier = `9665000003${lang === "ar" ? "51" : "52"}`;
      const others = [`96650100${lang === "ar" ? "1" : "2"}001`, `96650100${lang === "ar" ? "1" : "2"}002`];
      const { context, page, problems } = await signedIn(lang, t.key);
      await openSection(page, w.send);
      await page.getByLabel(w.template).waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      // A gap in row 3 is shown at its row and column; the corrected sheet previews and sends. The
      // sheet's read is slowed, and Preview clicked at once waits for it rather than previewing
      // the (empty) typed numbers.
      await page.route("**/graphql", async (route) => {
        if (route.request().postData()?.includes("sheetRecipients")) await new Promise((r) => setTimeout(r, 1_000));
        await route.continue();
      });
      await page.locator("#sheet").setInputFiles({ name: "bad.csv", mimeType: "text/csv", buffer: Buffer.from(`to,name,order\n${replier},سارة,A1\n${others[0]},Omar,\n`) });
      await page.getByLabel(w.template).selectOption(`order-${lang}`);
      await page.getByRole("button", { name: w.preview }).click();
      await page.getByRole("alert").filter({ hasText: w.fix }).waitFor();
      const sheet = `to,name,order\n${replier},سارة,A1\n${others[0]},Omar,B2\n${others[1]},Lina,C3\n`;
      await page.locator("#sheet").setInputFiles({ name: "orders.csv", mimeType: "text/csv", buffer: Buffer.from(sheet) });
      await page.getByRole("button", { name: w.preview }).click();
      await page.locator(".preview li").first().waitFor();
      expect(await page.locator(".preview li").allTextContents()).toEqual([
        `+${replier}: Hello سارة, order A1 is ready`,
        `+${others[0]}: Hello Omar, order B2 is ready`,
        `+${others[1]}: Hello Lina, order C3 is ready`,
      ]);
      await page.screenshot({ path: path.join(shots, `send-${lang}.png`), fullPage: true });
      // Keyboard: focus the send button and press Enter.
      await page.getByRole("button", { name: w.sendNow, exact: true }).focus();
      await page.keyboard.press("Enter");
      await page.getByRole("link", { name: w.follow }).click();
      await page.locator('[data-batch-state="finished"]').waitFor({ timeout: 15_000 });
      expect(await page.locator('[data-count="sent"]').textContent()).toBe(lang === "ar" ? "٣" : "3");
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(shots, `batch-${lang}.png`), fullPage: true });
      await page.getByRole("link", { name: lang === "ar" ? "كل الدفعات" : "All batches" }).click();
      await page.locator("tbody tr").first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(shots, `batches-${lang}.png`), fullPage: true });

      await openSection(page, w.inbox);
      const reply = page.locator(".inbox li").filter({ hasText: "Thank you, I am interested" });
      await reply.waitFor();
      expect(await reply.textContent()).toContain("Hello سارة, order A1 is ready");
      await reply.getByRole("button", { name: w.optOut }).click();
      await page
        .getByRole("status")
        .filter({ hasText: `+${replier}` })
        .waitFor();

      await openSection(page, w.send);
      await page.getByLabel(w.numbers).fill([replier, others[0]].join("\n"));
      await page.locator("#text").fill("Second round");
      await page.getByRole("button", { name: w.preview }).click();
      await page.locator(".preview li").filter({ hasText: w.skipped }).waitFor();
      await page.getByRole("button", { name: w.sendNow, exact: true }).click();
      await page.locator(".done").waitFor();
      expect(await page.locator(".done").textContent()).toMatch(lang === "ar" ? /١ في الانتظار، و١ مستبعدون/ : /1 queued, 1 skipped/);
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  for (const lang of ["ar", "en"] as const) {
    it(`finds messages, pages through 10,000 contacts, and edits and deletes templates (${lang})`, async () => {
      const w =
        lang === "ar"
          ? {
              messages: "الرسائل",
              to: "رقم المستلم",
              find: "ابحث",
              contacts: "جهات الاتصال",
              more: "عرض المزيد",
              search: "الاسم أو الرقم",
              searchButton: "بحث",
              templates: "القوالب",
              name: "الاسم (حروف لاتينية صغيرة وأرقام و _ و -)",
              text: "النص، مع {{متغيرات}}",
              save: "حفظ",
              edit: "تعديل",
              del: "حذف",
              anyway: "احذف على أي حال",
            }
          : {
              messages: "Messages",
              to: "To",
              find: "Find",
              contacts: "Contacts",
              more: "Show more",
              search: "Name or number",
              searchButton: "Search",
              templates: "Templates",
              name: "Name (lowercase letters, digits, _ and -)",
              text: "Text, with {{placeholders}}",
              save: "Save",
              edit: "Edit",
              del: "Delete",
              anyway: "Delete anyway",
            };
      const t = await server().seed.tenant().account().create();
      const api = server().client(t.key);
      for (const to of ["0501112233", "0504445566"]) expect((await api.post("/send", { to, message: `Hello ${to}` })).status).toBe(200);
      await server().app.deps.db.$executeRaw`
        INSERT INTO contact (tenant_id, phone, name) SELECT ${t.id}, '9665' || lpad(n::text, 8, '0'), 'Contact ' || n FROM generate_series(1, 10000) AS n`;
      const { context, page, problems } = await signedIn(lang, t.key);

      await openSection(page, w.messages);
      await page.getByLabel(w.to).fill("+966 50 111 2233");
      await page.getByRole("button", { name: w.find }).click();
      await page.waitForFunction(() => document.querySelectorAll("tbody tr").length === 1);
      expect(await page.locator("tbody tr").textContent()).toContain("Hello 0501112233");
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(shots, `messages-${lang}.png`), fullPage: true });

      await openSection(page, w.contacts);
      await page.locator("tbody tr").nth(49).waitFor();
      expect(await page.locator("tbody tr").count()).toBe(50);
      await page.getByRole("button", { name: w.more }).click();
      await page.locator("tbody tr").nth(99).waitFor();
      await page.getByLabel(w.search).fill("Contact 9999");
      await page.getByRole("button", { name: w.searchButton, exact: true }).click();
      await page.waitForFunction(() => document.querySelectorAll("tbody tr").length === 1);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(shots, `contacts-${lang}.png`) });

      await openSection(page, w.templates);
      await page.getByLabel(w.name).fill("welcome");
      await page.getByLabel(w.text).fill("Welcome {{name}}");
      await page.getByRole("button", { name: w.save }).click();
      await page.getByRole("cell", { name: "Welcome {{name}}" }).waitFor();
      await page.getByRole("button", { name: w.edit }).click();
      await page.getByLabel(w.text).fill("أهلا {{name}}");
      await page.getByRole("button", { name: w.save }).click();
      await page.getByRole("cell", { name: "أهلا {{name}}" }).waitFor();
      // In use by a scheduled batch: the API refuses, and the page offers to delete it anyway.
      const sendAt = new Date(server().app.deps.clock.now().getTime() + 86_400_000).toISOString();
      expect((await api.post("/send-bulk", { recipients: [{ to: "0507778899", variables: { name: "Sara" } }], template: "welcome", send_at: sendAt })).status).toBe(200);
      await page.getByRole("button", { name: w.del }).click();
      await page.getByRole("button", { name: w.anyway }).click();
      await page.getByRole("cell", { name: "أهلا {{name}}" }).waitFor({ state: "detached" });
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(shots, `templates-${lang}.png`) });
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  for (const lang of ["ar", "en"] as const) {
    it(`sets the send window and stop words, adds a webhook and sends a delivery again (${lang})`, async () => {
      const w =
        lang === "ar"
          ? {
              settings: "الإعدادات",
              sunday: "الأحد",
              zone: "المنطقة الزمنية",
              save: "حفظ",
              stop: "كلمات الإيقاف (كلمة في كل سطر)",
              url: "العنوان (https://…)",
              add: "أضف",
              secret: "سر التوقيع",
              replay: "أعد الإرسال",
              replayed: "أُعيدت جدولة",
            }
          : {
              settings: "Settings",
              sunday: "Sunday",
              zone: "Time zone",
              save: "Save",
              stop: "Stop words (one per line)",
              url: "Address (https://…)",
              add: "Add",
              secret: "Signing secret",
              replay: "Send again",
              replayed: "queued again",
            };
      const t = await server().seed.tenant().account().create();
      const api = server().client(t.key);
      const { context, page, problems } = await signedIn(lang, t.key);
      await openSection(page, w.settings);
      // A webhook first, so the send below makes a delivery to send again.
      await page.getByLabel(w.url).fill(`${server().url}/healthz`);
      await page.getByRole("button", { name: w.add }).click();
      await page.getByRole("status").filter({ hasText: w.secret }).waitFor();
      expect((await api.post("/send", { to: "0501234567", message: "hi" })).status).toBe(200);
      await page.getByLabel(w.sunday).check();
      await page.getByLabel(w.zone).fill("Asia/Riyadh");
      await page.getByRole("button", { name: w.save }).first().click();
      await expect.poll(async () => (await api.get("/send-window")).body).toMatchObject({ send_window: { days: ["sun"], time_zone: "Asia/Riyadh" } });
      await page.getByLabel(w.stop).fill("الغاء\nunsubscribe");
      await page.getByRole("button", { name: w.save }).nth(1).click();
      await expect.poll(async () => (await api.get("/consent-settings")).body.consent_settings?.stop_words).toEqual(["الغاء", "unsubscribe"]);
      await page.reload();
      await page.getByRole("button", { name: w.replay }).first().click();
      await page.getByRole("status").filter({ hasText: w.replayed }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(shots, `settings-${lang}.png`), fullPage: true });
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  /**
   * The page as laid out at the screen's width: how wide it scrolls, the width the browser shows
   * (a phone's browser widens it to fit a page that overflows), every visible box that reaches past
   * an edge, and every visible button, field, section link and link in a table under 44 × 44 px.
   */
  async function phoneLayout(page: Page) {
    return page.evaluate(() => {
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
      const small = [...document.querySelectorAll("button, select, input:not([type=checkbox]), nav a, td a")].filter((e) => {
        const r = box(e);
        return r && (r.width < 44 || r.height < 44);
      });
      return { scrollWidth: document.documentElement.scrollWidth, innerWidth, outside: outside.map(named), small: small.map(named) };
    });
  }

  /** At 360 and 390 px wide: nothing scrolls sideways or sits past an edge, nothing is too small to touch; at 390 axe and the picture. */
  async function checkPhone(page: Page, picture: string | undefined) {
    for (const width of [360, 390]) {
      await page.setViewportSize({ width, height: 844 });
      expect(await phoneLayout(page), `${picture ?? page.url()} at ${width} px`).toEqual({ scrollWidth: width, innerWidth: width, outside: [], small: [] });
    }
    expect(await seriousViolations(page)).toEqual([]);
    if (picture) await page.screenshot({ path: path.join(shots, "phone", `${picture}.png`) });
  }

  for (const lang of ["ar", "en"] as const) {
    it(`works on a phone: every page at 360 and 390 px, through the folded menu, sending and opting out by touch (${lang})`, { timeout: BROWSER_WALK_MS }, async () => {
      const w = lang === "ar" ? ar : en;
      const session = `console-phone-${lang}`;
      const digit = lang === "ar" ? "1" : "2";
      const t = await server().seed.tenant().account().create();
      await server().app.deps.db.account.update({ where: { id: t.accounts[0]!.id }, data: { settings: { waha: { session } } } });
      const api = server().client(t.key);
      expect((await api.post("/webhooks", { url: `${server().url}/healthz` })).status).toBe(200);
      expect((await api.post("/templates", { name: `reminder_${lang}`, message: "Hello {{name}}, your appointment at our Riyadh branch is tomorrow at {{time}}" })).status).toBe(
        200,
      );
      expect((await api.post("/send-bulk", { numbers: [`96650200${digit}001`, `96650200${digit}002`], message: "مرحبا، your order is ready" })).status).toBe(200);
      await server().app.deps.db.$executeRaw`
        INSERT INTO contact (tenant_id, phone, name) SELECT ${t.id}, '9665030' || ${digit} || lpad(n::text, 4, '0'), 'عميل Customer ' || n FROM generate_series(1, 3) AS n`;
      await inbound(session, t.accounts[0]!.phoneNumber, `96650400${digit}001`, "هل الطلب جاهز؟ Is my order ready?");
      const { context, page, problems } = await openPage(browser, { lang, phone: true, bypassCSP: true });
      await page.goto(`${server().url}/console`);
      await page.getByLabel(w.apiKey).waitFor();
      await checkPhone(page, undefined);
      await page.getByLabel(w.apiKey).fill(t.key);
      await page.getByRole("button", { name: w.signIn, exact: true }).tap();

      /** Waits for a page's heading and for its data to have loaded. */
      const shown = async (heading: string) => {
        await page.getByRole("heading", { level: 2, name: heading }).waitFor();
        await page.waitForFunction((loading) => !document.querySelector("main")!.textContent.includes(loading), w.loading);
      };
      const menu = page.getByRole("button", { name: w.menu });
      const nav = page.getByRole("navigation", { name: w.nav });
      const focusedCurrent = () => page.evaluate(() => document.activeElement?.getAttribute("aria-current"));
      /** Taps the menu button, checks the open menu, and taps the section `to`. */
      const go = async (to: "send" | "batches" | "messages" | "inbox" | "contacts" | "templates" | "settings") => {
        await menu.tap();
        await expect.poll(focusedCurrent).toBe("page");
        expect(await menu.getAttribute("aria-expanded")).toBe("true");
        expect((await phoneLayout(page)).small).toEqual([]);
        await openSection(page, w[to], { touch: true });
        await nav.waitFor({ state: "hidden" });
        expect(await menu.getAttribute("aria-expanded")).toBe("false");
        await shown(w[to]);
      };

      await shown(w.overview);
      await checkPhone(page, `overview-${lang}`);
      expect(await nav.isVisible()).toBe(false);
      // The menu is a disclosure: open, the focus on the current section; Escape closes it and returns the focus.
      await menu.tap();
      await expect.poll(focusedCurrent).toBe("page");
      // Every page the key may open is in the menu, in its group (Security is a staff user's own; Billing holds billing and plans; Messaging holds Automation).
      expect(await page.locator("#menu nav a").count()).toBe(18);
      await checkPhone(page, `menu-${lang}`);
      await page.keyboard.press("Escape");
      await nav.waitFor({ state: "hidden" });
      expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-controls"))).toBe("menu");

      // Sending to pasted numbers, after the preview, by touch.
      await go("send");
      const numbers = [`96650500${digit}001`, `96650500${digit}002`];
      await page.getByLabel(w.numbersField).fill(numbers.join("\n"));
      await page.getByLabel(w.text, { exact: true }).fill("موعدك غدا at 10:00");
      await page.getByRole("button", { name: w.preview }).tap();
      await page.locator(".preview li").nth(1).waitFor();
      await page.locator(".preview").scrollIntoViewIfNeeded();
      await checkPhone(page, `send-${lang}`);
      await page.getByRole("button", { name: w.sendNow, exact: true }).tap();
      await page.locator(".done").waitFor();
      const sent = await server().app.deps.db.message.findMany({ where: { tenantId: t.id, to: { in: numbers } }, orderBy: { to: "asc" } });
      expect(sent.map((m) => [m.to, m.body])).toEqual(numbers.map((n) => [n, "موعدك غدا at 10:00"]));

      await go("batches");
      await page.locator("tbody tr").first().waitFor();
      await checkPhone(page, `batches-${lang}`);
      await page.locator("tbody tr").last().getByRole("link").tap();
      await page.locator("[data-batch-state]").waitFor();
      await checkPhone(page, `batch-${lang}`);

      await go("messages");
      await page.locator("tbody tr").nth(3).waitFor();
      await checkPhone(page, `messages-${lang}`);

      await go("inbox");
      await page.locator(".inbox li").first().waitFor();
      await checkPhone(page, `inbox-${lang}`);

      // Opting a contact out from its card, by touch.
      await go("contacts");
      const card = page.locator("tbody tr").filter({ hasText: `+9665030${digit}0002` });
      await checkPhone(page, `contacts-${lang}`);
      await card.getByRole("button", { name: w.optOut }).tap();
      await page
        .getByRole("status")
        .filter({ hasText: `+9665030${digit}0002` })
        .waitFor();
      await card.getByRole("button", { name: w.optIn }).waitFor();
      expect((await server().app.deps.db.contact.findFirst({ where: { tenantId: t.id, phone: `9665030${digit}0002` } }))?.optedOutAt).not.toBeNull();

      await go("templates");
      await checkPhone(page, `templates-${lang}`);

      // A wait, not a count: the page below needs a delivery to show.
      await expect.poll(() => server().app.deps.db.webhookDelivery.count({ where: { tenantId: t.id } })).toBeGreaterThan(0);
      await go("settings");
      await page.locator("tbody tr").first().scrollIntoViewIfNeeded();
      await checkPhone(page, `settings-${lang}`);

      // The folded menu holds signing out too.
      await menu.tap();
      await page.getByRole("button", { name: w.signOut }).tap();
      await page.getByLabel(w.apiKey).waitFor();
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it("sends with the keyboard alone: sign in, open Send, fill it, send", async () => {
    const t = await server().seed.tenant().account().create();
    const { context, page } = await openConsole("en");
    /** Presses Tab until the focused element is the one `name` describes (at most 40 times). */
    const tabTo = async (describe: string) => {
      for (let i = 0; i < 40; i++) {
        const focused = await page.evaluate(() => {
          const e = document.activeElement as HTMLElement | null;
          return e ? `${e.tagName.toLowerCase()}#${e.id}:${(e.textContent ?? "").trim()}` : "";
        });
        if (focused.includes(describe)) return;
        await page.keyboard.press("Tab");
      }
      throw new Error(`Tab never reached ${describe}`);
    };
    await tabTo("input#key");
    await page.keyboard.type(t.key);
    await page.keyboard.press("Enter");
    await page.getByRole("navigation").waitFor();
    // Send is in the Messaging group: its button, Arrow Down to its first page, Enter.
    await tabTo("button#:Messaging");
    await page.keyboard.press("ArrowDown");
    await tabTo("a#:Send");
    await page.keyboard.press("Enter");
    await page.getByLabel("Phone numbers (one per line)").waitFor();
    await tabTo("textarea#numbers");
    await page.keyboard.type("0501234000");
    await tabTo("textarea#text");
    await page.keyboard.type("Sent by keyboard");
    await tabTo("button#:Send");
    await page.keyboard.press("Enter");
    await page.locator(".done").waitFor();
    const sent = await server().app.deps.db.message.findMany({ where: { tenantId: t.id } });
    expect(sent.map((m) => [m.to, m.body])).toEqual([["966501234000", "Sent by keyboard"]]);
    await context.close();
  });

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
