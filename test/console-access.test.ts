import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildSchema, Kind, OperationTypeNode, parse } from "graphql";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useServer } from "./kit/server.js";
import { browserSuitesRun, launchChromium, openPage, openSection, phoneIn, seriousViolations } from "./kit/browser.js";
import { postWahaText } from "./kit/provider-signing.js";
import { invite, totpCode } from "./kit/staff.js";
import { SECTIONS } from "../src/features/console/web/access.js";
import { ar } from "../src/features/console/web/texts-ar.js";
import { en } from "../src/features/console/web/texts-en.js";
import { texts } from "../src/features/console/web/i18n.js";
import { BROWSER_WALK_MS } from "./kit/limits.js";

// Staff users in the console, in Chromium, in Arabic and English, at a desktop's width and a
// phone's (touch): an owner invited over REST follows the link, chooses a password, signs in by
// email, turns on two-factor sign-in, invites an agent and makes a key; the agent follows their
// link, turns on two-factor, signs in again with a code, answers a customer in the inbox, is
// offered none of the pages their role cannot open (and is told so when they open one by address),
// and a request crafted in their page is refused by the server; the owner's audit log shows the
// agent's sign-ins and two-factor enrolment. axe finds no serious violation on any of these pages.
// A single send (the agent's reply) writes no audit event: the message itself is its record
// (docs/access.md), so the audit check is on the agent's sign-ins and enrolment.

const WAHA_HMAC = "console-access-hmac";
const shots = process.env.CONSOLE_SCREENSHOTS === "docs" ? path.resolve("docs/console") : fs.mkdtempSync(path.join(os.tmpdir(), "console-access-shots-"));

type Words = typeof en;
const fill = (text: string, vars: Record<string, string>) => text.replace(/\{(\w+)\}/g, (_, k: string) => vars[k] ?? "");

describe("each page's scopes", () => {
  it("are those its opening queries need, by schema.graphql's descriptions", () => {
    const schema = buildSchema(fs.readFileSync("schema.graphql", "utf8"));
    // A public field (the plans on sale) needs no scope: its description says so instead.
    const scopeOf = (type: "query" | "subscription", field: string) => {
      const root = type === "query" ? schema.getQueryType() : schema.getSubscriptionType();
      const description = root?.getFields()[field]?.description ?? "";
      return description.includes("Needs no key: anyone may call it.") ? [] : [/Needs the scope `([^`]+)`/.exec(description)?.[1]];
    };
    for (const section of SECTIONS) {
      const needed = new Set<string>();
      for (const doc of section.reads) {
        for (const op of parse(doc.toString()).definitions) {
          if (op.kind !== Kind.OPERATION_DEFINITION) continue;
          const root = op.operation === OperationTypeNode.SUBSCRIPTION ? "subscription" : "query";
          for (const sel of op.selectionSet.selections) if (sel.kind === Kind.FIELD) for (const scope of scopeOf(root, sel.name.value)) needed.add(scope!);
        }
      }
      // Every scope the page's queries need is required, and nothing else but the scope of the change it exists for.
      expect(section.scopes, section.id).toEqual(expect.arrayContaining([...needed]));
      expect(
        section.scopes.filter((s) => !needed.has(s)),
        section.id,
      ).toEqual(section.changes && !needed.has(section.changes) ? [section.changes] : []);
    }
  });
});

describe.runIf(browserSuitesRun)("staff users in the console, in Chromium", () => {
  const server = useServer({ WAHA_WEBHOOK_HMAC_KEY: WAHA_HMAC, SIMULATOR_LATENCY_MS: "0", WORKER_POLL_MS: "50" });
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
    fs.mkdirSync(path.join(shots, "phone"), { recursive: true });
  });
  afterAll(async () => browser?.close());

  /** A customer's message to the tenant's number, through WAHA's webhook as WAHA signs it. */
  async function inbound(session: string, me: string, from: string, body: string) {
    expect((await postWahaText(server().url, WAHA_HMAC, session, me, from, body)).stored).toBe(1);
  }

  type Device = "desktop" | "phone";

  async function open(lang: "ar" | "en", device: Device, address: string) {
    const opened = await openPage(browser, { lang, phone: device === "phone", phoneSize: { width: 375, height: 812 }, bypassCSP: true });
    await opened.page.goto(address);
    return opened;
  }

  /** The page fits the phone's width (nothing scrolls sideways) and axe finds nothing serious. */
  async function checked(page: Page, device: Device, picture: string) {
    if (device === "phone") expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), picture).toBe(0);
    expect(await seriousViolations(page), picture).toEqual([]);
    await page.screenshot({ path: path.join(shots, ...(device === "phone" ? ["phone", `${picture}.png`] : [`${picture}.png`])), fullPage: device === "desktop" });
  }

  /** Every section the page offers (the navigation and the access links). */
  const offered = (page: Page) => page.locator("#menu a").evaluateAll((links) => links.map((a) => a.getAttribute("href")));

  /** Opens a section through the bar: on a phone through the folded menu. */
  async function go(page: Page, label: string, device: Device) {
    await openSection(page, label, { touch: device === "phone" });
    await page.getByRole("heading", { level: 2, name: label }).waitFor();
  }

  /** Follows a one-time link: chooses the password (a mismatch first), then signs in by email. */
  async function followLinkAndSignIn(page: Page, w: Words, link: string, email: string, password: string) {
    await page.getByRole("heading", { name: w.choosePasswordTitle }).waitFor();
    expect(page.url()).not.toContain("#link=");
    await page.getByLabel(fill(w.newPassword, { n: lang12(w) })).fill(password);
    await page.getByLabel(w.repeatPassword).fill(`${password}!`);
    await page.getByRole("button", { name: w.setPassword }).click();
    await page.getByRole("alert").filter({ hasText: w.passwordMismatch }).waitFor();
    await page.getByLabel(fill(w.newPassword, { n: lang12(w) })).fill(password);
    await page.getByLabel(w.repeatPassword).fill(password);
    await page.getByRole("button", { name: w.setPassword }).click();
    await page.getByRole("status").filter({ hasText: w.passwordSet }).waitFor();
    expect(await page.getByLabel(w.email, { exact: true }).inputValue()).toBe(email);
    expect(link).toContain("#link=");
    await page.getByLabel(w.password, { exact: true }).fill(password);
    await page.getByRole("button", { name: w.signIn, exact: true }).click();
    await page.locator(".shell").waitFor();
  }
  const lang12 = (w: Words) => (w === ar ? "١٢" : "12");

  /** Turns on two-factor on the Security page with the app's code (the service clock's); returns the secret. */
  async function turnOnTwoFactor(page: Page, w: Words, device: Device, picture: string) {
    await page.getByRole("button", { name: w.turnOn }).click();
    const qr = page.getByRole("img", { name: w.qrTotpAlt });
    await qr.waitFor();
    expect(await qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(await page.locator("main svg").count()).toBe(0);
    const secret = (await page.locator("code.secret").textContent())!.trim();
    await checked(page, device, picture);
    await page.getByLabel(texts(w === ar ? "ar" : "en").t("confirmCode")).fill(totpCode(secret, server().app.deps.clock.now()));
    await page.getByRole("button", { name: w.confirmTurnOn }).click();
    await page.getByRole("heading", { name: w.recoveryTitle }).waitFor();
    expect(await page.locator(".codes li").count()).toBe(10);
    return secret;
  }

  for (const [lang, device] of [
    ["ar", "desktop"],
    ["en", "phone"],
    ["en", "desktop"],
    ["ar", "phone"],
  ] as const) {
    it(`an owner and an agent, from their invitations to the inbox and the audit log (${lang}, ${device})`, { timeout: BROWSER_WALK_MS }, async () => {
      const w = lang === "ar" ? ar : en;
      const tag = `${lang}-${device}`;
      const session = `access-${tag}`;
      const t = await server().seed.tenant().account().create();
      await server().app.deps.db.account.update({ where: { id: t.accounts[0]!.id }, data: { settings: { waha: { session } } } });
      const clock = server().app.deps.clock;

      // The owner, invited with the tenant's key, follows the link in the browser.
      const ownerEmail = `owner-${tag}@example.com`;
      const invited = await invite(server(), t.key, ownerEmail, "owner");
      expect(invited.status).toBe(200);
      const owner = await open(lang, device, invited.body.link);
      await owner.page.getByRole("heading", { name: w.choosePasswordTitle }).waitFor();
      await checked(owner.page, device, `choose-password-${lang}`);
      await followLinkAndSignIn(owner.page, w, invited.body.link, ownerEmail, "owner's long passphrase");
      expect(await owner.page.locator(device === "phone" ? ".who.narrow" : ".who.wide").textContent()).toContain(`${ownerEmail} · ${w.role_owner}`);
      expect(await offered(owner.page)).toEqual(expect.arrayContaining(["#/settings", "#/users", "#/keys", "#/audit", "#/security"]));

      await go(owner.page, w.security, device);
      await turnOnTwoFactor(owner.page, w, device, `security-${lang}`);

      // The owner invites an agent; the link is shown once.
      await go(owner.page, w.users, device);
      const agentEmail = `agent-${tag}@example.com`;
      await owner.page.getByLabel(w.email, { exact: true }).fill(agentEmail);
      await owner.page.getByLabel(w.role, { exact: true }).selectOption("agent");
      await owner.page.getByRole("button", { name: w.invite, exact: true }).click();
      await owner.page.getByRole("heading", { name: fill(w.linkTitle, { email: agentEmail }) }).waitFor();
      const agentLink = (await owner.page.locator(".shown-once .secret").textContent())!.trim();
      expect(agentLink).toMatch(/\/console\/#link=[A-Za-z0-9_-]+$/);
      await owner.page.locator("tbody tr").filter({ hasText: agentEmail }).filter({ hasText: w.userState_invited }).waitFor();
      await checked(owner.page, device, `users-${lang}`);

      // A key for an integration, with two scopes; its secret is shown once.
      await go(owner.page, w.keys, device);
      await owner.page.getByLabel(w.keyLabel).fill(`CRM ${tag}`);
      await owner.page.getByLabel(w["scope_messages:send"]).check();
      await owner.page.getByLabel(w["scope_messages:read"]).check();
      await owner.page.getByRole("button", { name: w.createKey }).click();
      const secret = (await owner.page.locator(".shown-once .secret").textContent())!.trim();
      expect(secret).toMatch(/^gw_/);
      await owner.page
        .locator("tbody tr")
        .filter({ hasText: `CRM ${tag}` })
        .waitFor();
      await checked(owner.page, device, `keys-${lang}`);
      const made = await server().app.deps.db.apiKey.findMany({ where: { tenantId: t.id, label: `CRM ${tag}` } });
      expect(made.map((k) => k.scopes)).toEqual([["messages:send", "messages:read"]]);

      // The agent follows the link, turns on two-factor, and signs in again with a code.
      const agent = await open(lang, device, agentLink);
      const requests: string[] = [];
      agent.page.on("request", (r) => r.url().endsWith("/graphql") && requests.push(r.postData() ?? ""));
      await followLinkAndSignIn(agent.page, w, agentLink, agentEmail, "agent's long passphrase");
      await agent.page.getByRole("heading", { level: 2, name: w.inbox }).waitFor();
      const agentSections = await offered(agent.page);
      for (const hidden of ["#/overview", "#/send", "#/templates", "#/whatsapp-templates", "#/settings", "#/keys", "#/users", "#/audit"])
        expect(agentSections).not.toContain(hidden);
      expect(agentSections).toEqual(expect.arrayContaining(["#/inbox", "#/messages", "#/contacts", "#/security"]));
      await go(agent.page, w.security, device);
      const agentSecret = await turnOnTwoFactor(agent.page, w, device, `security-agent-${lang}`);
      await checked(agent.page, device, `recovery-codes-${lang}`);
      if (device === "phone") await agent.page.getByRole("button", { name: w.menu }).tap();
      await agent.page.getByRole("button", { name: w.signOut }).click();
      await agent.page.getByLabel(w.email, { exact: true }).fill(agentEmail);
      await agent.page.getByLabel(w.password, { exact: true }).fill("agent's long passphrase");
      await agent.page.getByRole("button", { name: w.signIn, exact: true }).click();
      await agent.page.getByLabel(w.codeLabel).waitFor();
      expect(await agent.page.evaluate(() => [...document.querySelectorAll("input")].map((i) => i.value).join("") + JSON.stringify(localStorage))).not.toContain("passphrase");
      await checked(agent.page, device, `sign-in-code-${lang}`);
      await agent.page.getByLabel(w.codeLabel).fill("000000");
      await agent.page.getByRole("button", { name: w.signIn, exact: true }).click();
      await agent.page.getByRole("alert").filter({ hasText: w.codeWrong }).waitFor();
      clock.advance(30_000);
      await agent.page.getByLabel(w.codeLabel).fill(totpCode(agentSecret, clock.now()));
      await agent.page.getByRole("button", { name: w.signIn, exact: true }).click();
      // Back on the page the address names, the one they signed out from.
      await agent.page.getByRole("heading", { level: 2, name: w.security }).waitFor();
      await go(agent.page, w.inbox, device);

      // A customer writes; the agent answers from the inbox.
      const customer = `9665070${lang === "ar" ? "1" : "2"}${device === "phone" ? "1" : "2"}001`;
      await inbound(session, t.accounts[0]!.phoneNumber, customer, "هل طلبي جاهز؟ Is my order ready?");
      const item = agent.page.locator(".inbox li").filter({ hasText: "Is my order ready?" });
      await item.waitFor();
      await item.getByLabel(fill(w.replyTo, { number: phoneIn(lang, customer) })).fill("نعم، it is ready");
      await item.getByRole("button", { name: w.reply, exact: true }).click();
      await agent.page
        .getByRole("status")
        .filter({ hasText: `+${customer}` })
        .waitFor();
      expect((await server().app.deps.db.message.findMany({ where: { tenantId: t.id, to: customer } })).map((m) => m.body)).toEqual(["نعم، it is ready"]);
      await checked(agent.page, device, `inbox-agent-${lang}`);

      // Pages beyond the agent's role, opened by address, say so and ask the server nothing.
      requests.length = 0;
      for (const [hash, label] of [
        ["#/settings", w.settings],
        ["#/keys", w.keys],
      ] as const) {
        await agent.page.evaluate((h) => (location.hash = h), hash);
        await agent.page.getByRole("heading", { level: 2, name: label }).waitFor();
        await agent.page
          .getByRole("alert")
          .filter({ hasText: fill(w.notAllowedRole, { role: w.role_agent }) })
          .waitFor();
      }
      await checked(agent.page, device, `not-allowed-${lang}`);
      expect(requests.filter((r) => /ConsoleSettings|ConsoleApiKeys/.test(r))).toEqual([]);
      // The server refuses a request crafted in the agent's page all the same.
      const crafted = await agent.page.evaluate(async () => {
        const res = await fetch("/graphql", {
          method: "POST",
          headers: { "content-type": "application/json", "x-graphql-yoga-csrf": "1" },
          body: JSON.stringify({ query: 'mutation { createApiKey(input: { label: "mine", scopes: ["keys:manage"] }) { secret } }' }),
        });
        return (await res.json()) as { data: unknown; errors: Array<{ extensions: { code: string; scope: string } }> };
      });
      expect([crafted.data, crafted.errors[0]!.extensions.code, crafted.errors[0]!.extensions.scope]).toEqual([null, "INSUFFICIENT_SCOPE", "keys:manage"]);

      // The owner's audit log: the agent's sign-ins and two-factor enrolment, newest first.
      await go(owner.page, w.audit, device);
      const rows = owner.page.locator("tbody tr").filter({ hasText: agentEmail });
      await rows.first().waitFor();
      const agentEvents = await rows.locator("td.action").allTextContents();
      expect(agentEvents[0]).toBe("session.signed_in");
      expect(agentEvents).toEqual(expect.arrayContaining(["session.sign_in_failed", "user.two_factor_enabled", "session.signed_in", "user.invitation_accepted"]));
      await owner.page.getByLabel(w.actionFilter).fill("user.");
      await owner.page.getByRole("button", { name: w.find, exact: true }).click();
      await owner.page.waitForFunction(
        () => [...document.querySelectorAll("td.action")].every((td) => td.textContent?.startsWith("user.")) && document.querySelectorAll("td.action").length > 0,
      );
      expect(await owner.page.locator("tbody tr").filter({ hasText: agentEmail }).locator("td.action").allTextContents()).toContain("user.two_factor_enabled");
      // Who, and which days: the agent's own events of today only, then none from tomorrow on.
      await owner.page.getByLabel(w.actionFilter).fill("");
      await owner.page.getByLabel(w.actorFilter).fill(agentEmail);
      // Events are stamped by the service clock; the browser reads days in this machine's zone, as Node does.
      const today = server().app.deps.clock.now().toLocaleDateString("en-CA");
      await owner.page.getByLabel(w.since, { exact: true }).fill(today);
      await owner.page.getByLabel(w.until, { exact: true }).fill(today);
      await owner.page.getByRole("button", { name: w.find, exact: true }).click();
      await owner.page.waitForFunction(
        (email) => [...document.querySelectorAll("tbody tr")].every((tr) => tr.textContent?.includes(email)) && document.querySelectorAll("td.action").length >= 4,
        agentEmail,
      );
      await checked(owner.page, device, `audit-${lang}`);
      const tomorrow = new Date(server().app.deps.clock.now().getTime() + 86_400_000).toLocaleDateString("en-CA");
      await owner.page.getByLabel(w.since, { exact: true }).fill(tomorrow);
      await owner.page.getByLabel(w.until, { exact: true }).fill(tomorrow);
      await owner.page.getByRole("button", { name: w.find, exact: true }).click();
      await owner.page.getByText(w.noEvents).waitFor();

      expect([...owner.problems, ...agent.problems]).toEqual([]);
      await owner.context.close();
      await agent.context.close();
    });
  }

  it("a key's session: the access pages its scopes allow, and Security refused by address", async () => {
    const t = await server().seed.tenant().create();
    const { context, page, problems } = await open("en", "desktop", `${server().url}/console`);
    await page.getByLabel("API key").fill(t.key);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByRole("navigation").waitFor();
    expect(await page.locator(".who.wide").textContent()).toContain(t.key.slice(0, 11));
    const sections = await offered(page);
    expect(sections).toEqual(expect.arrayContaining(["#/users", "#/keys", "#/audit"]));
    expect(sections).not.toContain("#/security");
    await page.evaluate(() => (location.hash = "#/security"));
    await page.getByRole("alert").filter({ hasText: en.notAllowedStaffOnly }).waitFor();
    // Email and key at once is refused in the page, before anything is sent.
    await page.getByRole("button", { name: en.signOut }).click();
    await page.getByLabel(en.email).fill("someone@example.com");
    await page.getByLabel("API key").fill(t.key);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByRole("alert").filter({ hasText: en.bothWays }).waitFor();
    expect(await page.getByLabel("API key").inputValue()).toBe("");
    expect(problems).toEqual([]);
    await context.close();
  });
});
