import fs from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "./kit/server.js";
import { startGraphApi } from "./kit/graph-api.js";
import { browserSuitesRun, launchChromium, openPage, seriousViolations, signInWithKey } from "./kit/browser.js";
import { waitFor } from "./kit/wait.js";
import { ar } from "../src/features/console/web/texts-ar.js";
import { en } from "../src/features/console/web/texts-en.js";
import { texts } from "../src/features/console/web/i18n.js";
import { ApiError } from "../src/features/console/web/api.js";
import { refusalText } from "../src/features/console/web/pages/numbers/number-parts.js";
import { cloudRefusal } from "../src/features/console/web/pages/numbers/cloud-parts.js";
import { BROWSER_WALK_MS } from "./kit/limits.js";

// The console's Numbers page in Chromium, in Arabic and in English, as a business links a number of
// its own on the simulator (docs/connecting-numbers.md): add it, watch the QR code drawn large and
// replaced live as the simulated phone's codes rotate (every 0.7 s; the phone scans the sixth),
// then read the linked number in words; remove it after a confirmation. On a phone (360 and 390 px,
// touch) the page is reached through the folded menu and fits the screen. A second server's phone
// never scans by itself: a pairing code asked for a local number links that number instead.
// A WhatsApp Cloud API number is added by its credentials against the Graph API stand-in
// (test/kit/graph-api.ts): what Meta confirmed shows in words (its quality not by colour alone), a
// token Meta refuses is said beside its field and adds nothing, and Embedded Signup's code stands in
// for the token where the operator set it up. Screenshots go to docs/console/ with CONSOLE_SCREENSHOTS=docs.

// Pictures only when asked for (they cost a second each): CONSOLE_SCREENSHOTS=docs writes docs/console/.
const shots = process.env.CONSOLE_SCREENSHOTS === "docs" ? path.resolve("docs/console") : undefined;
const snap = async (page: Page, name: string, fullPage = true) => {
  if (shots) await page.screenshot({ path: path.join(shots, name), fullPage });
};

type Lang = "ar" | "en";
const words = (lang: Lang) => (lang === "ar" ? ar : en);
const linkedAs = (lang: Lang, phone: string) => words(lang).linkedAs.replace("{number}", `+${phone}`);

/** What the page showed while it was watched (`watch` below). */
interface Seen {
  /** Each picture the QR image showed, and its widest on the screen. */
  qrs: string[];
  qrWidth: number;
  states: string[];
  codes: Array<{ code: string; steps: string }>;
  focused: string[];
}

describe.runIf(browserSuitesRun)("the console's Numbers page in Chromium", () => {
  /** Its simulated phone scans the sixth QR code; the other's never scans by itself. */
  let server: TestServer;
  let neverScans: TestServer;
  let browser: Browser;
  /** Meta's Graph API stand-in, and a server whose Cloud numbers are checked with it (no Embedded Signup). */
  let graph: Awaited<ReturnType<typeof startGraphApi>>;
  let cloud: TestServer;
  beforeAll(async () => {
    graph = await startGraphApi({ appId: "100000000000888", appSecret: "console-cloud-app-secret" });
    [server, neverScans, cloud, browser] = await Promise.all([
      // The phone scans the sixth code: the page has five to show before, however slowly it paints.
      startServer({ SIMULATOR_QR_ROTATE_MS: "700", SIMULATOR_LINK_AFTER_QR_CODES: "6" }),
      startServer({ SIMULATOR_QR_ROTATE_MS: "700", SIMULATOR_LINK_AFTER_QR_CODES: "0" }),
      startServer({ WHATSAPP_CLOUD_BASE_URL: graph.url }),
      launchChromium(),
    ]);
    if (shots) fs.mkdirSync(path.join(shots, "phone"), { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await neverScans?.close();
    await cloud?.close();
    await graph?.close();
  });

  /** A signed-in console in `lang`, at a desktop's width or a phone's (touch). */
  async function signedIn(on: TestServer, lang: Lang, key: string, phone = false): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
    const opened = await openPage(browser, { lang, phone, bypassCSP: true, dialogsAreProblems: true });
    await opened.page.goto(`${on.url}/console`);
    await signInWithKey(opened.page, key, { label: words(lang).apiKey, heading: words(lang).overview });
    return opened;
  }

  /**
   * From now on, every picture the QR image shows, every state line the page writes, every pairing
   * code with the steps beside it, and where the focus goes, however briefly (a MutationObserver:
   * a QR code shown for 0.7 s, or a pairing code the simulated phone types 0.7 s later, is not
   * missed between two looks).
   */
  const watch = (page: Page) =>
    page.evaluate(() => {
      const seen: Seen = { qrs: [], qrWidth: 0, states: [], codes: [], focused: [] };
      (window as unknown as { seen: Seen }).seen = seen;
      const look = () => {
        const qr = document.querySelector<HTMLImageElement>("img.qr");
        const src = qr?.getAttribute("src");
        if (src && !seen.qrs.includes(src)) seen.qrs.push(src);
        seen.qrWidth = Math.max(seen.qrWidth, qr?.getBoundingClientRect().width ?? 0);
        const state = document.querySelector(".link-state")?.textContent;
        if (state && seen.states.at(-1) !== state) seen.states.push(state);
        const code = document.querySelector(".pairing-code")?.textContent;
        const steps = document.querySelector(".pairing-code ~ .steps")?.textContent;
        if (code && steps && !seen.codes.some((c) => c.code === code)) seen.codes.push({ code, steps });
      };
      new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ["src"] });
      document.addEventListener("focusin", (e) => seen.focused.push((e.target as Element).className));
    });
  const seen = (page: Page) => page.evaluate(() => (window as unknown as { seen: Seen }).seen);

  /** The number's id from the page's address (#/numbers/12), once the page is there. */
  async function shownNumber(page: Page): Promise<number> {
    await page.waitForURL(/#\/numbers\/\d+$/);
    return Number(/#\/numbers\/(\d+)$/.exec(page.url())![1]);
  }

  /** The linked number as the API has it, once linked. */
  async function linkedPhone(on: TestServer, key: string, id: number): Promise<string> {
    const linked = await waitFor(
      () => on.client(key).get(`/accounts/${id}/connection`),
      (r) => r.body.connection.state === "WORKING" && r.body.connection.phone_number !== null,
    );
    return linked.body.connection.phone_number as string;
  }

  for (const lang of ["ar", "en"] as const) {
    it(`adds a number, shows its QR code large and live, shows it linked, and removes it (${lang})`, { timeout: BROWSER_WALK_MS }, async () => {
      const w = words(lang);
      const t = await server.seed.tenant().create();
      const { context, page, problems } = await signedIn(server, lang, t.key);
      await page.getByRole("navigation").getByRole("link", { name: w.numbers, exact: true }).click();
      await page.getByText(w.noNumbers).waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      // English says the number is not new (no warm-up); Arabic leaves it new.
      const name = lang === "ar" ? "المبيعات Sales" : "Sales desk";
      await page.getByLabel(w.numberName).fill(name);
      if (lang === "en") await page.getByLabel(w.notNew).check();
      await watch(page);
      await page.getByRole("button", { name: w.addAndLink }).click();
      const id = await shownNumber(page);
      await page.getByRole("heading", { level: 2, name }).waitFor();

      // The QR code is drawn (a PNG) large, and replaced by the next one the subscription brings;
      // the simulated phone scans the sixth: the page says which number is linked.
      await page.getByRole("img", { name: w.qrAlt }).waitFor();
      await snap(page, `number-qr-${lang}.png`);
      // A second code replaces the first on the page before the phone scans.
      await page.waitForFunction(() => (window as unknown as { seen: { qrs: string[] } }).seen.qrs.length >= 2);
      const phone = await linkedPhone(server, t.key, id);
      expect(phone).toMatch(/^96658\d{7}$/);
      await page
        .locator(".link-state")
        .filter({ hasText: linkedAs(lang, phone) })
        .waitFor();
      expect(await page.locator(".link-state").textContent()).toBe(linkedAs(lang, phone));
      expect(await page.getByRole("img", { name: w.qrAlt }).count()).toBe(0);
      const { qrs, qrWidth, states } = await seen(page);
      expect(qrs.length).toBeGreaterThanOrEqual(2);
      for (const src of qrs) expect(src).toMatch(/^data:image\/png;base64,/);
      expect(qrWidth).toBeGreaterThanOrEqual(300);
      expect(states).toContain(w.link_SCAN_QR_CODE);
      expect(states.at(-1)).toBe(linkedAs(lang, phone));
      expect(await seriousViolations(page)).toEqual([]);
      await snap(page, `number-linked-${lang}.png`);

      // The list shows it linked: warming up when new, connected when not.
      const account = await server.app.deps.db.account.findUniqueOrThrow({ where: { id } });
      expect(account.warmupStartedOn === null).toBe(lang === "en");
      await page.getByRole("link", { name: w.allNumbers }).click();
      const row = page.locator("tbody tr").filter({ hasText: `+${phone}` });
      await row.waitFor();
      expect(await row.textContent()).toContain(lang === "en" ? w.state_connected : w.state_warming_up);
      expect(await seriousViolations(page)).toEqual([]);
      await snap(page, `numbers-${lang}.png`);

      // Remove asks first; "Keep it" keeps it, "Yes" removes it.
      await row.getByRole("button", { name: w.remove }).click();
      await row.getByText(w.removeConfirm.replace("{name}", name)).waitFor();
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(w.keep);
      expect(await seriousViolations(page)).toEqual([]);
      await row.getByRole("button", { name: w.removeYes }).click();
      await page
        .getByRole("status")
        .filter({ hasText: w.removed.replace("{name}", name) })
        .waitFor();
      await page.getByText(w.noNumbers).waitFor();
      expect((await server.app.deps.db.account.findUniqueOrThrow({ where: { id } })).removedAt).not.toBeNull();
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  /** The page as laid out: how wide it scrolls, boxes past an edge, and buttons, fields and links under 44 × 44 px. */
  const phoneLayout = (page: Page) =>
    page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      const box = (e: Element) => {
        const r = e.getBoundingClientRect();
        return r.width > 1 && r.height > 1 ? r : undefined;
      };
      const named = (e: Element) => `${e.tagName.toLowerCase()}: ${(e.textContent ?? "").trim().slice(0, 30)}`;
      const outside = [...document.body.querySelectorAll("*")].filter((e) => {
        const r = box(e);
        return r && (r.left < -0.5 || r.right > width + 0.5);
      });
      const small = [...document.querySelectorAll("button, select, input:not([type=checkbox]), nav a, td a")].filter((e) => {
        const r = box(e);
        return r && (r.width < 44 || r.height < 44);
      });
      return { scrollWidth: document.documentElement.scrollWidth, innerWidth, outside: outside.map(named), small: small.map(named) };
    });

  async function checkPhone(page: Page, picture: string) {
    for (const width of [360, 390]) {
      await page.setViewportSize({ width, height: 844 });
      expect(await phoneLayout(page), `${picture} at ${width} px`).toEqual({ scrollWidth: width, innerWidth: width, outside: [], small: [] });
    }
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, path.join("phone", `${picture}.png`), false);
  }

  for (const lang of ["ar", "en"] as const) {
    it(`works on a phone: Numbers through the folded menu, adding by touch, the QR code and the pairing form within the screen, removing (${lang})`, {
      timeout: BROWSER_WALK_MS,
    }, async () => {
      const w = words(lang);
      // The phone that never scans by itself: the QR code stays on the page for as long as it is looked at.
      const t = await neverScans.seed.tenant().create();
      const { context, page, problems } = await signedIn(neverScans, lang, t.key, true);
      const nav = page.getByRole("navigation", { name: w.nav });
      expect(await nav.isVisible()).toBe(false);
      await page.getByRole("button", { name: w.menu }).tap();
      await nav.getByRole("link", { name: w.numbers, exact: true }).tap();
      await nav.waitFor({ state: "hidden" });
      await page.getByText(w.noNumbers).waitFor();
      await checkPhone(page, `numbers-${lang}`);

      const name = lang === "ar" ? "الفرع" : "Branch";
      await page.getByLabel(w.numberName).fill(name);
      await page.getByRole("button", { name: w.addAndLink }).tap();
      const id = await shownNumber(page);
      const qr = page.getByRole("img", { name: w.qrAlt });
      await qr.waitFor();
      await page.locator(".link-state").filter({ hasText: w.link_SCAN_QR_CODE }).waitFor();
      expect((await qr.boundingBox())!.width).toBeGreaterThanOrEqual(300);
      await checkPhone(page, `number-qr-${lang}`);
      await page.getByRole("button", { name: w.usePairing }).tap();
      await page.getByLabel(w.pairingPhone).waitFor();
      await checkPhone(page, `number-pairing-${lang}`);

      // Removing from the number's page, asked first, back to the list that says so.
      await page.getByRole("button", { name: w.remove }).tap();
      await page.getByRole("button", { name: w.removeYes }).waitFor();
      await checkPhone(page, `number-remove-${lang}`);
      await page.getByRole("button", { name: w.removeYes }).tap();
      await page
        .getByRole("status")
        .filter({ hasText: w.removed.replace("{name}", name) })
        .waitFor();
      await page.getByText(w.noNumbers).waitFor();
      expect((await neverScans.app.deps.db.account.findUniqueOrThrow({ where: { id } })).removedAt).not.toBeNull();
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it("links by a pairing code for a local number, after refusing one that is not a number (en)", { timeout: BROWSER_WALK_MS }, async () => {
    const w = words("en");
    const t = await neverScans.seed.tenant().create();
    const { context, page, problems } = await signedIn(neverScans, "en", t.key);
    await page.getByRole("navigation").getByRole("link", { name: w.numbers, exact: true }).click();
    await page.getByLabel(w.numberName).fill("Reception");
    await page.getByRole("button", { name: w.addAndLink }).click();
    const id = await shownNumber(page);
    await page.getByRole("img", { name: w.qrAlt }).waitFor();
    await page.locator(".link-state").filter({ hasText: w.link_SCAN_QR_CODE }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("button", { name: w.usePairing }).click();
    await page.getByLabel(w.pairingPhone).fill("12345");
    await page.getByRole("button", { name: w.getCode }).click();
    await page.getByRole("alert").filter({ hasText: w.badPhone }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, "number-pairing-en.png");
    await page.getByLabel(w.pairingPhone).fill("0512345678");
    await watch(page);
    await page.getByRole("button", { name: w.getCode }).click();

    // The code is shown large with its steps (and the focus on it for a screen reader) until the
    // simulated phone types it, one rotation later: then the number is the pairing phone's.
    await page
      .locator(".link-state")
      .filter({ hasText: linkedAs("en", "966512345678") })
      .waitFor();
    expect(await linkedPhone(neverScans, t.key, id)).toBe("966512345678");
    const { codes, focused } = await seen(page);
    expect(codes).toHaveLength(1);
    expect(codes[0]!.code).toMatch(/^[0-9A-F]{4}-[0-9A-F]{4}$/);
    expect((await neverScans.app.deps.db.numberLink.findUniqueOrThrow({ where: { accountId: id } })).pairingCode).toBe(codes[0]!.code);
    expect(codes[0]!.steps).toBe(w.pairStep1.replace("{number}", "+966512345678") + w.pairStep2 + w.pairStep3);
    expect(focused).toContain("pairing-code");
    expect(await page.locator(".pairing-code").count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("says why linking failed, in words, links the number again, and refuses one past the plan's limit (ar)", { timeout: BROWSER_WALK_MS }, async () => {
    const w = words("ar");
    // The tenant has a number already; a pairing code for that same phone links it twice, which is refused.
    const t = await neverScans.seed.tenant({ maxAccounts: 2 }).account().create();
    const taken = t.accounts[0]!.phoneNumber;
    const { context, page, problems } = await signedIn(neverScans, "ar", t.key);
    await page.getByRole("navigation").getByRole("link", { name: w.numbers, exact: true }).click();
    const operators = page.locator("tbody tr").filter({ hasText: `+${taken}` });
    await operators.waitFor();
    expect(await operators.textContent()).toContain(w.state_connected);
    await page.getByLabel(w.numberName).fill("الاستقبال");
    await page.getByRole("button", { name: w.addAndLink }).click();
    const id = await shownNumber(page);
    await page.getByRole("img", { name: w.qrAlt }).waitFor();
    await page.getByRole("button", { name: w.usePairing }).click();
    await page.getByLabel(w.pairingPhone).fill(`+${taken}`);
    await page.getByRole("button", { name: w.getCode }).click();

    const failed = w.link_FAILED.replace("{reason}", w.failed_number_taken);
    await page.locator(".link-state").filter({ hasText: failed }).waitFor();
    expect(await page.locator(".link-state").getAttribute("data-link-state")).toBe("FAILED");
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, "number-failed-ar.png");
    // The list says so too, and offers to link it again.
    await page.getByRole("link", { name: w.allNumbers }).click();
    const row = page.locator("tbody tr").filter({ hasText: "الاستقبال" });
    await row.getByText(failed).waitFor();
    expect(await row.textContent()).toContain(w.notLinkedYet);
    await watch(page);
    await row.getByRole("button", { name: w.relink }).click();
    expect(await shownNumber(page)).toBe(id);
    // Linking starts again from the top: the session waits for a scan anew, and the failure is gone.
    await page.getByRole("img", { name: w.qrAlt }).waitFor();
    await page.locator(".link-state").filter({ hasText: w.link_SCAN_QR_CODE }).waitFor();
    expect((await neverScans.client(t.key).get(`/accounts/${id}/connection`)).body.connection).toMatchObject({ error: null, phone_number: null });
    expect(await page.getByRole("button", { name: w.relink }).count()).toBe(0);

    // The plan holds two numbers: a third is refused, in words.
    await page.getByRole("link", { name: w.allNumbers }).click();
    await page.getByLabel(w.numberName).fill("ثالث");
    await page.getByRole("button", { name: w.addAndLink }).click();
    await page.getByRole("alert").filter({ hasText: w.numberError_NUMBER_LIMIT_REACHED }).waitFor();
    expect(await page.getByLabel(w.numberName).getAttribute("aria-describedby")).toBe("add-problem");
    expect(await neverScans.app.deps.db.account.count({ where: { tenantId: t.id } })).toBe(2);
    expect(problems).toEqual([]);
    await context.close();
  });

  /** A business account of its own on the stand-in, reached by its token, with one number as Meta rates it. */
  let wabas = 0;
  function cloudNumber(quality: "GREEN" | "YELLOW" | "RED", tier: string, verifiedName: string) {
    const n = String(++wabas).padStart(4, "0");
    const c = { token: `EAAG-console-cloud-token-${n}`, wabaId: `10229012934${n}`, phoneNumberId: `10654035224${n}`, phone: `96655124${n}`, verifiedName };
    const display = `+${c.phone.slice(0, 3)} ${c.phone.slice(3, 5)} ${c.phone.slice(5, 8)} ${c.phone.slice(8)}`;
    graph.addWaba(c.token, {
      id: c.wabaId,
      name: `Console ${n}`,
      phoneNumbers: [{ id: c.phoneNumberId, display_phone_number: display, verified_name: verifiedName, quality_rating: quality, messaging_limit_tier: tier }],
    });
    return c;
  }

  /** Chooses the Cloud API way of adding a number and fills its form (the token left to the test). */
  async function fillCloudForm(page: Page, lang: Lang, name: string, c: { phoneNumberId: string; wabaId: string }, touch = false) {
    const w = words(lang);
    const way = page.getByRole("button", { name: w.way_cloud });
    expect(await way.getAttribute("aria-pressed")).toBe("false");
    await (touch ? way.tap() : way.click());
    expect(await way.getAttribute("aria-pressed")).toBe("true");
    await page.getByLabel(w.numberName).fill(name);
    await page.getByLabel(w.phoneNumberId).fill(c.phoneNumberId);
    await page.getByLabel(w.wabaId).fill(c.wabaId);
  }

  /** What the page lists of a Cloud number: its name, number, verified name, quality and limit. */
  const factsShown = (page: Page) => page.locator(".cloud-facts dd").allTextContents();

  for (const lang of ["ar", "en"] as const) {
    it(`adds a WhatsApp Cloud API number by its credentials after a token Meta refuses, and shows what Meta confirmed (${lang})`, { timeout: BROWSER_WALK_MS }, async () => {
      const w = words(lang);
      const tx = texts(lang);
      const [rating, quality, tier] = lang === "ar" ? (["YELLOW", w.quality_YELLOW, w.tierUnlimited] as const) : (["GREEN", w.quality_GREEN, "1,000 customers a day"] as const);
      const c = cloudNumber(rating, lang === "ar" ? "TIER_UNLIMITED" : "TIER_1K", lang === "ar" ? "متجر أكمي" : "Acme Stores");
      const t = await cloud.seed.tenant().create();
      const { context, page, problems } = await signedIn(cloud, lang, t.key);
      await page.getByRole("navigation").getByRole("link", { name: w.numbers, exact: true }).click();
      await page.getByText(w.noNumbers).waitFor();
      const name = lang === "ar" ? "فرع الرياض" : "Riyadh branch";
      await fillCloudForm(page, lang, name, c);
      // No Embedded Signup on this gateway: the token it is, in a password field.
      expect(await page.getByLabel(w.signupCode).count()).toBe(0);
      const token = page.getByLabel(w.accessToken);
      expect(await token.getAttribute("type")).toBe("password");
      await token.fill("EAAG-a-token-meta-never-gave-out");
      if (lang === "en") await page.getByLabel(w.notNew).check();
      await page.getByRole("button", { name: w.connectCloud }).click();

      // Meta refuses the token: said in words beside the token field, the focus on it; nothing added.
      await page.locator("#cloud-accessToken-problem").filter({ hasText: w.cloudTokenRefused }).waitFor();
      expect(await token.getAttribute("aria-invalid")).toBe("true");
      expect((await token.getAttribute("aria-describedby"))?.split(" ")).toContain("cloud-accessToken-problem");
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("cloud-accessToken");
      expect(await page.getByLabel(w.phoneNumberId).getAttribute("aria-invalid")).toBeNull();
      expect(await cloud.app.deps.db.account.count({ where: { tenantId: t.id } })).toBe(0);
      expect(await page.getByText(w.noNumbers).count()).toBe(1);
      expect(await seriousViolations(page)).toEqual([]);
      await snap(page, `number-cloud-refused-${lang}.png`);

      await token.fill(c.token);
      await page.getByRole("button", { name: w.connectCloud }).click();
      const added = page.locator(".cloud-added");
      await added.getByRole("heading", { name: w.cloudAdded }).waitFor();
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("cloud-added");
      expect(tier).toBe(lang === "en" ? tx.t("tier", { n: 1000 }) : w.tierUnlimited);
      expect(await factsShown(page)).toEqual([name, `+${c.phone}`, c.verifiedName, quality, tier]);
      // The quality is a word; its colour only repeats it.
      expect(await added.locator(".quality").getAttribute("class")).toBe(`quality ${rating}`);
      const account = await cloud.app.deps.db.account.findFirstOrThrow({ where: { tenantId: t.id } });
      expect(account).toMatchObject({ channel: "whatsapp-cloud", phoneNumber: c.phone, quality: rating, messagingTier: lang === "ar" ? null : 1000 });
      expect(account.warmupStartedOn === null).toBe(lang === "en");
      expect(graph.wabas.get(c.wabaId)!.subscribed).toBe(true);

      // The list shows it with its quality and limit, and offers no "link again".
      const row = page.locator("tbody tr").filter({ hasText: `+${c.phone}` });
      await row.waitFor();
      expect(await row.textContent()).toContain(quality);
      expect(await row.textContent()).toContain(tier);
      expect(await row.getByRole("button", { name: w.relink }).count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      await snap(page, `number-cloud-added-${lang}.png`);

      // Its page: connected through the Cloud API, what Meta confirmed; nothing to scan or link again.
      await added.getByRole("link", { name: w.openNumber }).click();
      await page.getByRole("heading", { level: 2, name }).waitFor();
      await page
        .locator(".link-state")
        .filter({ hasText: w.cloudConnectedAs.replace("{number}", `+${c.phone}`) })
        .waitFor();
      expect(await factsShown(page)).toEqual([name, `+${c.phone}`, c.verifiedName, quality, tier]);
      expect(await page.getByText(w.cloudLinkedHelp).count()).toBe(1);
      for (const absent of [w.relink, w.usePairing, w.useQr]) expect(await page.getByRole("button", { name: absent }).count()).toBe(0);
      expect(await page.locator(".qr").count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      await snap(page, `number-cloud-${lang}.png`);
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it("takes Embedded Signup's code instead of the token where the operator set it up (en)", { timeout: BROWSER_WALK_MS }, async () => {
    const w = words("en");
    const withSignup = await startServer({ WHATSAPP_CLOUD_BASE_URL: graph.url, META_APP_ID: graph.appId, WHATSAPP_CLOUD_APP_SECRET: graph.appSecret });
    try {
      const c = cloudNumber("RED", "TIER_250", "Signed Up Co");
      // The business never sees the token: Meta's signup gave it a code, which the gateway exchanges.
      graph.addSignupCode("AQDconsolesignupcode0001", c.token);
      const t = await withSignup.seed.tenant().create();
      const { context, page, problems } = await signedIn(withSignup, "en", t.key);
      await page.getByRole("navigation").getByRole("link", { name: w.numbers, exact: true }).click();
      await fillCloudForm(page, "en", "Signed up", c);
      await page.getByText(w.signupNote).waitFor();
      expect(await page.getByLabel(w.accessToken).getAttribute("required")).toBeNull();
      expect(await page.getByLabel(w.signupCode).getAttribute("aria-describedby")).toBe("signup-note");
      expect(await seriousViolations(page)).toEqual([]);
      await snap(page, "number-cloud-signup-en.png");
      await page.getByLabel(w.signupCode).fill("AQDconsolesignupcode0001");
      await page.getByRole("button", { name: w.connectCloud }).click();
      await page.getByRole("heading", { name: w.cloudAdded }).waitFor();
      expect(await factsShown(page)).toEqual(["Signed up", `+${c.phone}`, "Signed Up Co", "Low (red)", "250 customers a day"]);
      const exchange = graph.requests.find((r) => r.path.includes("/oauth/access_token") && r.path.includes("AQDconsolesignupcode0001"));
      expect(exchange).toBeDefined();
      expect(problems).toEqual([]);
      await context.close();
    } finally {
      await withSignup.close();
    }
  });

  for (const lang of ["ar", "en"] as const) {
    it(`works on a phone: a Cloud API number added by touch, its refusal, what Meta confirmed and its page within the screen (${lang})`, { timeout: BROWSER_WALK_MS }, async () => {
      const w = words(lang);
      const c = cloudNumber("GREEN", "TIER_10K", "Acme");
      const t = await cloud.seed.tenant().create();
      const { context, page, problems } = await signedIn(cloud, lang, t.key, true);
      await page.getByRole("button", { name: w.menu }).tap();
      await page.getByRole("navigation", { name: w.nav }).getByRole("link", { name: w.numbers, exact: true }).tap();
      await page.getByText(w.noNumbers).waitFor();
      const name = lang === "ar" ? "السحابة" : "Cloud";
      // A phone number id the business account does not hold: refused beside that field.
      await fillCloudForm(page, lang, name, { ...c, phoneNumberId: "999999999999999" }, true);
      await page.getByLabel(w.accessToken).fill(c.token);
      await page.getByRole("button", { name: w.connectCloud }).tap();
      await page.locator("#cloud-phoneNumberId-problem").filter({ hasText: w.cloudPhoneIdUnknown }).waitFor();
      await checkPhone(page, `number-cloud-refused-${lang}`);
      await page.getByLabel(w.phoneNumberId).fill(c.phoneNumberId);
      await page.getByRole("button", { name: w.connectCloud }).tap();
      await page.getByRole("heading", { name: w.cloudAdded }).waitFor();
      await page
        .locator("tbody tr")
        .filter({ hasText: `+${c.phone}` })
        .waitFor();
      await checkPhone(page, `number-cloud-added-${lang}`);
      await page.getByRole("link", { name: w.openNumber }).tap();
      await page.getByRole("heading", { level: 2, name }).waitFor();
      expect(await factsShown(page)).toContain(w.quality_GREEN);
      await checkPhone(page, `number-cloud-${lang}`);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});

describe("the Numbers page's words for the API's refusals", () => {
  it("has a sentence of its own for each documented refusal, in Arabic and in English", () => {
    const codes = ["NUMBER_LIMIT_REACHED", "NO_SERVER_ROOM", "LINK_NOT_READY", "NUMBER_ALREADY_LINKED", "CHANNEL_ERROR"];
    for (const lang of ["ar", "en"] as const) {
      const tx = texts(lang);
      const said = codes.map((code) => refusalText(tx, new ApiError(code, "The server's own English words.")));
      expect(said).toEqual(codes.map((code) => words(lang)[`numberError_${code}` as keyof typeof en]));
      expect(new Set(said).size).toBe(codes.length);
      expect(refusalText(tx, new ApiError("VALIDATION_ERROR", "Invalid input.", { phoneNumber: "must be a phone number in international form" }))).toBe(words(lang).badPhone);
      expect(refusalText(tx, new ApiError("VALIDATION_ERROR", "Invalid input.", { name: "must not be empty" }))).toBe(tx.t("badName"));
      // Anything else keeps the API's message, inside the page's sentence for an error.
      expect(refusalText(tx, new ApiError("RATE_LIMITED", "Slow down."))).toBe(words(lang).error.replace("{message}", "Slow down."));
    }
  });

  it("says a Cloud number's refused credentials beside the field named: broken rules, Meta's refusal, already connected", () => {
    for (const lang of ["ar", "en"] as const) {
      const tx = texts(lang);
      const w = words(lang);
      const token = { token: true, code: false };
      const refused = (fields: Record<string, string>, sent = token) => cloudRefusal(tx, new ApiError("VALIDATION_ERROR", "Invalid input.", fields), sent).fields;
      // Meta refused it while checking, or the input broke its rules.
      expect(refused({ accessToken: "Meta refused the token: Invalid OAuth access token" })).toEqual({ accessToken: w.cloudTokenRefused });
      expect(refused({ accessToken: "must be a system-user access token" })).toEqual({ accessToken: tx.t("cloudBadToken") });
      expect(refused({ accessToken: "give either accessToken or signupCode" }, { token: true, code: true })).toEqual({ accessToken: w.cloudTokenOrCode });
      expect(refused({ phoneNumberId: "Meta does not know it, or this token cannot reach it: …" })).toEqual({ phoneNumberId: w.cloudPhoneIdUnknown });
      expect(refused({ phoneNumberId: "is already connected (to this business or another)" })).toEqual({ phoneNumberId: w.cloudPhoneIdTaken });
      expect(refused({ phoneNumberId: "must be the phone number id Meta shows (digits)", wabaId: "must be the WhatsApp Business Account id Meta shows (digits)" })).toEqual({
        phoneNumberId: w.cloudBadPhoneId,
        wabaId: w.cloudBadWaba,
      });
      expect(refused({ wabaId: "phone number 1 is not one of this WhatsApp Business Account's numbers" })).toEqual({ wabaId: w.cloudWabaUnknown });
      expect(refused({ signupCode: "Meta refused the code: …" }, { token: false, code: true })).toEqual({ signupCode: w.cloudCodeRefused });
      expect(cloudRefusal(tx, new ApiError("NUMBER_LIMIT_REACHED", "…"), token)).toEqual({ fields: {}, form: w.numberError_NUMBER_LIMIT_REACHED });
      expect(cloudRefusal(tx, new ApiError("CHANNEL_ERROR", "…"), token)).toEqual({ fields: {}, form: w.numberError_CHANNEL_ERROR });
      expect(cloudRefusal(tx, new ApiError("SERVICE_UNAVAILABLE", "…"), { token: false, code: true }).form).toBe(w.numberError_SERVICE_UNAVAILABLE);
    }
  });
});
