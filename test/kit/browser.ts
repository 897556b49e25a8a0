import fs from "node:fs";
import path from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";

export const chromiumPath = "/usr/bin/chromium";

/**
 * Debian's Chromium, headless. Missing Chromium skips the browser tests on a developer's machine
 * but fails them in CI, where .ci/run installs it.
 */
export const browserAvailable = fs.existsSync(chromiumPath) || process.env.CI === "true";

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    // The machine's network is closed: without these Chromium keeps trying Google's services.
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}

const axeSource = () => fs.readFileSync(path.resolve("node_modules/axe-core/axe.min.js"), "utf8");

/** axe-core's serious and critical violations on the page as it is (axe is loaded once per document; the context must bypass the CSP). */
export async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource());
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
