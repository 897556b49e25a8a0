import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useServer } from "./kit/server.js";
import { browserSuitesRun, digitsIn, launchChromium, openPage, openSection, phoneIn, seriousViolations } from "./kit/browser.js";
import { fitsPhone, resultOfCommandLine as asCommandLine, signInAs } from "./kit/operators.js";
import { changedTables, storeDigest } from "./kit/store-digest.js";
import { BROWSER_WALK_MS } from "./kit/limits.js";
import { ar } from "../src/features/operator-console/web/texts-ar.js";
import { en } from "../src/features/operator-console/web/texts-en.js";
import { en as consoleEn } from "../src/features/console/web/texts-en.js";
import { ar as consoleAr } from "../src/features/console/web/texts-ar.js";

// The operator console in Chromium, in Arabic (right to left) and English, at a desktop's width
// and a phone's (docs/operators.md, "The operator console"): an operator made by the command line
// signs in with their password and TOTP code, finds a business by a number it sends from, suspends
// it with a reason (the business's next request is 403 with that reason, and its own console says
// it), and resumes it; looks at a business's console read-only (a banner says so, and a send from
// it is refused with nothing changed); a finance operator is offered no suspension. Screenshots go to
// docs/operator-console/ with CONSOLE_SCREENSHOTS=docs.

const shots = process.env.CONSOLE_SCREENSHOTS === "docs" ? path.resolve("docs/operator-console") : fs.mkdtempSync(path.join(os.tmpdir(), "operator-console-shots-"));

describe.runIf(browserSuitesRun)("the operator console in Chromium", () => {
  const server = useServer();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
    fs.mkdirSync(path.join(shots, "phone"), { recursive: true });
  });
  afterAll(async () => browser?.close());

  for (const [lang, phone] of [
    ["en", false],
    ["ar", true],
    ["ar", false],
    ["en", true],
  ] as const) {
    it(`signs in with TOTP, finds a business by its number, suspends it with a reason and resumes it (${lang}, ${phone ? "phone" : "desktop"})`, {
      timeout: BROWSER_WALK_MS,
    }, async () => {
      const s = server();
      const w = lang === "ar" ? ar : en;
      const t = await s.seed.tenant().account().create();
      const tenantName = `Riyadh Dates ${lang} ${phone ? "phone" : "desktop"} ${t.id}`;
      await s.app.deps.db.tenant.update({ where: { id: t.id }, data: { name: tenantName } });
      const number = t.accounts[0]!.phoneNumber;
      const { context, page, problems } = await openPage(browser, { lang, phone, bypassCSP: true, timeoutMs: 15_000 });
      await signInAs(page, s, lang, "support");
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([lang, lang === "ar" ? "rtl" : "ltr"]);

      await page.getByLabel(w.searchLabel).fill(`0${number.slice(3)}`);
      await page.getByRole("button", { name: w.search, exact: true }).click();
      const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name: new RegExp(tenantName) }) });
      await card.waitFor();
      await page.getByText(w.found.replace("{count}", lang === "ar" ? "١" : "1")).waitFor();
      expect(await page.getByRole("listitem").count()).toBe(1);
      expect(await card.textContent()).toContain(phoneIn(lang, number));
      expect(await seriousViolations(page)).toEqual([]);
      if (phone) await fitsPhone(page);

      const reason = "Messages reported as spam";
      await card.getByRole("button", { name: w.suspend }).click();
      await card.getByLabel(w.reason).fill(reason);
      await card.getByRole("button", { name: w.confirmSuspend.replace("{name}", tenantName) }).click();
      await page
        .getByRole("status")
        .filter({ hasText: w.suspendedNow.replace("{name}", tenantName) })
        .waitFor();
      await card.getByText(w.reasonGiven.replace("{reason}", reason)).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      if (phone) await fitsPhone(page);
      await page.screenshot({ path: path.join(shots, phone ? "phone" : "", `businesses-${lang}.png`), fullPage: true });

      const refused = await s.client(t.key).get("/balance");
      expect(refused.status).toBe(403);
      expect(refused.body.error).toEqual({ code: "ACCOUNT_SUSPENDED", message: `This account is suspended. The reason given: ${reason}. Contact support to resume it.` });
      const business = await context.newPage();
      await business.goto(`${s.url}/console`);
      const c = lang === "ar" ? consoleAr : consoleEn;
      await business.getByLabel(c.apiKey).fill(t.key);
      await business.keyboard.press("Enter");
      await business.getByRole("alert").filter({ hasText: reason }).waitFor();
      await business.close();

      await card.getByRole("button", { name: w.resume }).click();
      await page
        .getByRole("status")
        .filter({ hasText: w.resumedNow.replace("{name}", tenantName) })
        .waitFor();
      await card.getByRole("button", { name: w.suspend }).waitFor();
      expect((await s.client(t.key).get("/balance")).status).toBe(200);
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  for (const [lang, phone] of [
    ["en", false],
    ["ar", true],
  ] as const) {
    it(`opens a business's console read-only, where a send is refused and nothing changes (${lang}, ${phone ? "phone" : "desktop"})`, { timeout: BROWSER_WALK_MS }, async () => {
      const s = server();
      const w = lang === "ar" ? ar : en;
      const c = lang === "ar" ? consoleAr : consoleEn;
      const t = await s.seed.tenant().account().create();
      const tenantName = `Look ${lang} ${t.id}`;
      await s.app.deps.db.tenant.update({ where: { id: t.id }, data: { name: tenantName } });
      const { context, page, problems } = await openPage(browser, { lang, phone, bypassCSP: true, timeoutMs: 15_000 });
      const email = await signInAs(page, s, lang, "support");
      await page.getByLabel(w.searchLabel).fill(`#${t.id}`);
      await page.getByRole("button", { name: w.search, exact: true }).click();
      await page.getByRole("button", { name: w.viewAs.replace("{name}", tenantName) }).click();
      const banner = page.getByRole("note").filter({ hasText: c.viewAsBanner.replace("{email}", email).slice(0, 20) });
      await banner.waitFor();
      expect(await banner.textContent()).toBe(c.viewAsBanner.replace("{email}", email));
      expect(await seriousViolations(page)).toEqual([]);

      const before = await storeDigest(s, ["audit_event", "operator_audit_event"]);
      await openSection(page, c.send, { touch: phone });
      await page.getByLabel(c.numbersField).fill("0501112233");
      await page.locator("#text").fill("Sent while looking");
      await page.getByRole("button", { name: c.preview }).click();
      await page.getByRole("button", { name: c.sendNow, exact: true }).click();
      await page.getByRole("alert").filter({ hasText: "read-only" }).waitFor();
      expect(changedTables(before, await storeDigest(s, ["audit_event", "operator_audit_event"]))).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  for (const [lang, phone] of [
    ["en", false],
    ["ar", true],
  ] as const) {
    it(`reads the service's health: the queue's due messages in the reader's digits (${lang}, ${phone ? "phone" : "desktop"})`, { timeout: BROWSER_WALK_MS }, async () => {
      const s = server();
      const w = lang === "ar" ? ar : en;
      const { context, page, problems } = await openPage(browser, { lang, phone, bypassCSP: true, timeoutMs: 15_000 });
      await signInAs(page, s, lang, "finance");
      await page.getByRole("navigation", { name: w.navLabel }).getByRole("link", { name: w.health }).click();
      await page.getByRole("heading", { level: 2, name: w.health }).waitFor();
      const queue = page.getByRole("region", { name: w.queue });
      await queue.waitFor();
      // The figure as this server's own /metrics says it now, written in the page's digits.
      const due = Number(/^gateway_queue_depth (\d+)$/m.exec(await (await fetch(`${s.url}/metrics`)).text())![1]);
      expect(await queue.getByRole("definition").first().textContent()).toBe(new Intl.NumberFormat(lang === "ar" ? "ar-SA" : "en-US").format(due));
      expect(await page.getByRole("region", { name: w.instance }).textContent()).toContain(w.ready);
      expect(await seriousViolations(page)).toEqual([]);
      if (phone) await fitsPhone(page);
      await page.screenshot({ path: path.join(shots, phone ? "phone" : "", `health-${lang}.png`), fullPage: true });
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  for (const [lang, phone] of [
    ["en", false],
    ["ar", true],
  ] as const) {
    it(`changes a plan as a new version, refusing a price that is not one beside its field (${lang}, ${phone ? "phone" : "desktop"})`, { timeout: BROWSER_WALK_MS }, async () => {
      const s = server();
      const w = lang === "ar" ? ar : en;
      const name = `Silver-${lang}-${phone ? "phone" : "desktop"}`;
      await asCommandLine(s, "plan:create", { name, monthlyLimit: 2000, maxAccounts: 2, priceMonthly: 9_900 });
      await asCommandLine(s, "tenant:create", { name: `On ${name}`, plan: name, ends: "2099-12-31" });
      const { context, page, problems } = await openPage(browser, { lang, phone, bypassCSP: true, timeoutMs: 15_000 });
      await signInAs(page, s, lang, "finance");
      await page.getByRole("navigation", { name: w.navLabel }).getByRole("link", { name: w.plans }).click();
      const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name: new RegExp(name) }) });
      await card.waitFor();
      expect(await card.textContent()).toContain(w.planBusinesses.replace("{count}", lang === "ar" ? "١" : "1"));
      await card.getByText(w.editPlan.replace("{name}", name)).click();
      const form = card.getByRole("form", { name: w.editPlan.replace("{name}", name) });
      await form.getByLabel(w.priceMonthly).fill("cheap");
      await form.getByRole("button", { name: w.saveVersion }).click();
      await form.getByRole("alert").waitFor();
      expect(await form.getByLabel(w.priceMonthly).getAttribute("aria-invalid")).toBe("true");
      expect(await s.app.deps.db.plan.count({ where: { name } })).toBe(1);
      await form.getByLabel(w.priceMonthly).fill("129.50");
      await form.getByRole("button", { name: w.saveVersion }).click();
      await page
        .getByRole("status")
        .filter({ hasText: w.planEdited.replace("{name}", name) })
        .waitFor();
      await card.locator("tbody tr").nth(1).waitFor();
      const latest = await s.app.deps.db.plan.findFirstOrThrow({ where: { name }, orderBy: { version: "desc" } });
      expect([latest.version, latest.priceMonthly]).toEqual([2, 12_950]);
      expect(await seriousViolations(page)).toEqual([]);
      if (phone) await fitsPhone(page);
      await page.screenshot({ path: path.join(shots, phone ? "phone" : "", `plans-${lang}.png`), fullPage: true });
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  for (const [lang, phone] of [
    ["en", false],
    ["ar", true],
  ] as const) {
    it(`finds a number across businesses with its state and business (${lang}, ${phone ? "phone" : "desktop"})`, { timeout: BROWSER_WALK_MS }, async () => {
      const s = server();
      const w = lang === "ar" ? ar : en;
      const t = await s.seed.tenant().account().create();
      const number = t.accounts[0]!.phoneNumber;
      await asCommandLine(s, "account:update", { account: t.accounts[0]!.id, status: "disconnected" });
      const { context, page, problems } = await openPage(browser, { lang, phone, bypassCSP: true, timeoutMs: 15_000 });
      await signInAs(page, s, lang, "support");
      await page.getByRole("navigation", { name: w.navLabel }).getByRole("link", { name: w.numbersPage }).click();
      await page.getByRole("heading", { level: 2, name: w.numbersPage }).waitFor();
      await page.getByRole("region", { name: w.wahaServers }).getByText(w.noServers).waitFor();
      await page.getByLabel(w.numberSearchLabel).fill(`+${number}`);
      await page.getByRole("button", { name: w.search, exact: true }).click();
      // The page first lists every number; the search's answer leaves this one alone.
      await page.waitForFunction(() => document.querySelectorAll("ul.businesses > li").length === 1);
      const card = page.getByRole("listitem");
      expect(await card.getByRole("heading", { level: 3 }).textContent()).toBe(`${phoneIn(lang, number)} ${w.state_disconnected}`);
      expect(await card.textContent()).toContain(`(#${t.id})`);
      expect(await seriousViolations(page)).toEqual([]);
      if (phone) await fitsPhone(page);
      await page.screenshot({ path: path.join(shots, phone ? "phone" : "", `numbers-${lang}.png`), fullPage: true });
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  for (const [lang, phone] of (["en", "ar"] as const).flatMap((l) => [false, true].map((p) => [l, p] as const))) {
    it(`reads a business's messages of today and its failures from the charts' tables, and the service's months (${lang}, ${phone ? "phone" : "desktop"})`, {
      timeout: BROWSER_WALK_MS,
    }, async () => {
      const s = server();
      const w = lang === "ar" ? ar : en;
      const t = await s.seed.tenant().account().create();
      const api = s.client(t.key);
      for (const to of ["0501110001", "0501110002"]) expect((await api.post("/send", { to, message: "charted" })).status).toBe(200);
      expect((await api.post("/send", { to: "0500000001", message: "charted" })).status).toBe(502);
      const { context, page, problems } = await openPage(browser, { lang, phone, bypassCSP: true, timeoutMs: 15_000 });
      await signInAs(page, s, lang, "finance");
      await page.getByRole("navigation", { name: w.navLabel }).getByRole("link", { name: w.charts }).click();
      await page.getByRole("heading", { level: 2, name: w.charts }).waitFor();
      await page.getByRole("status").filter({ hasText: w.chartsOfService }).waitFor();
      // The service's twelve months, the last of them this one, with its figures.
      const months = page.getByRole("table", { name: w.tableOf.replace("{title}", w.chartBusinesses) });
      expect(await months.getByRole("row").count()).toBe(13);
      expect(await months.getByRole("row").last().textContent()).not.toContain(w.notSet);
      await page.screenshot({ path: path.join(shots, phone ? "phone" : "", `charts-service-${lang}.png`), fullPage: true });

      await page.getByLabel(w.chartsFilter).fill(`#${t.id}`);
      await page.getByRole("button", { name: w.chartsShow }).click();
      const name = (await s.app.deps.db.tenant.findUniqueOrThrow({ where: { id: t.id } })).name;
      await page
        .getByRole("status")
        .filter({ hasText: w.chartsOfBusiness.replace("{name}", name).replace("{id}", String(t.id)) })
        .waitFor();
      // Today is the table's last row: its cells are waiting, sent, delivered, read, failed.
      const today = page
        .getByRole("table", { name: w.tableOf.replace("{title}", w.chartDays) })
        .getByRole("row")
        .last();
      expect(await today.getByRole("cell").allTextContents()).toEqual([0, 2, 0, 0, 1].map((n) => digitsIn(lang, n)));
      const reasons = page.getByRole("table", { name: w.tableOf.replace("{title}", w.chartFailures) });
      expect(await reasons.getByRole("row").last().textContent()).toBe(`${w.reason_recipient_not_on_whatsapp}${digitsIn(lang, 1)}`);
      expect(await page.getByRole("table", { name: w.tableOf.replace("{title}", w.chartMrr) }).count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      if (phone) await fitsPhone(page);
      await page.screenshot({ path: path.join(shots, phone ? "phone" : "", `charts-${lang}.png`), fullPage: true });
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it("offers a finance operator a look and the money forms but no suspension, and signs out", { timeout: BROWSER_WALK_MS }, async () => {
    const s = server();
    const t = await s.seed.tenant().account().create();
    const { context, page, problems } = await openPage(browser, { lang: "en", bypassCSP: true, timeoutMs: 15_000 });
    await signInAs(page, s, "en", "finance");
    await page.getByLabel(en.searchLabel).fill(`#${t.id}`);
    await page.getByRole("button", { name: en.search, exact: true }).click();
    await page.getByText(en.found.replace("{count}", "1")).waitFor();
    // Looking changes nothing, so finance may; renewing, a plan given and a refund are money, finance's
    // (a longer trial only for a business on one); suspending is not.
    const tenantName = (await s.app.deps.db.tenant.findUniqueOrThrow({ where: { id: t.id } })).name;
    expect(await page.getByRole("listitem").getByRole("button").allTextContents()).toEqual([
      en.viewAs.replace("{name}", tenantName),
      en.renew.replace("{name}", tenantName),
      en.givePlan.replace("{name}", tenantName),
      en.refund,
    ]);
    await page.getByLabel(en.renewUntil).fill("2030-01-31");
    await page.getByRole("button", { name: en.renew.replace("{name}", tenantName) }).click();
    await page
      .getByRole("status")
      .filter({ hasText: en.renewedNow.replace("{name}", tenantName).replace("{day}", "Jan 31, 2030") })
      .waitFor();
    expect((await s.app.deps.db.tenant.findUniqueOrThrow({ where: { id: t.id } })).subscriptionEndsOn.toISOString()).toBe("2030-01-31T00:00:00.000Z");
    await page.getByRole("button", { name: en.signOut }).click();
    await page.getByRole("heading", { level: 2, name: en.signInHeading }).waitFor();
    expect((await fetch(`${s.url}/admin/session`, { headers: { cookie: (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ") } })).status).toBe(404);
    expect(problems).toEqual([]);
    await context.close();
  });
});
