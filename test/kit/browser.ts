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
