import { describe, expect, it } from "vitest";
import { useServer } from "./kit/server.js";
import { browserAvailable, launchChromium } from "./kit/browser.js";

// The console's Erase button on a contact, in Chromium: it asks first (declining changes nothing),
// then erases the contact through the same mutation as the API and says how much it masked.

describe.runIf(browserAvailable)("erasing a contact from the console", () => {
  const server = useServer();

  it("asks before it erases, and erases once confirmed", async () => {
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    expect((await api.put("/contacts/0501239876", { name: "Layla Console" })).status).toBe(200);
    expect((await api.post("/send", { to: "0501239876", message: "console erase text" })).body.status).toBe("sent");
    const browser = await launchChromium();
    try {
      const context = await browser.newContext({ locale: "en-US", viewport: { width: 1280, height: 800 } });
      context.setDefaultTimeout(10_000);
      const page = await context.newPage();
      const problems: string[] = [];
      page.on("pageerror", (e) => problems.push(e.message));
      await page.goto(`${server().url}/console`);
      await page.getByLabel("API key").fill(t.key);
      await page.keyboard.press("Enter");
      await page.getByRole("navigation").waitFor();
      await page.getByRole("link", { name: "Contacts" }).click();
      const row = page.locator("tbody tr").filter({ hasText: "Layla Console" });
      await row.waitFor();

      const asked: string[] = [];
      page.once("dialog", (d) => {
        asked.push(d.message());
        void d.dismiss();
      });
      await row.getByRole("button", { name: "Erase" }).click();
      await expect.poll(() => asked.length).toBe(1);
      expect(asked[0]).toContain("+966501239876");
      expect(await server().app.deps.db.contact.count({ where: { tenantId: t.id } })).toBe(1);

      page.once("dialog", (d) => void d.accept());
      await row.getByRole("button", { name: "Erase" }).click();
      await page.getByRole("status").filter({ hasText: "+966501239876 was erased: 1 messages and 0 replies masked." }).waitFor();
      await page.getByText("No contacts match.").waitFor();
      expect(await server().app.deps.db.contact.count({ where: { tenantId: t.id } })).toBe(0);
      expect((await server().app.deps.db.message.findFirstOrThrow({ where: { tenantId: t.id } })).to).toBe("erased");
      expect(problems).toEqual([]);
      await context.close();
    } finally {
      await browser.close();
    }
  });
});
