import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useServer } from "./kit/server.js";
import { browserSuitesRun, launchChromium, openPage, phoneLayout, seriousViolations } from "./kit/browser.js";
import { staffUser } from "./kit/staff.js";
import { GROUPS, SECTIONS } from "../src/features/console/web/access.js";
import { ar } from "../src/features/console/web/texts-ar.js";
import { en } from "../src/features/console/web/texts-en.js";
import { BROWSER_WALK_MS } from "./kit/limits.js";

// The console's navigation in groups (docs/console.md, "Finding a page"), in Chromium, in Arabic and
// English: on a desktop (1280 px, and 960 px, the narrowest that shows it) its groups stand in one
// row inside the bar; each group opens by click and by keyboard (WAI-ARIA disclosure: aria-expanded,
// aria-controls; Arrow keys, Home, End, Escape) and reaches each of its pages; a tap elsewhere or the
// focus leaving it closes it. On a phone (390 px, touch) the groups open in place inside the folded
// menu, which opens on the current page's group; every page is reached by touch and by keyboard, and
// nothing leaves the screen or is too small to touch. A group with one page the session may open is
// that page's link (an agent's Security). Pictures: docs/console/nav-*.png and phone/nav-*.png.

const shots = process.env.CONSOLE_SCREENSHOTS === "docs" ? path.resolve("docs/console") : fs.mkdtempSync(path.join(os.tmpdir(), "console-nav-shots-"));
type Lang = "ar" | "en";
const wordsOf = (lang: Lang) => (lang === "ar" ? ar : en);
const label = (lang: Lang, id: string) => wordsOf(lang)[SECTIONS.find((s) => s.id === id)!.label];

/** The owner's groups, each with its pages' ids, in the bar's order; one page: a link, not a group. */
const OWNER = GROUPS.map((g) => ({ id: g.id, label: g.label, pages: SECTIONS.filter((s) => s.group === g.id).map((s) => s.id) }));

/** Where each top-level item of the bar sits, and the nav's own box. */
function barLayout(page: Page) {
  return page.evaluate(() => {
    const nav = document.querySelector("nav")!.getBoundingClientRect();
    const items = [...document.querySelectorAll("nav .sections > li")].map((li) => {
      const r = li.getBoundingClientRect();
      return { text: (li.querySelector(":scope > a, :scope > button")?.textContent ?? "").trim(), top: Math.round(r.top), left: r.left, right: r.right };
    });
    const row = document.querySelector("nav .sections")!;
    return { nav: { left: nav.left, right: nav.right }, items, overflows: row.scrollWidth > row.clientWidth + 0.5 };
  });
}

const focused = (page: Page) => page.evaluate(() => `${document.activeElement?.tagName.toLowerCase()}:${document.activeElement?.textContent?.trim()}`);

describe.runIf(browserSuitesRun)("the console's navigation in Chromium", () => {
  const server = useServer({ SIMULATOR_LATENCY_MS: "0" });
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
    fs.mkdirSync(path.join(shots, "phone"), { recursive: true });
  });
  afterAll(async () => browser?.close());

  async function open(lang: Lang, cookie: string, address: string, phone = false) {
    const opened = await openPage(browser, { lang, phone, bypassCSP: true, timeoutMs: 15_000 });
    const [name, value] = cookie.split("=") as [string, string];
    await opened.context.addCookies([{ name, value, url: server().url }]);
    await opened.page.goto(`${server().url}/console/#/${address}`);
    await opened.page.getByRole("heading", { level: 2 }).first().waitFor();
    return opened;
  }

  async function owner() {
    const t = await server().seed.tenant().account().create();
    return { t, ...(await staffUser(server(), t.key, `owner-${t.id}@example.com`, "owner")) };
  }

  for (const lang of ["ar", "en"] as const) {
    it(`stands in one row at 1280 and 960 px, and each group opens and reaches its pages by click and by keyboard (${lang})`, { timeout: BROWSER_WALK_MS }, async () => {
      const w = wordsOf(lang);
      const { cookie } = await owner();
      const { context, page, problems } = await open(lang, cookie, "overview");
      const top = OWNER.map((g) => (g.pages.length === 1 ? label(lang, g.pages[0]!) : w[g.label]));
      for (const width of [1280, 960]) {
        await page.setViewportSize({ width, height: 800 });
        expect(await page.locator(".menu-button").isVisible()).toBe(false);
        const bar = await barLayout(page);
        expect(bar.items.map((i) => i.text)).toEqual(top);
        expect(new Set(bar.items.map((i) => i.top)).size, `one row at ${width} px`).toBe(1);
        expect(bar.overflows).toBe(false);
        for (const i of bar.items) expect(i.left >= bar.nav.left - 0.5 && i.right <= bar.nav.right + 0.5, `${i.text} inside the bar at ${width} px`).toBe(true);
      }
      await page.setViewportSize({ width: 1280, height: 800 });

      for (const group of OWNER.filter((g) => g.pages.length > 1)) {
        const button = page.getByRole("button", { name: w[group.label], exact: true });
        const list = page.locator(`#${await button.getAttribute("aria-controls")}`);
        for (const id of group.pages) {
          // By click: the group opens within the window, its page opens, and the group closes again, marked current.
          await button.click();
          expect(await button.getAttribute("aria-expanded")).toBe("true");
          const box = (await list.boundingBox())!;
          expect(box.x >= 0 && box.x + box.width <= 1280, `${group.id} within the window`).toBe(true);
          if (id === group.pages[0] && group.id === "messaging") {
            expect(await seriousViolations(page)).toEqual([]);
            await page.screenshot({ path: path.join(shots, `nav-${lang}.png`) });
          }
          await list.getByRole("link", { name: label(lang, id), exact: true }).click();
          await page.getByRole("heading", { level: 2, name: label(lang, id) }).waitFor();
          expect(await button.getAttribute("aria-expanded")).toBe("false");
          expect(await list.isHidden()).toBe(true);
          expect(await page.locator(`nav li.group.current > button`).textContent()).toBe(w[group.label]);
          expect(await page.locator('nav a[aria-current="page"]').getAttribute("href")).toBe(`#/${id}`);
        }
        // By keyboard: Tab reaches the button, Arrow Down opens it on its first page, the arrows, Home
        // and End move among its pages, Escape closes it and returns the focus; Enter opens a page.
        await page.locator("nav .sections > li > a").first().focus();
        for (let i = 0; i < 12 && (await focused(page)) !== `button:${w[group.label]}`; i++) await page.keyboard.press("Tab");
        await expect.poll(() => focused(page)).toBe(`button:${w[group.label]}`);
        const pages = group.pages.map((id) => `a:${label(lang, id)}`);
        await page.keyboard.press("ArrowDown");
        await expect.poll(() => focused(page)).toBe(pages[0]);
        expect(await button.getAttribute("aria-expanded")).toBe("true");
        await page.keyboard.press("ArrowDown");
        await expect.poll(() => focused(page)).toBe(pages[1]);
        await page.keyboard.press("End");
        await expect.poll(() => focused(page)).toBe(pages.at(-1));
        await page.keyboard.press("ArrowDown");
        await expect.poll(() => focused(page)).toBe(pages[0]);
        await page.keyboard.press("Home");
        await expect.poll(() => focused(page)).toBe(pages[0]);
        await page.keyboard.press("Escape");
        expect(await button.getAttribute("aria-expanded")).toBe("false");
        await expect.poll(() => focused(page)).toBe(`button:${w[group.label]}`);
        await page.keyboard.press("Enter");
        expect(await button.getAttribute("aria-expanded")).toBe("true");
        await page.keyboard.press("Enter");
        expect(await button.getAttribute("aria-expanded")).toBe("false");
        for (const [n, id] of group.pages.entries()) {
          // Arrow Up opens a group on its last page, Arrow Down on its first.
          const last = n === group.pages.length - 1;
          await button.focus();
          await expect.poll(() => focused(page)).toBe(`button:${w[group.label]}`);
          await page.keyboard.press(last ? "ArrowUp" : "ArrowDown");
          // Each key once the one before has moved the focus: a key pressed while the group is still opening would read its state before it.
          await expect.poll(() => focused(page)).toBe(last ? pages[n] : pages[0]);
          if (!last)
            for (let i = 0; i < n; i++) {
              await page.keyboard.press("ArrowDown");
              await expect.poll(() => focused(page)).toBe(pages[i + 1]);
            }
          await expect.poll(() => focused(page)).toBe(`a:${label(lang, id)}`);
          await page.keyboard.press("Enter");
          await page.getByRole("heading", { level: 2, name: label(lang, id) }).waitFor();
          expect(await button.getAttribute("aria-expanded")).toBe("false");
        }
        // A tap elsewhere, or the focus moving on past the group, closes it.
        await button.click();
        await page.locator("header h1").click();
        expect(await button.getAttribute("aria-expanded")).toBe("false");
        await button.focus();
        await page.keyboard.press("ArrowUp");
        await page.keyboard.press("Tab");
        expect(await button.getAttribute("aria-expanded"), `${group.id}, then ${await focused(page)}`).toBe("false");
      }
      // One group open at a time.
      await page.getByRole("button", { name: w.groupMessaging, exact: true }).click();
      await page.getByRole("button", { name: w.accessNav, exact: true }).click();
      expect(await page.locator("nav li.group > button[aria-expanded=true]").count()).toBe(1);
      expect(problems).toEqual([]);
      await context.close();
    });

    it(`on a phone opens the current page's group in the menu, and every page by touch and by keyboard (${lang})`, { timeout: BROWSER_WALK_MS }, async () => {
      const w = wordsOf(lang);
      const { cookie } = await owner();
      const { context, page, problems } = await open(lang, cookie, "inbox", true);
      const menu = page.getByRole("button", { name: w.menu });
      const messaging = page.getByRole("button", { name: w.groupMessaging, exact: true });
      await menu.tap();
      await expect.poll(() => focused(page)).toBe(`a:${w.inbox}`);
      expect(await messaging.getAttribute("aria-expanded")).toBe("true");
      expect(await phoneLayout(page, "nav a, nav button, .menu-button")).toEqual({ scrollWidth: 390, outside: [], small: [] });
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(shots, "phone", `nav-${lang}.png`) });
      // Another group opens in place and closes the first.
      const access = page.getByRole("button", { name: w.accessNav, exact: true });
      await access.tap();
      expect([await access.getAttribute("aria-expanded"), await messaging.getAttribute("aria-expanded")]).toEqual(["true", "false"]);
      expect((await phoneLayout(page, "nav a, nav button")).outside).toEqual([]);
      await page.keyboard.press("Escape");
      await page.locator("#menu").waitFor({ state: "hidden" });
      await expect.poll(() => focused(page)).toBe(`button:${w.menu}`);

      for (const section of SECTIONS) {
        const name = label(lang, section.id);
        await menu.tap();
        const link = page.locator("#menu nav a").filter({ hasText: new RegExp(`^${name}$`) });
        if (!(await link.isVisible()))
          await page
            .locator("#menu nav li.group")
            .filter({ has: page.locator("a", { hasText: new RegExp(`^${name}$`) }) })
            .locator(":scope > button")
            .tap();
        await link.tap();
        await page.getByRole("heading", { level: 2, name }).waitFor();
        await page.locator("#menu").waitFor({ state: "hidden" });
      }

      // From the keyboard: Enter opens the menu on the current page; Tab reaches a group, Arrow Down
      // its first page, Enter opens it and closes the menu.
      await menu.focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => focused(page)).toBe(`a:${w.security}`);
      await page.keyboard.press("Escape");
      await menu.focus();
      await page.keyboard.press("Enter");
      for (let i = 0; i < 30 && (await focused(page)) !== `button:${w.groupMessaging}`; i++) await page.keyboard.press("Shift+Tab");
      await page.keyboard.press("ArrowDown");
      await expect.poll(() => focused(page)).toBe(`a:${w.send}`);
      await page.keyboard.press("Enter");
      await page.getByRole("heading", { level: 2, name: w.send }).waitFor();
      expect(await menu.getAttribute("aria-expanded")).toBe("false");
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it("shows a group the session can open one page of as that page's link", async () => {
    const { t } = await owner();
    const agent = await staffUser(server(), t.key, `agent-${t.id}@example.com`, "agent");
    for (const lang of ["ar", "en"] as const) {
      const w = wordsOf(lang);
      const { context, page } = await open(lang, agent.cookie, "inbox");
      expect((await barLayout(page)).items.map((i) => i.text)).toEqual([w.groupMessaging, w.contacts, w.security]);
      await page.getByRole("button", { name: w.groupMessaging, exact: true }).click();
      expect(await page.locator("#group-messaging a").allTextContents()).toEqual([w.batches, w.messages, w.inbox, w.exports]);
      await context.close();
    }
  });
});
