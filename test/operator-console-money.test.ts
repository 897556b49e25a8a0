import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "./kit/server.js";
import { browserSuitesRun, launchChromium, openPage, seriousViolations } from "./kit/browser.js";
import { moyasarSettings, payingBusiness, startMoyasarStandIn, type MoyasarStandIn } from "./kit/moyasar.js";
import { fitsPhone, resultOfCommandLine, signInAs } from "./kit/operators.js";
import { addDays } from "../src/core/clock.js";
import { BROWSER_WALK_MS } from "./kit/limits.js";
import { ar } from "../src/features/operator-console/web/texts-ar.js";
import { en } from "../src/features/operator-console/web/texts-en.js";

// The money forms of a business's card in Chromium, Arabic and English, desktop and phone
// (docs/operators.md, "Money"): a finance operator puts a trial business on another plan, gives its
// trial more days, and refunds part of a paying business's invoice through Moyasar's stand-in; a
// refund above what is left is refused beside its field, with nothing refunded; a support operator's
// cards offer none of it.

let server: TestServer;
let moyasar: MoyasarStandIn;
let browser: Browser;

beforeAll(async () => {
  if (!browserSuitesRun) return;
  moyasar = await startMoyasarStandIn();
  server = await startServer(moyasarSettings(moyasar));
  moyasar.webhookUrl = `${server.url}/billing/moyasar/webhook`;
  const plan = { monthlyLimit: "100", maxAccounts: "2", priceMonthly: "10000", priceYearly: "100000", public: "true" };
  await resultOfCommandLine(server, "plan:create", { name: "basic", ...plan });
  await resultOfCommandLine(server, "plan:create", { name: "pro", ...plan, monthlyLimit: "5000" });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await moyasar?.close();
});

const invoicesOf = async (key: string) => (await server.client(key).get("/invoices")).body.invoices as Array<Record<string, any>>;

describe.runIf(browserSuitesRun)("an operator's money forms in Chromium", () => {
  for (const [lang, phone] of [
    ["en", false],
    ["ar", true],
  ] as const) {
    it(`gives a plan and a longer trial, and refunds part of an invoice, refusing too much beside its field (${lang}, ${phone ? "phone" : "desktop"})`, {
      timeout: BROWSER_WALK_MS,
    }, async () => {
      const w = lang === "ar" ? ar : en;
      const trial = await server.seed.tenant({ ends: server.app.deps.clock.day() }).create();
      const trialName = `Trial ${lang} ${trial.id}`;
      await server.app.deps.db.tenant.update({ where: { id: trial.id }, data: { name: trialName } });
      const paying = await payingBusiness(server, moyasar);
      await server.app.deps.db.tenant.update({ where: { id: paying.id }, data: { name: `Paying ${lang} ${trial.id}` } });
      const { context, page, problems } = await openPage(browser, { lang, phone, bypassCSP: true, timeoutMs: 15_000 });
      await signInAs(page, server, lang, "finance");

      await page.getByLabel(w.searchLabel).fill(`#${trial.id}`);
      await page.getByRole("button", { name: w.search, exact: true }).click();
      const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name: new RegExp(trialName) }) });
      await card.waitFor();
      await card.getByLabel(w.planToGive).fill("pro");
      await card.getByRole("button", { name: w.givePlan.replace("{name}", trialName) }).click();
      await page
        .getByRole("status")
        .filter({ hasText: w.planGivenNow.replace("{name}", trialName).replace("{plan}", "pro") })
        .waitFor();
      expect((await server.client(trial.key).get("/billing")).body.billing.plan.name).toBe("pro");

      const until = addDays(server.app.deps.clock.day(), 30);
      await card.getByLabel(w.trialUntil).fill(until);
      await card.getByRole("button", { name: w.extendTrial.replace("{name}", trialName) }).click();
      await page
        .getByRole("status")
        .filter({ hasText: w.trialExtendedNow.replace("{name}", trialName).slice(0, 12) })
        .waitFor();
      expect((await server.client(trial.key).get("/billing")).body.billing).toMatchObject({ state: "trial", period_end: until });
      expect(await seriousViolations(page)).toEqual([]);
      if (phone) await fitsPhone(page);

      await page.getByLabel(w.searchLabel).fill(`#${paying.id}`);
      await page.getByRole("button", { name: w.search, exact: true }).click();
      const payingCard = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name: new RegExp(`Paying ${lang}`) }) });
      await payingCard.waitFor();
      // A trial-only form is not offered to a business that pays.
      expect(await payingCard.getByLabel(w.trialUntil).count()).toBe(0);
      await payingCard.getByLabel(w.refundInvoice).fill(paying.invoice.number);
      await payingCard.getByLabel(w.refundAmount).fill("20000");
      await payingCard.getByRole("button", { name: w.refund, exact: true }).click();
      const amountField = payingCard.getByLabel(w.refundAmount);
      await payingCard.getByRole("alert").filter({ hasText: "11500" }).waitFor();
      expect(await amountField.getAttribute("aria-invalid")).toBe("true");
      expect(await invoicesOf(paying.key)).toHaveLength(1);
      expect([...moyasar.payments.values()].at(-1)!.refunded).toBe(0);

      await amountField.fill("5000");
      await payingCard.getByRole("button", { name: w.refund, exact: true }).click();
      await page.getByRole("status").filter({ hasText: paying.invoice.number }).waitFor();
      const list = await invoicesOf(paying.key);
      expect(list.map((i) => [i.kind, i.total_halalas])).toEqual([
        ["credit_note", 5000],
        ["invoice", 11500],
      ]);
      expect(await seriousViolations(page)).toEqual([]);
      if (phone) await fitsPhone(page);
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it("offers a support operator none of the money forms", { timeout: BROWSER_WALK_MS }, async () => {
    const w = en;
    const t = await server.seed.tenant().create();
    const { context, page, problems } = await openPage(browser, { lang: "en", phone: false, bypassCSP: true, timeoutMs: 15_000 });
    await signInAs(page, server, "en", "support");
    await page.getByLabel(w.searchLabel).fill(`#${t.id}`);
    await page.getByRole("button", { name: w.search, exact: true }).click();
    const card = page.getByRole("listitem").first();
    await card.getByRole("button", { name: w.suspend }).waitFor();
    for (const label of [w.renewUntil, w.planToGive, w.refundInvoice]) expect(await card.getByLabel(label).count(), label).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
