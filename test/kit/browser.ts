import fs from "node:fs";
import { chromium, type Browser } from "playwright-core";

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
