import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useServer } from "./kit/server.js";
import { browserSuitesRun, digitsIn, launchChromium, openPage, openSection, phoneLayout, seriousViolations, signInWithKey } from "./kit/browser.js";
import { csvRows } from "./kit/exports.js";
import { ar } from "../src/features/console/web/texts-ar.js";
import { en } from "../src/features/console/web/texts-en.js";

// The console's Exports page in Chromium, in Arabic (right to left) and English, at a desktop's
// width and a phone's (touch, through the folded menu): a business exports a range of days of its
// messages, watches the progress bar fill to 100 %, and downloads the file through the console's
// own link (signed in by the session cookie), which holds the messages it sent. On a phone nothing
// is wider than the screen and every control is a finger's size. Screenshots go to docs/console/
// with CONSOLE_SCREENSHOTS=docs.

const shots = process.env.CONSOLE_SCREENSHOTS === "docs" ? path.resolve("docs/console") : fs.mkdtempSync(path.join(os.tmpdir(), "console-exports-shots-"));

type Lang = "ar" | "en";
type Device = "desktop" | "phone";

/** Nothing past the screen's edges, no control smaller than 44 px, at two phone widths. */
async function fitsPhone(page: Page) {
  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: 844 });
    expect(await phoneLayout(page, "main button, main input, main select, nav a"), `at ${width} px`).toEqual({ scrollWidth: width, outside: [], small: [] });
  }
}

describe.runIf(browserSuitesRun)("the console's Exports page in Chromium", () => {
  const server = useServer();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
    fs.mkdirSync(path.join(shots, "phone"), { recursive: true });
  });
  afterAll(async () => browser?.close());

  for (const [lang, device] of [
    ["en", "desktop"],
    ["ar", "phone"],
    ["ar", "desktop"],
    ["en", "phone"],
  ] as const satisfies ReadonlyArray<readonly [Lang, Device]>) {
    it(`exports a range of days, fills the progress bar and downloads the file (${lang}, ${device})`, async () => {
      const w = lang === "ar" ? ar : en;
      const phone = device === "phone";
      const t = await server().seed.tenant().account().create();
      const api = server().client(t.key);
      const texts = ["hello, world", "مرحبا", 'say "yes"'];
      for (const [i, message] of texts.entries()) expect((await api.post("/send", { to: `05010000${20 + i}`, message })).status).toBe(200);

      const { context, page, problems } = await openPage(browser, {
        lang,
        phone,
        bypassCSP: true,
        timeoutMs: 15_000,
        options: { timezoneId: "Asia/Riyadh", acceptDownloads: true },
      });
      await page.goto(`${server().url}/console`);
      await signInWithKey(page, t.key, { label: w.apiKey, heading: w.overview });
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === "ar" ? "rtl" : "ltr");
      await openSection(page, w.exports, { touch: phone });
      await page.getByRole("heading", { level: 2, name: w.exports }).waitFor();
      await page.getByText(w.exportNone).waitFor();

      const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Riyadh" }).format(server().app.deps.clock.now());
      await page.getByLabel(w.exportFormat).selectOption("csv");
      await page.getByLabel(w.exportFrom).fill(today);
      await page.getByLabel(w.exportTo).fill(today);
      await page.getByRole("button", { name: w.exportStart }).click();
      // The page says the export started once the mutation has answered: its id is then in the list.
      await page
        .getByRole("status")
        .filter({ hasText: w.exportStarted.replace(/\{id\}.*$/, "") })
        .waitFor();
      const id = (await api.get("/exports")).body.exports[0].id as number;
      await page
        .getByRole("status")
        .filter({ hasText: w.exportStarted.replace("{id}", digitsIn(lang, id)) })
        .waitFor();
      const bar = page.locator(`[data-export-progress="${id}"]`);
      await page.locator('[data-export-state="ready"]').waitFor();
      expect(await bar.evaluate((e) => (e as HTMLProgressElement).value)).toBe(1);
      expect(await bar.getAttribute("aria-label")).toBe(w.exportProgress.replace("{id}", digitsIn(lang, id)));
      await page.getByText(w.exportRows.replace("{done}", lang === "ar" ? "٣" : "3").replace("{total}", lang === "ar" ? "٣" : "3")).waitFor();

      if (phone) await fitsPhone(page);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(shots, ...(phone ? ["phone", `exports-${lang}.png`] : [`exports-${lang}.png`])), fullPage: !phone });

      const [download] = await Promise.all([page.waitForEvent("download"), page.locator(`[data-export-download="${id}"]`).click()]);
      expect(download.suggestedFilename()).toBe(`messages-${id}.csv`);
      const file = fs.readFileSync(await download.path(), "utf8");
      expect(csvRows(file).map((r) => r.text)).toEqual(texts);
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it("answers the console's download link only to a signed-in session of the tenant", async () => {
    const t = await server().seed.tenant().account().create();
    const job = (await server().client(t.key).post("/exports", { kind: "messages", format: "ndjson", from: "2026-01-01T00:00:00+03:00", to: "2026-02-01T00:00:00+03:00" })).body;
    const anonymous = await fetch(`${server().url}/console/exports/${job.id}/download`);
    expect([anonymous.status, ((await anonymous.json()) as { error: { code: string } }).error.code]).toEqual([401, "UNAUTHORIZED"]);
    const other = await server().seed.tenant().account().create();
    const signIn = await fetch(`${server().url}/console/session`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-graphql-yoga-csrf": "console" },
      body: JSON.stringify({ api_key: other.key }),
    });
    const cookie = signIn.headers.get("set-cookie")!.split(";")[0]!;
    const theirs = await fetch(`${server().url}/console/exports/${job.id}/download`, { headers: { cookie } });
    expect(theirs.status).toBe(404);
  });
});
