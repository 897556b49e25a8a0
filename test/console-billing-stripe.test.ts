import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "./kit/server.js";
import { startStripeStandIn, type StripeStandIn } from "./kit/stripe.js";
import { browserSuitesRun, launchChromium, openPage, openSection, phoneLayout, seriousViolations, signInWithKey } from "./kit/browser.js";
import { BROWSER_WALK_MS } from "./kit/limits.js";
import { runAdminCommand } from "../src/features/admin/admin.js";
import { ar } from "../src/features/console/web/texts-ar.js";
import { en } from "../src/features/console/web/texts-en.js";

// The billing page of a gateway that sells through Stripe, in Chromium, in Arabic and English, at a
// desktop's width and a phone's: no card field; paying takes the payer to Stripe's hosted page (the
// stand-in's), which sends them back to the billing page; the page says the payment is being
// confirmed, and once Stripe's webhook has landed shows the plan active, that Stripe keeps the card,
// and a top-up that goes to Stripe's page too.

type Lang = "ar" | "en";

let server: TestServer;
let stripe: StripeStandIn;
let browser: Browser;
let now = () => new Date();

beforeAll(async () => {
  if (!browserSuitesRun) return;
  stripe = await startStripeStandIn({ now: () => now() });
  server = await startServer({ PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_URL: stripe.url });
  now = () => server.app.deps.clock.now();
  stripe.webhookUrl = `${server.url}/billing/stripe/webhook`;
  const db = server.app.deps.db;
  const plan = { maxAccounts: "2", public: "true", requestsPerSecond: "1000", requestBurst: "1000" };
  await runAdminCommand(db, "plan:create", { name: "basic", monthlyLimit: "50", priceMonthly: "10000", priceYearly: "100000", ...plan });
  await runAdminCommand(db, "plan:create", { name: "pro", monthlyLimit: "100", priceMonthly: "30000", priceYearly: "300000", ...plan });
  await runAdminCommand(db, "pack:create", { name: "1k", messages: "1000", price: "5000" });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await stripe?.close();
});

/** On Stripe's hosted page: the payer pays, and Stripe sends them to the session's return address. */
async function payOnStripe(page: Page): Promise<void> {
  await page.waitForURL((u) => u.href.startsWith(`${stripe.url}/c/pay/`));
  const id = /\/c\/pay\/(cs_test_[0-9a-f]+)$/.exec(page.url())![1]!;
  expect(stripe.pay(id, "succeeds")).toBe(true);
  const back = String(stripe.world.sessions.get(id)!.success_url).replace("{CHECKOUT_SESSION_ID}", id);
  expect(back.startsWith(`${server.url}/console/#/billing?payment=submitted`)).toBe(true);
  await page.goto(back);
}

describe.runIf(browserSuitesRun)("the billing page with Stripe, in Chromium", () => {
  for (const [lang, phone] of [
    ["en", false],
    ["ar", true],
    ["ar", false],
    ["en", true],
  ] as const satisfies ReadonlyArray<readonly [Lang, boolean]>) {
    it(`pays for a plan and a pack on Stripe's page and comes back to it confirmed (${lang}, ${phone ? "phone" : "desktop"})`, { timeout: BROWSER_WALK_MS }, async () => {
      const w = lang === "ar" ? ar : en;
      const t = await server.seed.tenant({ ends: server.app.deps.clock.day() }).create();
      const { context, page, problems } = await openPage(browser, { lang, phone, bypassCSP: true, timeoutMs: 15_000 });
      await page.goto(`${server.url}/console`);
      await signInWithKey(page, t.key, { label: w.apiKey, heading: w.overview });
      await openSection(page, w.billing, { touch: phone });
      await page.locator('[data-state="trial"]').waitFor();
      await page.getByText(w.checkoutHelpStripe).waitFor();
      expect(await page.locator("#checkout-token").count()).toBe(0);

      await page.locator("#checkout-plan").selectOption("pro");
      await page.getByRole("button", { name: w.checkoutPay }).click();
      await payOnStripe(page);
      await page.getByRole("status").filter({ hasText: w.paymentReturned_submitted }).waitFor();
      expect(new URL(page.url()).hash).toBe("#/billing");
      await stripe.delivered();
      await page.reload();
      await page.locator('[data-plan="pro"]').waitFor();
      await page.locator('[data-state="active"]').waitFor();
      expect(await page.locator("[data-card]").textContent()).toBe(w.billingCardStripe);
      expect(await seriousViolations(page)).toEqual([]);
      if (phone) {
        for (const width of [360, 390]) {
          await page.setViewportSize({ width, height: 844 });
          expect(await phoneLayout(page, "main button, main input, main select, nav a"), `at ${width} px`).toEqual({ scrollWidth: width, outside: [], small: [] });
        }
      }

      // A pack goes to Stripe's page too, and its messages count once Stripe's webhook has landed.
      await page.getByText(w.topUpHelpStripe).waitFor();
      await page.getByRole("button", { name: w.topUpSubmit }).click();
      await payOnStripe(page);
      await page.getByRole("status").filter({ hasText: w.paymentReturned_submitted }).waitFor();
      await stripe.delivered();
      const month = server.app.deps.clock.month();
      const usage = await server.app.deps.db.tenantMonthlyUsage.findUniqueOrThrow({ where: { tenantId_month: { tenantId: t.id, month } } });
      expect(usage.bonus).toBe(1000);
      expect((await server.app.deps.db.invoice.findMany({ where: { tenantId: t.id }, orderBy: { id: "asc" } })).map((i) => i.totalHalalas)).toEqual([34_500, 5_750]);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
