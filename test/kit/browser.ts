import fs from "node:fs";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from "playwright-core";
import { embeddedPass } from "./server.js";

export const chromiumPath = "/usr/bin/chromium";

/**
 * Debian's Chromium, headless. Missing Chromium skips the browser tests on a developer's machine
 * but fails them in CI, where .ci/run installs it.
 */
export const browserAvailable = fs.existsSync(chromiumPath) || process.env.CI === "true";

/**
 * The browser suites run once, in the embedded pass. A page speaks to the same GraphQL and REST on
 * either database, and the API suites run those on both; a second pass in Chromium doubled the
 * suites' costliest files (about 1,200 s of test time in CI) and checked no more.
 */
export const browserSuitesRun = browserAvailable && embeddedPass;

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    // The machine's network is closed: without these Chromium keeps trying Google's services.
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}

export interface PageOptions {
  lang: "ar" | "en";
  /** A phone's screen, by touch: `phoneSize`, or 390 × 844; otherwise a desktop's 1280 × 800. */
  phone?: boolean;
  phoneSize?: { width: number; height: number };
  /** axe is injected by script, which the page's CSP would refuse. */
  bypassCSP?: boolean;
  /** The context's default timeout for actions and waits (10 s unless given). */
  timeoutMs?: number;
  /** Any dialog the page opens is a problem. Without this Playwright dismisses dialogs by itself. */
  dialogsAreProblems?: boolean;
  /** The context's other options (a time zone, downloads); they win over the ones above. */
  options?: BrowserContextOptions;
}

/** A new context and page in `lang`; `problems` collects the page's uncaught errors (and dialogs when asked). Nothing is opened yet. */
export async function openPage(browser: Browser, o: PageOptions): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const phone = o.phone ?? false;
  const context = await browser.newContext({
    locale: o.lang === "ar" ? "ar-SA" : "en-US",
    viewport: phone ? (o.phoneSize ?? { width: 390, height: 844 }) : { width: 1280, height: 800 },
    isMobile: phone,
    hasTouch: phone,
    ...(o.bypassCSP ? { bypassCSP: true } : {}),
    ...o.options,
  });
  context.setDefaultTimeout(o.timeoutMs ?? 10_000);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (e) => problems.push(e.message));
  if (o.dialogsAreProblems) page.on("dialog", (d) => problems.push(`dialog: ${d.message()}`));
  return { context, page, problems };
}

/**
 * Signs in with an API key from the keyboard: the key in the field labelled `label`, then Enter;
 * done once the level-2 `heading` shows, or the `landmark` where the test waits for the shell's bar.
 */
export async function signInWithKey(page: Page, key: string, until: { label: string } & ({ heading: string } | { landmark: "navigation" })): Promise<void> {
  await page.getByLabel(until.label).fill(key);
  await page.keyboard.press("Enter");
  await ("heading" in until ? page.getByRole("heading", { level: 2, name: until.heading }) : page.getByRole(until.landmark)).waitFor();
}

/** An exact text, for locators' `hasText`. */
const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);

/**
 * Opens the section `name` from the bar as a person does: through the folded menu on a narrow
 * screen, then through its group when it is in one (docs/console.md, "Finding a page"), by touch
 * when `touch`. Waits for nothing after choosing the section.
 */
export async function openSection(page: Page, name: string, { touch = false }: { touch?: boolean } = {}): Promise<void> {
  const press = (target: Locator) => (touch ? target.tap() : target.click());
  const menu = page.locator(".menu-button");
  if ((await menu.isVisible()) && (await menu.getAttribute("aria-expanded")) !== "true") await press(menu);
  const link = page.locator("#menu nav a").filter({ hasText: exactly(name) });
  if (!(await link.isVisible())) {
    await press(
      page
        .locator("#menu nav li.group")
        .filter({ has: page.locator("a", { hasText: exactly(name) }) })
        .locator(":scope > button"),
    );
  }
  await press(link);
}

/** A phone number as the console writes it inside a sentence in `lang`: isolated left to right in Arabic. */
export const phoneIn = (lang: "ar" | "en", digits: string): string => (lang === "ar" ? `\u2066+${digits}\u2069` : `+${digits}`);

/** A number as the console writes it in `lang` without grouping (an id): Arabic-Indic digits in Arabic. */
export const digitsIn = (lang: "ar" | "en", n: number | string): string => (lang === "ar" ? String(n).replace(/\d/g, (d) => "٠١٢٣٤٥٦٧٨٩"[Number(d)]!) : String(n));

const axeSource = () => fs.readFileSync(path.resolve("node_modules/axe-core/axe.min.js"), "utf8");

/** axe-core's serious and critical violations on the page as it is (axe is loaded once per document; the context must bypass the CSP). */
export async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource());
  // Only violations are worked out in full (resultTypes): the check reads nothing else.
  const result = await page.evaluate(async () =>
    (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: Array<{ id: string; impact: string; nodes: unknown[] }> }> } }).axe.run(
      document,
      { resultTypes: ["violations"] },
    ),
  );
  return result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id} (${v.nodes.length})`);
}

/**
 * How the page lies on a phone: its scroll width, the elements past the screen's edges, and the
 * controls (`controls`, a selector) smaller than a finger's 44 px; fitting is `{ scrollWidth: the
 * viewport's width, outside: [], small: [] }`.
 */
export function phoneLayout(page: Page, controls: string): Promise<{ scrollWidth: number; outside: string[]; small: string[] }> {
  return page.evaluate((selector) => {
    const box = (e: Element) => {
      const r = e.getBoundingClientRect();
      return r.width > 1 && r.height > 1 ? r : undefined;
    };
    const named = (e: Element) => `${e.tagName.toLowerCase()}: ${(e.textContent ?? "").trim().slice(0, 30)}`;
    const edge = document.documentElement.clientWidth;
    const outside = [...document.body.querySelectorAll("*")].filter((e) => {
      const r = box(e);
      return r && (r.left < -0.5 || r.right > edge + 0.5);
    });
    const small = [...document.querySelectorAll(selector)].filter((e) => {
      const r = box(e);
      return r && (r.width < 44 || r.height < 44);
    });
    return { scrollWidth: document.documentElement.scrollWidth, outside: outside.map(named), small: small.map(named) };
  }, controls);
}
