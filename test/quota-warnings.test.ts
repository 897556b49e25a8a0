import { afterAll, describe, expect, it } from "vitest";
import { answerCounts } from "./kit/http.js";
import { useServer } from "./kit/server.js";
import { TestSmtpServer } from "./kit/smtp.js";
import { waitFor } from "./kit/wait.js";

// The quota warnings: when a business's sends reach 80 % and then 100 % of the month's allowance,
// its owners and admins get one mail each per threshold, in the business's language, with the
// billing page's link; the next sends warn nobody again, a new month warns again, and a bulk that
// jumps over a threshold (or both) warns as a send landing on it would. The warnings are written
// by the send's own request, so once its answer is in, the outbox already holds them.

const BILLING = "https://console.gateway.test/console/#/billing";
const smtp = await TestSmtpServer.start();
afterAll(() => smtp.close());
const serve = useServer({ SMTP_URL: smtp.url, CONSOLE_URL: "https://console.gateway.test" });

describe("quota warnings", () => {
  let n = 0;
  const phone = () => `05${String(10_000_000 + ++n).slice(-8)}`;
  const mailsTo = (to: string, count: number) =>
    waitFor(
      () => smtp.mailsTo(to),
      (mails) => mails.length === count,
    );

  /** A business with `monthlyLimit` messages a month (10), one number, and an owner, an admin and a viewer. */
  async function business(locale: "ar" | "en", monthlyLimit = 10) {
    const t = await serve().seed.tenant({ monthlyLimit }).account().create();
    const db = serve().app.deps.db;
    await db.tenant.update({ where: { id: t.id }, data: { locale } });
    const at = serve().app.deps.clock.now();
    const [owner, admin, viewer] = (["owner", "admin", "viewer"] as const).map((role) => `${role}.quota.${t.id}@example.com`);
    await db.staffUser.createMany({
      data: [
        { tenantId: t.id, email: owner!, role: "owner", createdAt: at },
        { tenantId: t.id, email: admin!, role: "admin", createdAt: at },
        { tenantId: t.id, email: viewer!, role: "viewer", createdAt: at },
      ],
    });
    return { ...t, owner: owner!, admin: admin!, viewer: viewer! };
  }

  const warnings = async (tenantId: number) =>
    (await serve().app.deps.db.mailOutbox.findMany({ where: { tenantId, dedupeKey: { startsWith: "quota:" } }, orderBy: { id: "asc" } })).map((m) => m.dedupeKey);
  const send = (key: string) => serve().client(key).post("/send", { to: phone(), message: "hello" });
  const bulk = (key: string, count: number) =>
    serve()
      .client(key)
      .post("/send-bulk", { numbers: Array.from({ length: count }, phone), message: "offer" });

  it("warns owners and admins once at 80 % and once at 100 %, in Arabic, and again in a new month", async () => {
    const t = await business("ar");
    const month = serve().app.deps.clock.month();
    for (let i = 0; i < 7; i++) expect((await send(t.key)).status).toBe(200);
    expect(await warnings(t.id)).toEqual([]);

    expect((await send(t.key)).status).toBe(200);
    const at80 = await warnings(t.id);
    expect(at80.sort()).toEqual([expect.stringMatching(new RegExp(`^quota:${t.id}:${month}:80:\\d+$`)), expect.stringMatching(/:80:/)]);
    const [mail] = await mailsTo(t.owner, 1);
    expect(mail!.subject).toContain("80٪");
    expect(mail!.html).toContain('dir="rtl"');
    expect(mail!.html).toContain(BILLING);
    expect(mail!.text).toContain("8 من 10");
    expect(await mailsTo(t.admin, 1)).toHaveLength(1);

    expect((await send(t.key)).status).toBe(200);
    expect(await warnings(t.id)).toHaveLength(2);
    expect((await send(t.key)).status).toBe(200);
    expect((await warnings(t.id)).filter((k) => k.includes(`:${month}:100:`))).toHaveLength(2);
    const over = await send(t.key);
    expect([over.status, over.body.error.code]).toEqual([429, "MONTHLY_LIMIT_REACHED"]);
    expect(await warnings(t.id)).toHaveLength(4);
    const [, full] = await mailsTo(t.owner, 2);
    expect(full!.subject).toMatch(/^نفدت رسائل /);
    expect(await mailsTo(t.admin, 2)).toHaveLength(2);
    expect(smtp.mailsTo(t.viewer)).toEqual([]);

    // Next month: eight sends at once (grouped into shared statements) warn each person once.
    const clock = serve().app.deps.clock;
    const [y, m] = month.split("-").map(Number) as [number, number];
    clock.advance(clock.instantAt(Date.UTC(y, m, 1, 12)).getTime() - clock.now().getTime());
    const next = clock.month();
    const raced = await Promise.all(Array.from({ length: 8 }, () => send(t.key)));
    expect(answerCounts(raced)).toEqual({ "200": 8 });
    expect((await warnings(t.id)).filter((k) => k.startsWith(`quota:${t.id}:${next}:`))).toEqual([expect.stringMatching(/:80:\d+$/), expect.stringMatching(/:80:\d+$/)]);
    expect(await mailsTo(t.owner, 3)).toHaveLength(3);
  });

  it("warns in English when a bulk jumps over 80 %, and only at 100 % when one bulk crosses both", async () => {
    const t = await business("en");
    const month = serve().app.deps.clock.month();
    expect((await bulk(t.key, 3)).status).toBe(200);
    expect((await bulk(t.key, 6)).status).toBe(200);
    expect((await warnings(t.id)).map((k) => k.split(":")[3])).toEqual(["80", "80"]);
    const [mail] = await mailsTo(t.owner, 1);
    expect(mail!.subject).toBe(`tenant-${mail!.subject.split("tenant-")[1]!.split(" ")[0]} has used 80 % of this month's messages`);
    expect(mail!.html).toContain('dir="ltr"');
    expect(mail!.text).toContain(`has sent 9 of the 10 messages of its allowance for ${month}`);
    expect(mail!.text).toContain(BILLING);

    const both = await business("en");
    expect((await bulk(both.key, 10)).status).toBe(200);
    expect((await warnings(both.id)).map((k) => k.split(":")[3])).toEqual(["100", "100"]);
    const [only] = await mailsTo(both.owner, 1);
    expect(only!.subject).toMatch(/has used all of this month's messages$/);
    expect(await mailsTo(both.admin, 1)).toHaveLength(1);
  });

  it("warns when a retry of a failed message takes the unit that reaches 80 %", async () => {
    const t = await business("en", 5);
    // The simulator refuses this number for good: the message fails and gives its unit back.
    const failed = await serve().client(t.key).post("/send", { to: "966500000042", message: "fails" });
    for (let i = 0; i < 3; i++) expect((await send(t.key)).status).toBe(200);
    expect(await warnings(t.id)).toEqual([]);
    const retried = await serve().client(t.key).post(`/messages/${failed.body.message_id}/retry`, {});
    expect(retried.status).toBe(200);
    expect((await warnings(t.id)).map((k) => k.split(":")[3])).toEqual(["80", "80"]);
    expect((await mailsTo(t.owner, 1))[0]!.text).toContain("has sent 4 of the 5 messages");
  });
});
