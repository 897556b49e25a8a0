import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useServer } from "./kit/server.js";
import { browserSuitesRun, launchChromium } from "./kit/browser.js";
import { routes } from "../src/app/rest-routes.js";
import { BROWSER_WALK_MS } from "./kit/limits.js";

// A real browser against a started server: what a developer does on first contact.
describe.runIf(browserSuitesRun)("in Chromium", () => {
  const server = useServer({ SEED_DEMO: "true" });
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function openPage(path: string): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const problems: string[] = [];
    page.on("pageerror", (e) => problems.push(e.message));
    page.on("requestfailed", (r) => problems.push(`${r.url()} ${r.failure()?.errorText ?? ""}`));
    await page.goto(`${server().url}${path}`);
    // Returned for the caller's last check: nothing failed to load, no script threw.
    (page as Page & { problems: string[] }).problems = problems;
    return page;
  }

  /** Replaces the text of the open tab's Headers editor, as typed (pasted) by a person. */
  async function setHeaders(page: Page, text: string) {
    await page.getByRole("button", { name: "Headers", exact: true }).click();
    await page.locator(".graphiql-editor-tool .graphiql-editor").last().click();
    await page.keyboard.press("Control+A");
    await page.keyboard.press("Delete");
    if (text) await page.keyboard.insertText(text);
  }

  /**
   * Runs one named operation of the open tab: returns the answer GraphiQL received, once its
   * response pane shows it (the pane is an editor that renders only what is in view, so the
   * answer is read off the wire and the pane checked for its first value).
   */
  async function run(page: Page, operation: string): Promise<any> {
    const answered = page.waitForResponse(
      (r) => r.url().endsWith("/graphql") && r.request().method() === "POST" && (r.request().postData() ?? "").includes(`"operationName":"${operation}"`),
    );
    await page.getByRole("button", { name: /Execute query/ }).click();
    await page.getByRole("menuitem", { name: operation, exact: true }).click();
    const body = (await (await answered).json()) as { data?: Record<string, unknown>; errors?: { extensions: { code: string } }[] };
    const shown = body.errors ? body.errors[0]!.extensions.code : Object.keys(body.data ?? {})[0]!;
    await expect.poll(async () => (await page.locator(".graphiql-response").innerText()).replace(/\u00a0/g, " "), { timeout: 15_000 }).toContain(shown);
    return body;
  }

  it("opens GraphiQL, takes the demo key, runs balance and a sendMessage, and shows the answers", { timeout: BROWSER_WALK_MS }, async () => {
    const demoKey = server().app.demoKey!;
    expect(demoKey).toMatch(/^gw_/);
    const page = await openPage("/graphql");
    await expect.poll(() => page.locator(".graphiql-tab").count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(5);

    // Without a key the answer says so; with the demo key typed in, the balance shows.
    await setHeaders(page, "");
    const refused = await run(page, "Balance");
    expect(refused.errors[0].extensions.code).toBe("UNAUTHORIZED");
    await setHeaders(page, `{ "Authorization": "Bearer ${demoKey}" }`);
    const balance = await run(page, "Balance");
    expect(balance.data.balance).toMatchObject({ plan: "Demo", messages: { used: 0, limit: expect.any(Number) } });

    // The sending tab: its example message is queued and then sent, as the REST API confirms.
    await page.locator(".graphiql-tab-button", { hasText: "SendMessage" }).dispatchEvent("click");
    // Monaco draws spaces as no-break spaces.
    await expect.poll(async () => (await page.locator(".graphiql-query-editor").innerText()).replace(/\u00a0/g, " ")).toContain("mutation SendMessage");
    await setHeaders(page, `{ "Authorization": "Bearer ${demoKey}" }`);
    const sent = await run(page, "SendMessage");
    expect(sent.errors).toBeUndefined();
    expect(sent.data.sendMessage.message).toMatchObject({ to: "966501234567", status: expect.stringMatching(/^(pending|sending|sent)$/) });
    const api = server().client(demoKey);
    await expect.poll(async () => (await api.get(`/messages/${sent.data.sendMessage.message.id}`)).body.status).toBe("sent");
    expect((await api.get("/balance")).body.messages.used).toBe(1);

    expect((page as Page & { problems: string[] }).problems).toEqual([]);
    await page.close();
  });

  it("opens the API docs page and finds every endpoint of the REST facade", { timeout: BROWSER_WALK_MS }, async () => {
    const page = await openPage("/api/v1/docs");
    const summaries = page.locator(".opblock-summary");
    await expect.poll(() => summaries.count(), { timeout: 30_000 }).toBe(routes.length);
    const shown = (await summaries.allInnerTexts()).map((t) => t.split("\n").slice(0, 2).join(" "));
    for (const r of routes) expect(shown, `${r.method} ${r.doc.path}`).toContain(`${r.method} ${r.doc.path}`);
    // An endpoint opens to its parameters and answers, as read from the document.
    await page.locator(".opblock-summary", { hasText: "/messages/{id}/retry" }).click();
    await expect.poll(() => page.locator(".opblock.is-open").innerText(), { timeout: 10_000 }).toContain("Idempotency-Key");
    expect((page as Page & { problems: string[] }).problems).toEqual([]);
    await page.close();
  });
});
