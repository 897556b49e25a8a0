import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer } from "./kit/server.js";
import { browserSuitesRun, digitsIn, launchChromium, openPage, phoneIn, phoneLayout, seriousViolations } from "./kit/browser.js";
import { newOperator, signedIn } from "./kit/operators.js";
import { sharedStorage } from "./kit/waha-sessions.js";
import { addedWaha, connectionOf, HMAC_KEY, linkedNumber, settled, type Waha } from "./kit/waha-numbers.js";
import { BROWSER_WALK_MS } from "./kit/limits.js";
import { ar } from "../src/features/operator-console/web/texts-ar.js";
import { en } from "../src/features/operator-console/web/texts-en.js";

// The operator console's WAHA servers in Chromium (docs/operators.md, "WAHA servers"), in Arabic and
// English, at a desktop's width and a phone's: each server with its sessions and whether it
// answers; an operator moves one number to another server from its card, then drains a server
// (WAHA stand-ins sharing a session storage) and sees its sessions move to the other, the page
// reading them again as they go; the numbers stay connected. A support operator gets neither.

describe.runIf(browserSuitesRun)("WAHA servers in the operator console", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => browser?.close());

  const serverItem = (page: Page, name: string) => page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 4, name: new RegExp(name) }) });

  for (const [lang, phone] of [
    ["en", false],
    ["ar", true],
  ] as const) {
    it(`moves a number and drains a server, and sees its sessions move (${lang}, ${phone ? "phone" : "desktop"})`, { timeout: BROWSER_WALK_MS }, async () => {
      const w = lang === "ar" ? ar : en;
      const s = await startServer({ WAHA_WEBHOOK_HMAC_KEY: HMAC_KEY });
      const stands: Waha[] = [];
      try {
        const storage = sharedStorage();
        stands.push(await addedWaha(s, "waha-a", 5, storage));
        const t = await s.seed.tenant({ maxAccounts: 5 }).create();
        const api = s.client(t.key);
        const first = await linkedNumber(s, api, stands, "966513330001");
        const second = await linkedNumber(s, api, stands, "966513330002");
        stands.push(await addedWaha(s, "waha-b", 5, storage));
        const secrets = await newOperator(s, `servers-${lang}@ops.example`, "operator");
        const cookie = await signedIn(s, `servers-${lang}@ops.example`, secrets);

        const { context, page, problems } = await openPage(browser, { lang, phone, bypassCSP: true, timeoutMs: 15_000 });
        await signInBy(context, cookie, s.url);
        await page.goto(`${s.url}/admin#/numbers`);
        await page.getByRole("heading", { level: 2, name: w.numbersPage }).waitFor();
        const sessions = (n: number) => w.serverSessions.replace("{sessions}", digitsIn(lang, n)).replace("{capacity}", digitsIn(lang, 5));
        const a = serverItem(page, "waha-a");
        const b = serverItem(page, "waha-b");
        await a.getByText(sessions(2)).waitFor();
        await b.getByText(sessions(0)).waitFor();
        expect(await a.getByText(w.answer_ok).count()).toBe(1);
        expect(await seriousViolations(page)).toEqual([]);
        if (phone) await fitsPhone(page);

        // One number, from its card: to the only other server with room.
        const label = phoneIn(lang, "966513330001");
        await page.getByLabel(w.moveTo.replace("{number}", label)).selectOption("waha-b");
        await page.getByRole("button", { name: w.moveNumber.replace("{number}", label) }).click();
        await page
          .getByRole("status")
          .filter({ hasText: w.movedNow.replace("{number}", label).replace("{server}", "waha-b") })
          .waitFor();
        await b.getByText(sessions(1)).waitFor();

        // The drain, after a confirming press; the page follows its moves.
        await a.getByRole("button", { name: w.drainServer.replace("{name}", "waha-a") }).click();
        await a.getByRole("button", { name: w.confirmDrain.replace("{name}", "waha-a") }).click();
        await page
          .getByRole("status")
          .filter({ hasText: w.drainingNow.replace("{name}", "waha-a") })
          .waitFor();
        await a.getByText(sessions(0)).waitFor();
        await b.getByText(sessions(2)).waitFor();
        await a.getByText(w.draining, { exact: true }).waitFor();
        await a.getByRole("button", { name: w.undrainServer.replace("{name}", "waha-a") }).waitFor();
        expect(await seriousViolations(page)).toEqual([]);
        if (phone) await fitsPhone(page);

        await settled(stands);
        for (const n of [first, second]) expect(await connectionOf(api, n.id)).toMatchObject({ state: "WORKING", status: "connected" });
        const links = await s.app.deps.db.numberLink.findMany({ where: { accountId: { in: [first.id, second.id] } }, include: { server: true } });
        expect(links.map((l) => l.server?.name)).toEqual(["waha-b", "waha-b"]);
        expect(problems).toEqual([]);
        await context.close();
      } finally {
        await s.close();
        for (const stand of stands) await stand.close();
      }
    });
  }

  it("offers a support operator neither a drain nor a move", { timeout: BROWSER_WALK_MS }, async () => {
    const s = await startServer({ WAHA_WEBHOOK_HMAC_KEY: HMAC_KEY });
    const stands: Waha[] = [];
    try {
      stands.push(await addedWaha(s, "waha-a", 5));
      const t = await s.seed.tenant().create();
      await linkedNumber(s, s.client(t.key), stands, "966513330003");
      stands.push(await addedWaha(s, "waha-b", 5));
      const secrets = await newOperator(s, "support-servers@ops.example", "support");
      const cookie = await signedIn(s, "support-servers@ops.example", secrets);
      const { context, page, problems } = await openPage(browser, { lang: "en", bypassCSP: true, timeoutMs: 15_000 });
      await signInBy(context, cookie, s.url);
      await page.goto(`${s.url}/admin#/numbers`);
      await serverItem(page, "waha-a").getByText(en.serverSessions.replace("{sessions}", "1").replace("{capacity}", "5")).waitFor();
      await page.getByRole("heading", { level: 3, name: new RegExp("966513330003") }).waitFor();
      expect(await page.getByRole("main").getByRole("button").allTextContents()).toEqual([en.search]);
      expect(problems).toEqual([]);
      await context.close();
    } finally {
      await s.close();
      for (const stand of stands) await stand.close();
    }
  });
});

/** Nothing past the screen's edges, no control smaller than 44 px, at two phone widths. */
async function fitsPhone(page: Page) {
  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: 844 });
    expect(await phoneLayout(page, "button, input, select"), `at ${width} px`).toEqual({ scrollWidth: width, outside: [], small: [] });
  }
}

/** The browser holds the operator's session cookie (`name=value`), as after signing in (the sign-in itself: test/operator-console.test.ts). */
async function signInBy(context: BrowserContext, cookie: string, url: string) {
  const at = cookie.indexOf("=");
  await context.addCookies([{ name: cookie.slice(0, at), value: cookie.slice(at + 1), url }]);
}
