import { describe, expect, it } from "vitest";
import { useServer } from "./kit/server.js";
import { browserSuitesRun, launchChromium, openPage, phoneIn, signInWithKey } from "./kit/browser.js";
import { ar } from "../src/features/console/web/texts-ar.js";
import { en } from "../src/features/console/web/texts-en.js";

// The console's Erase button on a contact, in Chromium, in English at a desktop's width and in
// Arabic at a phone's (touch, through the folded menu): it asks first (declining changes
// nothing), then erases the contact through the same mutation as the API and says how much it masked.

describe.runIf(browserSuitesRun)("erasing a contact from the console", () => {
  const server = useServer();

  for (const [lang, device, phoneNumber] of [
    ["en", "desktop", "0501239876"],
    ["ar", "phone", "0501239877"],
  ] as const) {
    it(`asks before it erases, and erases once confirmed (${lang}, ${device})`, async () => {
      const w = lang === "ar" ? ar : en;
      const phone = device === "phone";
      const digits = (n: number) => new Intl.NumberFormat(lang === "ar" ? "ar-SA" : "en-US").format(n);
      const shown = phoneIn(lang, `966${phoneNumber.slice(1)}`);
      const t = await server().seed.tenant().account().create();
      const api = server().client(t.key);
      expect((await api.put(`/contacts/${phoneNumber}`, { name: "Layla Console" })).status).toBe(200);
      expect((await api.post("/send", { to: phoneNumber, message: "console erase text" })).body.status).toBe("sent");
      const browser = await launchChromium();
      try {
        const { context, page, problems } = await openPage(browser, { lang, phone });
        await page.goto(`${server().url}/console`);
        await signInWithKey(page, t.key, { label: w.apiKey, heading: w.overview });
        if (phone) {
          await page.getByRole("button", { name: w.menu }).tap();
          await page.locator("#menu").getByRole("link", { name: w.contacts, exact: true }).tap();
        } else {
          await page.locator("#menu").getByRole("link", { name: w.contacts, exact: true }).click();
        }
        const row = page.locator("tbody tr").filter({ hasText: "Layla Console" });
        await row.waitFor();

        const asked: string[] = [];
        page.once("dialog", (d) => {
          asked.push(d.message());
          void d.dismiss();
        });
        const erase = row.getByRole("button", { name: w.erase });
        await (phone ? erase.tap() : erase.click());
        await expect.poll(() => asked.length).toBe(1);
        expect(asked[0]).toContain(shown);
        expect(await server().app.deps.db.contact.count({ where: { tenantId: t.id } })).toBe(1);

        page.once("dialog", (d) => void d.accept());
        await (phone ? erase.tap() : erase.click());
        const done = w.eraseDone.replace("{number}", shown).replace("{messages}", digits(1)).replace("{replies}", digits(0));
        await page.getByRole("status").filter({ hasText: done }).waitFor();
        await page.getByText(w.noContacts).waitFor();
        expect(await server().app.deps.db.contact.count({ where: { tenantId: t.id } })).toBe(0);
        expect((await server().app.deps.db.message.findFirstOrThrow({ where: { tenantId: t.id } })).to).toBe("erased");
        expect(problems).toEqual([]);
        await context.close();
      } finally {
        await browser.close();
      }
    });
  }
});
