import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useServer } from "./kit/server.js";
import { startChatwoot, type ChatwootStandIn } from "./kit/chatwoot.js";
import { browserSuitesRun, launchChromium, openPage, phoneLayout, seriousViolations, signInWithKey } from "./kit/browser.js";
import { staffUser } from "./kit/staff.js";
import { waitFor } from "./kit/wait.js";
import { ar } from "../src/features/console/web/texts-ar.js";
import { en } from "../src/features/console/web/texts-en.js";
import { texts } from "../src/features/console/web/i18n.js";
import { BROWSER_WALK_MS } from "./kit/limits.js";

// The console's Chatwoot page in Chromium, in Arabic (right to left) and English, at a desktop's
// width and a phone's (touch, through the folded menu): a business connects its Chatwoot inbox in
// one step. What the page checks itself (the ids, a number ticked), what the API refuses (an
// ftp:// address) and what Chatwoot answers when the gateway reads the inbox (an agent bot's token)
// are said beside their fields; connecting shows the webhook URL once, with a Copy button, and a
// reload has it gone while the bridge's settings (never its token), that its webhooks are signed,
// and its relay's state stay. Work waiting both ways, posts Chatwoot refused for good and the last
// call's error, written straight into the tables, show within a few seconds (the page reads the
// state again while it is open); the refused posts are posted again by a button; disconnecting
// asks first. A role without settings:manage is not offered the page, and by address it asks
// nothing. The Chatwoot the form names is the stand-in (test/kit/chatwoot.ts) on 127.0.0.1, which
// CHATWOOT_PRIVATE_HOSTS lets in. Screenshots go to docs/console/ with CONSOLE_SCREENSHOTS=docs.

const shots = process.env.CONSOLE_SCREENSHOTS === "docs" ? path.resolve("docs/console") : fs.mkdtempSync(path.join(os.tmpdir(), "console-chatwoot-shots-"));
const TOKEN = "cw-admin-access-token-1234";
const BOT_TOKEN = "cw-agent-bot-token-1234";

type Lang = "ar" | "en";
type Device = "desktop" | "phone";
type Words = typeof en;

describe.runIf(browserSuitesRun)("the console's Chatwoot page in Chromium", () => {
  const server = useServer({ CHATWOOT_PRIVATE_HOSTS: "127.0.0.1" });
  let browser: Browser;
  let chatwoot: ChatwootStandIn;
  let CHATWOOT: string;
  beforeAll(async () => {
    browser = await launchChromium();
    chatwoot = await startChatwoot({ accountId: 3, inboxId: 7, token: TOKEN });
    chatwoot.tokens.set(BOT_TOKEN, { kind: "agent_bot" });
    CHATWOOT = chatwoot.url;
    fs.mkdirSync(path.join(shots, "phone"), { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await chatwoot?.close();
  });

  async function open(lang: Lang, device: Device) {
    const opened = await openPage(browser, { lang, phone: device === "phone", bypassCSP: true, dialogsAreProblems: true });
    // The Copy button writes the webhook URL to the clipboard, where the test reads it back.
    await opened.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server().url });
    return opened;
  }

  async function signedInWithKey(lang: Lang, device: Device, key: string) {
    const opened = await open(lang, device);
    await opened.page.goto(`${server().url}/console`);
    await signInWithKey(opened.page, key, { label: (lang === "ar" ? ar : en).apiKey, heading: (lang === "ar" ? ar : en).overview });
    return opened;
  }

  /** Opens the Chatwoot page through the bar: on a phone through the folded menu, by touch. */
  async function go(page: Page, w: Words, device: Device) {
    if (device === "phone") {
      await page.getByRole("button", { name: w.menu }).tap();
      await page.locator("#menu").getByRole("link", { name: w.chatwoot, exact: true }).tap();
    } else {
      await page.locator("#menu").getByRole("link", { name: w.chatwoot, exact: true }).click();
    }
    await page.getByRole("heading", { level: 2, name: w.chatwoot }).waitFor();
  }

  /** On a phone: nothing past the screen's edges at 360 and 390 px, nothing too small to touch. Everywhere: axe finds nothing serious. */
  async function checked(page: Page, device: Device, picture: string) {
    if (device === "phone") {
      for (const width of [360, 390]) {
        await page.setViewportSize({ width, height: 844 });
        const layout = await phoneLayout(page, "main button, main input:not([type=checkbox]), nav a");
        expect(layout, `${picture} at ${width} px`).toEqual({ scrollWidth: width, outside: [], small: [] });
      }
    }
    expect(await seriousViolations(page), picture).toEqual([]);
    await page.screenshot({ path: path.join(shots, ...(device === "phone" ? ["phone", `chatwoot-${picture}.png`] : [`chatwoot-${picture}.png`])), fullPage: device === "desktop" });
  }

  /** Waits for the focus to land on `selector` (the page moves it once a render has painted). */
  const focusOn = (page: Page, selector: string) => page.waitForFunction((s) => document.activeElement?.matches(s) === true, selector);

  /** A fact of the bridge or its relay, as the page shows it. */
  const fact = (page: Page, id: string) => page.locator(`[data-fact="${id}"] dd`);

  for (const [lang, device] of [
    ["en", "desktop"],
    ["ar", "phone"],
    ["ar", "desktop"],
    ["en", "phone"],
  ] as const) {
    it(`connects Chatwoot, shows the webhook URL once, the settings and the relay's state, field errors, and disconnects (${lang}, ${device})`, {
      timeout: BROWSER_WALK_MS,
    }, async () => {
      const w = lang === "ar" ? ar : en;
      const tag = `${lang}-${device}`;
      const db = server().app.deps.db;
      const t = await server().seed.tenant().account().account().account().create();
      const [sales, support, other] = t.accounts;
      await db.account.update({ where: { id: sales!.id }, data: { name: "المبيعات Sales" } });
      await db.account.update({ where: { id: support!.id }, data: { name: `Support ${tag}` } });
      const { context, page, problems } = await signedInWithKey(lang, device, t.key);
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === "ar" ? "rtl" : "ltr");
      const tx = texts(lang, ((await page.evaluate(() => fetch("/console/session").then((r) => r.json()))) as { time_zone: string }).time_zone);

      await go(page, w, device);
      await page.getByText(w.chatwootNone).waitFor();
      await page.getByRole("heading", { level: 3, name: w.chatwootConnectTitle }).waitFor();
      await checked(page, device, `empty-${lang}`);

      // What the page checks itself: ids that are not whole numbers, no number ticked; nothing is sent.
      await page.getByLabel(w.chatwootBaseUrl).fill("ftp://x");
      await page.getByLabel(w.chatwootAccountId).fill("3");
      await page.getByLabel(w.chatwootInboxId).fill("seven");
      await page.getByLabel(w.chatwootToken).fill(TOKEN);
      await page.getByRole("button", { name: w.chatwootConnect, exact: true }).click();
      await page.locator("#cw-inboxId-problem").filter({ hasText: w.chatwootBadId }).waitFor();
      expect(await page.locator("#cw-accountIds-problem").textContent()).toBe(w.chatwootPickNumber);
      await focusOn(page, "#cw-inboxId");
      expect(await page.getByLabel(w.chatwootInboxId).getAttribute("aria-invalid")).toBe("true");

      // What the API refuses: an address that is not http(s), beside its field, in the page's words.
      await page.getByLabel(w.chatwootInboxId).fill("7");
      await page.getByLabel("المبيعات Sales").check();
      await page.getByLabel(`Support ${tag}`).check();
      await page.getByRole("button", { name: w.chatwootConnect, exact: true }).click();
      await page.locator("#cw-baseUrl-problem").filter({ hasText: w.chatwootBadUrl }).waitFor();
      expect(await page.locator(".field-problem").count()).toBe(1);
      await focusOn(page, "#cw-baseUrl");
      expect(await page.getByLabel(w.chatwootBaseUrl).getAttribute("aria-describedby")).toBe("cw-baseUrl-help cw-baseUrl-problem");
      expect(await db.chatwootBridge.count({ where: { tenantId: t.id } })).toBe(0);
      await checked(page, device, `field-error-${lang}`);

      // What Chatwoot answers when the gateway reads the inbox: an agent bot's token cannot read it.
      await page.getByLabel(w.chatwootBaseUrl).fill(CHATWOOT);
      await page.getByLabel(w.chatwootToken).fill(BOT_TOKEN);
      await page.getByRole("button", { name: w.chatwootConnect, exact: true }).click();
      await page.locator("#cw-accessToken-problem").filter({ hasText: w.chatwootTokenRefused }).waitFor();
      expect(await page.locator(".field-problem").count()).toBe(1);
      await focusOn(page, "#cw-accessToken");
      expect(await db.chatwootBridge.count({ where: { tenantId: t.id } })).toBe(0);

      // Connected: the webhook URL once, to copy, and a note to paste it in Chatwoot.
      await page.getByLabel(w.chatwootToken).fill(TOKEN);
      await page.getByRole("button", { name: w.chatwootConnect, exact: true }).click();
      await page.getByRole("heading", { name: w.chatwootWebhookTitle }).waitFor();
      await page.getByRole("status").filter({ hasText: w.chatwootConnected }).waitFor();
      expect(await page.locator(".shown-once").textContent()).toContain(w.chatwootWebhookOnce);
      const webhookUrl = (await page.locator(".shown-once .secret").textContent())!.trim();
      const secret = /^(.+)\/chatwoot\/webhooks\/([A-Za-z0-9_-]{43})$/.exec(webhookUrl);
      expect(secret?.[1]).toBe(server().url);
      const row = await db.chatwootBridge.findUniqueOrThrow({ where: { tenantId: t.id } });
      expect(row).toMatchObject({
        baseUrl: CHATWOOT,
        chatwootAccountId: 3,
        inboxId: 7,
        accessToken: TOKEN,
        webhookTokenHash: createHash("sha256").update(secret![2]!).digest("hex"),
        webhookSecret: chatwoot.inboxes[0]!.secret,
      });
      expect([...row.accountIds].sort((a, b) => a - b)).toEqual([sales!.id, support!.id].sort((a, b) => a - b));
      await focusOn(page, ".shown-once button:first-of-type");
      await page.getByRole("button", { name: w.copy, exact: true }).click();
      await page.getByRole("status").filter({ hasText: w.copied }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(webhookUrl);

      // The settings, the token only as kept, and the relay's zero state; the form now changes them.
      expect(await fact(page, "baseUrl").textContent()).toBe(CHATWOOT);
      expect(await fact(page, "inboxId").textContent()).toBe("7");
      expect(await fact(page, "accountIds").locator("li").allTextContents()).toEqual(
        expect.arrayContaining([`المبيعات Sales +${sales!.phoneNumber}`, `Support ${tag} +${support!.phoneNumber}`]),
      );
      expect(await fact(page, "accountIds").textContent()).not.toContain(other!.phoneNumber);
      expect(await fact(page, "accessToken").textContent()).toBe(w.chatwootTokenKeptShort);
      expect(await fact(page, "webhooksSigned").textContent()).toBe(w.chatwootSigned);
      expect(await fact(page, "failedPosts").textContent()).toBe(w.chatwootNoneFailed);
      expect(await page.locator("[data-failed-posts]").count()).toBe(0);
      expect(await fact(page, "toChatwoot").textContent()).toBe(tx.number(0));
      expect(await fact(page, "toWhatsapp").textContent()).toBe(tx.number(0));
      expect(await fact(page, "oldestWaitingAt").textContent()).toBe(w.chatwootNothingWaiting);
      expect(await fact(page, "lastPostedAt").textContent()).toBe(w.chatwootNoCallYet);
      expect(await page.locator("[data-last-error]").count()).toBe(0);
      expect(await page.getByLabel(w.chatwootToken).inputValue()).toBe("");
      expect(await page.content()).not.toContain(TOKEN);
      await checked(page, device, `connected-${lang}`);

      // A reload: the webhook URL is gone for good; the settings and the state are read again.
      await page.reload();
      await page.getByRole("heading", { level: 2, name: w.chatwoot }).waitFor();
      await page.getByRole("heading", { level: 3, name: w.chatwootChangeTitle }).waitFor();
      expect(await page.locator(".shown-once").count()).toBe(0);
      expect(await page.content()).not.toContain(secret![2]);
      expect(await page.content()).not.toContain(TOKEN);
      expect(await fact(page, "baseUrl").textContent()).toBe(CHATWOOT);
      expect(await fact(page, "toChatwoot").textContent()).toBe(tx.number(0));
      expect(await page.getByLabel(w.chatwootBaseUrl).inputValue()).toBe(CHATWOOT);
      expect(await page.getByLabel(w.chatwootInboxId).inputValue()).toBe("7");
      expect(await page.getByLabel("المبيعات Sales").isChecked()).toBe(true);
      expect(await page.getByLabel(`Support ${tag}`).isChecked()).toBe(true);
      expect(await page.locator(`#cw-number-${other!.id}`).isChecked()).toBe(false);
      expect(await page.getByLabel(w.chatwootToken).inputValue()).toBe("");
      expect(await page.locator("#cw-accessToken-help").textContent()).toBe(w.chatwootTokenKept);
      expect(await page.getByText(w.chatwootChangeHelp).count()).toBe(1);

      // Work waiting both ways, the last call that worked and the last error: shown within a few seconds.
      // Their run_at is tomorrow, so no relay claims them while the page is watched.
      const now = server().app.deps.clock.now();
      const tomorrow = new Date(now.getTime() + 86_400_000);
      const oldest = new Date(now.getTime() - 3_600_000);
      for (const [phone, at] of [
        ["966500000001", oldest],
        ["966500000002", now],
      ] as const)
        await db.chatwootOutbox.create({ data: { bridgeId: row.id, phone, kind: "note", note: "waiting", runAt: tomorrow, createdAt: at } });
      await db.chatwootReply.create({
        data: { bridgeId: row.id, chatwootMessageId: 501, conversationId: 9, phone: "966500000001", content: { text: "hi" }, runAt: tomorrow, createdAt: now },
      });
      const failedAt = new Date(now.getTime() - 60_000);
      const lastError = "Chatwoot answered 401: Invalid Access Token";
      await db.chatwootBridge.update({ where: { id: row.id }, data: { lastPostedAt: oldest, lastError, lastErrorAt: failedAt } });
      await page.locator("[data-last-error]").waitFor();
      expect(await fact(page, "toChatwoot").textContent()).toBe(tx.number(2));
      expect(await fact(page, "toWhatsapp").textContent()).toBe(tx.number(1));
      expect(await fact(page, "oldestWaitingAt").textContent()).toBe(tx.dateTime(oldest.toISOString()));
      expect(await fact(page, "lastPostedAt").textContent()).toBe(tx.dateTime(oldest.toISOString()));
      const warning = page.locator("[data-last-error]");
      expect(await warning.locator("p").allTextContents()).toEqual([tx.t("chatwootLastError", { date: tx.dateTime(failedAt.toISOString()) }), lastError]);
      expect(await warning.getAttribute("class")).toBe("warning");
      await checked(page, device, `state-${lang}`);
      // Posts Chatwoot refused for good: counted, listed with Chatwoot's answer, and posted again by the button.
      const refusedAt = new Date(now.getTime() - 120_000);
      const refusal = "Chatwoot answered 413: Request Entity Too Large";
      // Both in one statement: the page reads the state every few seconds, and one read between two
      // inserts would rightly show one failure.
      await db.chatwootOutbox.createMany({
        data: ["966500000003", "966500000004"].map((phone) => ({
          bridgeId: row.id,
          phone,
          kind: "note",
          note: "refused",
          status: "failed" as const,
          attempts: 1,
          lastError: refusal,
          runAt: refusedAt,
          createdAt: refusedAt,
          doneAt: refusedAt,
        })),
      });
      const failed = page.locator("[data-failed-posts]");
      await failed.waitFor();
      expect(await fact(page, "failedPosts").textContent()).toBe(tx.number(2));
      expect(await failed.getByRole("heading", { level: 3 }).textContent()).toBe(w.chatwootFailedTitle);
      expect(await failed.locator("tbody tr").count()).toBe(2);
      expect(await failed.locator("tbody tr").first().locator("td").allTextContents()).toEqual([
        "+966500000004",
        w.chatwootFailedKind_note,
        refusal,
        tx.dateTime(refusedAt.toISOString()),
      ]);
      await checked(page, device, `failed-${lang}`);
      await (device === "phone" ? failed.getByRole("button", { name: w.chatwootRetry }).tap() : failed.getByRole("button", { name: w.chatwootRetry }).click());
      await page
        .getByRole("status")
        .filter({ hasText: tx.t("chatwootRetried", { n: 2 }) })
        .waitFor();
      await failed.waitFor({ state: "detached" });
      expect(await db.chatwootOutbox.count({ where: { bridgeId: row.id, status: "failed" } })).toBe(0);
      expect(await db.auditEvent.count({ where: { tenantId: t.id, action: "chatwoot.posts_retried" } })).toBe(1);
      // The relay posts them to the Chatwoot stand-in; nothing of them is left to change the state below.
      await waitFor(
        () => db.chatwootOutbox.count({ where: { bridgeId: row.id, status: "done" } }),
        (n) => n === 2,
      );

      // The error cleared (a later call worked): the warning goes on the next read.
      await db.chatwootBridge.update({ where: { id: row.id }, data: { lastPostedAt: now, lastError: null, lastErrorAt: null } });
      await page.locator("[data-last-error]").waitFor({ state: "detached" });
      // The relay's own posts above also clear the error and stamp their time: the page may show that
      // read first, then this one at its next read.
      await expect.poll(() => fact(page, "lastPostedAt").textContent()).toBe(tx.dateTime(now.toISOString()));

      // Disconnecting asks first: keeping it keeps it; yes disconnects.
      const press = (name: string) => (device === "phone" ? page.getByRole("button", { name, exact: true }).tap() : page.getByRole("button", { name, exact: true }).click());
      await press(w.chatwootDisconnect);
      await page.getByText(w.chatwootDisconnectConfirm).waitFor();
      await checked(page, device, `disconnect-${lang}`);
      await press(w.keep);
      await page.getByText(w.chatwootDisconnectConfirm).waitFor({ state: "detached" });
      expect(await db.chatwootBridge.count({ where: { tenantId: t.id } })).toBe(1);
      await press(w.chatwootDisconnect);
      await press(w.chatwootDisconnectYes);
      await page.getByRole("status").filter({ hasText: w.chatwootDisconnected }).waitFor();
      await page.getByText(w.chatwootNone).waitFor();
      await page.getByRole("heading", { level: 3, name: w.chatwootConnectTitle }).waitFor();
      expect(await db.chatwootBridge.count({ where: { tenantId: t.id } })).toBe(0);
      expect(await page.locator("[data-fact]").count()).toBe(0);

      expect(problems).toEqual([]);
      await context.close();
    });
  }

  for (const role of ["agent", "campaigns"] as const) {
    it(`is not offered to a role without settings:manage (${role}), and asks nothing when opened by address`, async () => {
      const t = await server().seed.tenant().account().create();
      const { cookie } = await staffUser(server(), t.key, `${role}-chatwoot@example.com`, role);
      const { context, page, problems } = await open("en", "desktop");
      const [name, value] = [cookie.slice(0, cookie.indexOf("=")), cookie.slice(cookie.indexOf("=") + 1)];
      await context.addCookies([{ name, value, url: server().url }]);
      const requests: string[] = [];
      page.on("request", (r) => r.url().endsWith("/graphql") && requests.push(r.postData() ?? ""));
      await page.goto(`${server().url}/console`);
      await page.locator(".shell main h2").waitFor();
      const offered = await page.locator("#menu a").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
      // The premise, not a count: the menu was drawn (which pages each role gets is console-nav's test).
      expect(offered.length).toBeGreaterThan(0);
      expect(offered).not.toContain("#/chatwoot");
      await page.evaluate(() => (location.hash = "#/chatwoot"));
      await page.getByRole("heading", { level: 2, name: en.chatwoot }).waitFor();
      await page
        .getByRole("alert")
        .filter({ hasText: en.notAllowedRole.replace("{role}", role === "agent" ? en.role_agent : en.role_campaigns) })
        .waitFor();
      expect(requests.filter((r) => r.includes("ConsoleChatwootBridge"))).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it("is offered to a key holding every scope", async () => {
    const t = await server().seed.tenant().account().create();
    const { context, page, problems } = await signedInWithKey("en", "desktop", t.key);
    expect(await page.locator("#menu a").evaluateAll((links) => links.map((a) => a.getAttribute("href")))).toContain("#/chatwoot");
    expect(problems).toEqual([]);
    await context.close();
  });
});
