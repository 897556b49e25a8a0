import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "./kit/server.js";
import { TestSmtpServer } from "./kit/smtp.js";
import { moyasarSettings, startMoyasarStandIn, tokenizeCard, type MoyasarStandIn } from "./kit/moyasar.js";
import { browserSuitesRun, launchChromium, openPage, openSection, phoneLayout, seriousViolations } from "./kit/browser.js";
import { waitFor } from "./kit/wait.js";
import { BROWSER_WALK_MS } from "./kit/limits.js";
import { runAdminCommand } from "../src/features/admin/admin.js";
import { ar } from "../src/features/console/web/texts-ar.js";
import { en } from "../src/features/console/web/texts-en.js";

// A business's first days in the console, in Chromium, in Arabic (right to left) and English, at a
// desktop's width and a phone's (touch, through the folded menu): it signs up from the sign-in page,
// signs in and sees that its address is unconfirmed, asks for the link again, follows the link read
// from a real SMTP server, links a simulator number from the Numbers page (and the operator adds a second), sends
// until its trial allowance is reached (the meter amber at 80 %, red at 100 %, the 429 naming
// billing_url), pays for a larger plan on the billing page through the Moyasar stand-in's 3-D Secure
// checkout (a token from tokenizeCard, as Moyasar's form gives one), sends again, sees a downgrade
// refused in the server's words, and finds its plan marked on the plans page. Screenshots go to
// docs/console/ with CONSOLE_SCREENSHOTS=docs.

const shots = process.env.CONSOLE_SCREENSHOTS === "docs" ? path.resolve("docs/console") : fs.mkdtempSync(path.join(os.tmpdir(), "console-billing-shots-"));
const PASSWORD = "a long unguessable sign-up phrase";
const TRIAL_MESSAGES = 5;
const SELLER = {
  SELLER_NAME: "Sahm Gateway Co.",
  SELLER_NAME_AR: "شركة سهم للرسائل",
  SELLER_VAT_NUMBER: "310122393500003",
  SELLER_ADDRESS: "King Fahd Road, Riyadh",
  SELLER_ADDRESS_AR: "طريق الملك فهد، الرياض",
};

type Lang = "ar" | "en";
type Device = "desktop" | "phone";

let server: TestServer;
let smtp: TestSmtpServer;
let moyasar: MoyasarStandIn;
let browser: Browser;

beforeAll(async () => {
  if (!browserSuitesRun) return;
  smtp = await TestSmtpServer.start();
  moyasar = await startMoyasarStandIn();
  // The simulated phone scans the first QR code it is shown, 0.7 s after it is drawn.
  server = await startServer({
    ...moyasarSettings(moyasar),
    SMTP_URL: smtp.url,
    SIGNUP: "open",
    TRIAL_PLAN: "Trial",
    SIMULATOR_QR_ROTATE_MS: "700",
    SIMULATOR_LINK_AFTER_QR_CODES: "1",
    ...SELLER,
  });
  moyasar.webhookUrl = `${server.url}/billing/moyasar/webhook`;
  const db = server.app.deps.db;
  const plan = { requestsPerSecond: "1000", requestBurst: "1000" };
  await runAdminCommand(db, "plan:create", { name: "Trial", monthlyLimit: String(TRIAL_MESSAGES), maxAccounts: "3", ...plan });
  await runAdminCommand(db, "plan:create", { name: "basic", monthlyLimit: "50", maxAccounts: "1", priceMonthly: "10000", priceYearly: "100000", public: "true", ...plan });
  await runAdminCommand(db, "plan:create", { name: "pro", monthlyLimit: "100", maxAccounts: "5", priceMonthly: "30000", priceYearly: "300000", public: "true", ...plan });
  await runAdminCommand(db, "pack:create", { name: "1k", messages: "1000", price: "5000" });
  browser = await launchChromium();
  fs.mkdirSync(path.join(shots, "phone"), { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await smtp?.close();
  await moyasar?.close();
});

/** The newest confirmation link mailed to `to`, once `count` mails have come. */
async function verifyLink(to: string, count: number): Promise<string> {
  const mails = await waitFor(
    () => smtp.mailsTo(to),
    (m) => m.length >= count,
  );
  const link = /(http:\/\/[^\s"]+\/console\/#verify=[A-Za-z0-9_-]+)/.exec(mails.at(-1)!.text)?.[1];
  expect(link).toBeDefined();
  return link!;
}

/** Signs up from the sign-in page's link, as a person does; the page says the same words whatever the server made of it. */
async function signUp(page: Page, w: typeof en, email: string, lang: Lang) {
  await page.goto(`${server.url}/console`);
  await page.getByRole("button", { name: w.signUpLink }).click();
  await page.getByRole("heading", { level: 2, name: w.signUpTitle }).waitFor();
  await page.getByLabel(w.businessName).fill(`Shop ${email}`);
  await page.locator("#su-email").fill(email);
  await page.locator("#su-password").fill(PASSWORD);
  await page.getByLabel(w.signUpLanguage).selectOption(lang);
  await page.getByRole("button", { name: w.signUpSubmit }).click();
  await page.locator("[data-signed-up]").waitFor();
  expect(await page.locator("#su-password").count()).toBe(0);
}

async function signIn(page: Page, w: typeof en, email: string) {
  await page.getByRole("button", { name: w.backToSignIn }).click();
  await page.getByLabel(w.email).fill(email);
  await page.getByLabel(w.password, { exact: true }).fill(PASSWORD);
  await page.keyboard.press("Enter");
  await page.locator(".shell").waitFor();
}

/** The billing page's meter `id`: its level's class, and the words that say it. */
async function meter(page: Page, id: string) {
  const card = page.locator(`[data-meter="${id}"]`);
  await card.waitFor();
  const classes = ((await card.getAttribute("class")) ?? "").split(" ");
  return { level: classes.find((c) => c === "ok" || c === "near" || c === "full"), words: (await card.locator(".meter-level").allTextContents()).join("") };
}

/** Nothing past the screen's edges, no control smaller than 44 px, at two phone widths. */
async function fitsPhone(page: Page) {
  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: 844 });
    expect(await phoneLayout(page, "main button, main input, main select, nav a"), `at ${width} px`).toEqual({ scrollWidth: width, outside: [], small: [] });
  }
}

describe.runIf(browserSuitesRun)("a business signs up, reaches its trial allowance and upgrades, in Chromium", () => {
  for (const [lang, device] of [
    ["en", "desktop"],
    ["ar", "phone"],
    ["ar", "desktop"],
    ["en", "phone"],
  ] as const satisfies ReadonlyArray<readonly [Lang, Device]>) {
    it(`signs up, confirms, sends to the allowance, upgrades and sends again (${lang}, ${device})`, { timeout: BROWSER_WALK_MS }, async () => {
      const w = lang === "ar" ? ar : en;
      const phone = device === "phone";
      const email = `owner.${lang}.${device}@shop-${lang}-${device}.example`;
      const { context, page, problems } = await openPage(browser, { lang, phone, bypassCSP: true, timeoutMs: 15_000 });
      await signUp(page, w, email, lang);
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === "ar" ? "rtl" : "ltr");
      await verifyLink(email, 1);

      // Signed in before confirming: the banner says so, and a new link can be asked for.
      await signIn(page, w, email);
      await page.getByText(w.unverified).first().waitFor();
      await page.getByRole("button", { name: w.resendLink }).click();
      await page.getByRole("status").filter({ hasText: w.resent }).waitFor();
      const link = await verifyLink(email, 2);
      await page.goto("about:blank");
      await page.goto(link);
      await page.locator(".shell").waitFor();
      await page.locator(".unverified").waitFor({ state: "detached" });

      // A number linked from the Numbers page (the simulated phone scans its QR code), a second one
      // the operator adds, a key, and sends up to 80 % of the trial's messages.
      const db = server.app.deps.db;
      const { tenantId } = await db.staffUser.findUniqueOrThrow({ where: { email } });
      const { key } = (await runAdminCommand(db, "key:create", { tenant: tenantId, label: "sender" })) as { key: string };
      await openSection(page, w.numbers, { touch: phone });
      await page.getByLabel(w.numberName).fill(`Shop ${lang} ${device}`);
      await page.getByLabel(w.notNew).check();
      await page.getByRole("button", { name: w.addAndLink }).click();
      await page.waitForURL(/#\/numbers\/\d+$/);
      const linkedId = Number(/#\/numbers\/(\d+)$/.exec(page.url())![1]);
      const linked = await waitFor(
        () => server.client(key).get(`/accounts/${linkedId}/connection`),
        (r) => r.body.connection.state === "WORKING" && r.body.connection.phone_number !== null,
      );
      await page
        .locator(".link-state")
        .filter({ hasText: w.linkedAs.replace("{number}", `+${linked.body.connection.phone_number}`) })
        .waitFor();
      // Paced as any new number (4 s apart): the sends below need no wait, so the operator lifts it.
      await runAdminCommand(db, "account:update", { account: linkedId, minIntervalMs: 0, jitterMs: 0 });
      await runAdminCommand(db, "account:create", {
        tenant: tenantId,
        phone: `96655${lang === "ar" ? 1 : 2}${phone ? 1 : 2}00002`,
        name: "n2",
        status: "connected",
        minIntervalMs: 0,
        jitterMs: 0,
        warmUp: "false",
      });
      const api = server.client(key);
      const send = (i: number) => api.post("/send", { to: `0501000${String(i).padStart(3, "0")}`, message: `hello ${i}` });
      for (let i = 1; i < TRIAL_MESSAGES; i++) expect((await send(i)).status).toBe(200);

      await openSection(page, w.billing, { touch: phone });
      await page.getByRole("heading", { level: 2, name: w.billing }).waitFor();
      expect(await meter(page, "messages")).toEqual({ level: "near", words: w.meterNear.replace("{meterNearPercent}", lang === "ar" ? "٨٠" : "80") });
      expect((await meter(page, "numbers")).level).toBe("ok");
      await page.locator('[data-state="trial"]').waitFor();

      // The last message of the trial, then the 429 that names the billing page.
      expect((await send(TRIAL_MESSAGES)).status).toBe(200);
      const refused = await send(TRIAL_MESSAGES + 1);
      expect(refused.status).toBe(429);
      expect(refused.body.billing_url).toMatch(/\/console\/#\/billing$/);
      await page.reload();
      expect(await meter(page, "messages")).toEqual({ level: "full", words: w.meterFull });
      expect(await seriousViolations(page)).toEqual([]);
      if (phone) await fitsPhone(page);
      await page.screenshot({ path: path.join(shots, ...(phone ? ["phone", `billing-${lang}.png`] : [`billing-${lang}.png`])), fullPage: !phone });

      // Paying for pro: Moyasar's form would give the token; the stand-in's 3-D Secure page sends the payer back.
      await page.locator("#checkout-plan").selectOption("pro");
      await page.getByLabel(w.checkoutToken).fill(await tokenizeCard(moyasar));
      await page.getByRole("button", { name: w.checkoutPay }).click();
      await page.getByRole("status").filter({ hasText: w.paymentReturned_paid }).waitFor();
      expect(new URL(page.url()).hash).toBe("#/billing");
      await page.locator('[data-plan="pro"]').waitFor();
      await page.locator('[data-state="active"]').waitFor();
      expect((await meter(page, "messages")).level).toBe("ok");
      expect(await page.locator("[data-card]").textContent()).toContain("1010");
      expect((await send(TRIAL_MESSAGES + 2)).status).toBe(200);

      // basic allows one number and two are connected: the server's words are shown.
      await page.locator("#change-plan").selectOption("basic");
      await page.getByRole("button", { name: w.changePlanSubmit }).click();
      await page.getByRole("alert").filter({ hasText: "allows 1 connected numbers and 2 are connected" }).waitFor();

      // The payment for pro is its tax invoice, listed with its PDF in both languages.
      const invoice = await db.invoice.findFirstOrThrow({ where: { tenantId, kind: "invoice" }, orderBy: { id: "desc" } });
      expect(invoice.totalHalalas).toBe(34_500);
      await page.reload();
      const row = page.locator("table.rows tr").filter({ hasText: invoice.number });
      await row.waitFor();
      for (const language of ["ar", "en"] as const) {
        const href = await row.locator(`a[hreflang="${language}"]`).getAttribute("href");
        const pdf = await context.request.get(`${server.url}${href}`);
        expect([pdf.status(), pdf.headers()["content-type"], (await pdf.body()).subarray(0, 5).toString()]).toEqual([200, "application/pdf", "%PDF-"]);
      }
      // Only with the session: the same link from elsewhere is refused.
      expect((await fetch(`${server.url}/console/invoices/${invoice.id}/pdf?lang=ar`)).status).toBe(401);

      await openSection(page, w.plans, { touch: phone });
      const current = page.locator('li[data-plan="pro"]');
      await current.waitFor();
      expect(await current.getAttribute("aria-current")).toBe("true");
      expect(await current.textContent()).toContain(w.planCurrent);
      expect(await page.locator('li[data-plan="basic"]').getAttribute("aria-current")).toBeNull();
      expect(await seriousViolations(page)).toEqual([]);
      if (phone) await fitsPhone(page);
      await page.screenshot({ path: path.join(shots, ...(phone ? ["phone", `plans-${lang}.png`] : [`plans-${lang}.png`])), fullPage: !phone });
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
