import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import { useServer, type TestServer } from "./server.js";
import { launchChromium, openPage } from "./browser.js";
import { staffUser } from "./staff.js";
import { postWahaText } from "./provider-signing.js";
import { waitFor } from "./wait.js";

// What the console's Automation tests share: a server whose rules answer at once, Chromium and the
// pictures' folder, a business whose simulator number contacts write to over WAHA's signed
// webhook, the console opened as one of its staff, a rule's row in the list, and a contact's
// message followed to the server's own record of the rules' look at it.

/**
 * For a file's tests: a server taking WAHA's webhook signed with `hmac` (the simulator sending at
 * once, the rules' loop polling often), Chromium, and where pictures go: docs/console/ with
 * CONSOLE_SCREENSHOTS=docs, else a folder of the system's temporary ones (each with its phone/).
 */
export function useAutomationPage(hmac: string) {
  const server = useServer({ WAHA_WEBHOOK_HMAC_KEY: hmac, SIMULATOR_LATENCY_MS: "0", WORKER_POLL_MS: "20" });
  const shots = process.env.CONSOLE_SCREENSHOTS === "docs" ? path.resolve("docs/console") : fs.mkdtempSync(path.join(os.tmpdir(), "console-automation-shots-"));
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
    fs.mkdirSync(path.join(shots, "phone"), { recursive: true });
  });
  afterAll(async () => browser?.close());
  return { server, browser: () => browser!, shots };
}

/** A business with a number on a WAHA session (the simulator sends), and a staff user of `role` signed in: their cookie. */
export async function automationBusiness(s: TestServer, role = "owner") {
  const t = await s.seed.tenant().account().create();
  const account = t.accounts[0]!;
  const session = `console-automation-${account.id}`;
  await s.app.deps.db.account.update({ where: { id: account.id }, data: { settings: { waha: { session } } } });
  const { cookie } = await staffUser(s, t.key, `${role}-${t.id}@example.com`, role);
  return { t, account, session, cookie, api: s.client(t.key) };
}
export type AutomationBusiness = Awaited<ReturnType<typeof automationBusiness>>;

/** The console in `lang` with the user's cookie, opened on the overview (or `address`), at a phone's width when `phone`. */
export async function openConsoleAs(browser: Browser, s: TestServer, lang: "ar" | "en", cookie: string, phone = false, address = "overview") {
  const opened = await openPage(browser, { lang, phone, bypassCSP: true, dialogsAreProblems: true, timeoutMs: 15_000 });
  const at = cookie.indexOf("=");
  await opened.context.addCookies([{ name: cookie.slice(0, at), value: cookie.slice(at + 1), url: s.url }]);
  await opened.page.goto(`${s.url}/console/#/${address}`);
  await opened.page.locator(".shell main h2").waitFor();
  return opened;
}

/** The list's row of the rule (or message) whose title cell is `name` (a regular expression's text). */
export const ruleRow = (page: Page, name: string) => page.locator("tbody tr").filter({ has: page.locator("td.title", { hasText: new RegExp(`^${name}$`) }) });

/**
 * A contact writes `text` to the business's number through WAHA's signed webhook; answers, once
 * the server's automation_work row for that message is done, its outcome, the rule, and the
 * text and content of what was sent.
 */
export async function contactWrites(s: TestServer, hmac: string, b: AutomationBusiness, from: string, text: string) {
  const db = s.app.deps.db;
  const before = await db.inboundMessage.count({ where: { tenantId: b.t.id, fromNumber: from } });
  expect((await postWahaText(s.url, hmac, b.session, b.account.phoneNumber, from, text)).stored).toBe(1);
  const inbound = await waitFor(
    () => db.inboundMessage.findMany({ where: { tenantId: b.t.id, fromNumber: from }, orderBy: { id: "asc" } }),
    (all) => all.length === before + 1,
  );
  const work = await waitFor(
    () => db.automationWork.findUnique({ where: { inboundMessageId: inbound.at(-1)!.id } }),
    (w) => w?.status === "done",
  );
  const sent = work?.messageId ? await db.message.findUniqueOrThrow({ where: { id: work.messageId } }) : null;
  return { outcome: work?.outcome, ruleId: work?.ruleId, text: sent?.body ?? null, content: sent?.content ?? null };
}
