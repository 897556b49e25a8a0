import { describe, expect, it } from "vitest";
import { useServer, type TestServer } from "./kit/server.js";
import { staffUser } from "./kit/staff.js";

// The operator's list of businesses (docs/operators.md, "Businesses"), through `tenant:search` as
// the operator console and the CLI run it: found by id, by a number in any form, by a staff email's
// beginning or by words of the name; each with its status, this month's use against its allowance,
// its numbers, last activity and what it pays a month; paged by id; bad arguments refused by name.

const json = { "content-type": "application/json" };

async function command(server: TestServer, name: string, args: Record<string, unknown> = {}, authorization = `Bearer ${server.app.adminToken}`) {
  const res = await fetch(`${server.url}/admin/commands`, { method: "POST", headers: { ...json, authorization }, body: JSON.stringify({ command: name, args }) });
  return { status: res.status, body: await res.json() };
}

interface Found {
  id: number;
  name: string;
  status: string;
  suspensionReason: string | null;
  plan: { name: string; interval: string | null };
  month: { used: number; allowance: number };
  numbers: Array<{ phoneNumber: string; status: string }>;
  ownerEmail: string | null;
  lastActivityAt: string | null;
  monthlyRevenue: number;
}

async function search(server: TestServer, args: Record<string, unknown>): Promise<{ businesses: Found[]; next: number | null }> {
  const r = await command(server, "tenant:search", args);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result;
}

const ids = (found: { businesses: Found[] }) => found.businesses.map((b) => b.id);

describe("the operator's businesses", () => {
  const server = useServer();

  it("finds a business by id, by a number in any form, by a staff email's beginning and by words of its name", async () => {
    const s = server();
    const tag = Date.now().toString(36);
    const dates = await s.seed.tenant().account().account().create();
    const other = await s.seed.tenant().account().create();
    await s.app.deps.db.tenant.update({ where: { id: dates.id }, data: { name: `Dates_${tag} 100% Trading` } });
    const owner = `owner-${tag}@dates.example`;
    await staffUser(s, dates.key, owner, "owner");
    const number = dates.accounts[1]!.phoneNumber;
    const local = `0${number.slice(3)}`;

    // Digits alone may also be words of a name or a number: #<id> is the id only.
    expect(ids(await search(s, { q: `#${dates.id}` }))).toEqual([dates.id]);
    expect(ids(await search(s, { q: String(dates.id) }))).toContain(dates.id);
    expect(ids(await search(s, { q: `#${other.id}` }))).toEqual([other.id]);
    for (const form of [number, `+${number}`, local, `${local.slice(0, 3)} ${local.slice(3, 6)} ${local.slice(6)}`]) {
      expect(ids(await search(s, { q: form })), form).toEqual([dates.id]);
    }
    expect(ids(await search(s, { q: `OWNER-${tag}@` }))).toEqual([dates.id]);
    expect(ids(await search(s, { q: `dates_${tag}` }))).toEqual([dates.id]);
    // The words' own % and _ are letters, not patterns.
    expect(ids(await search(s, { q: `100% trading` }))).toEqual([dates.id]);
    expect(ids(await search(s, { q: `Dates%${tag}` }))).toEqual([]);
    const found = (await search(s, { q: `#${dates.id}` })).businesses[0]!;
    expect(found.ownerEmail).toBe(owner);
    expect(found.numbers.map((n) => n.phoneNumber)).toEqual(dates.accounts.map((a) => a.phoneNumber));
    expect(found.numbers.map((n) => n.status)).toEqual(["connected", "connected"]);
  });

  it("shows this month's use against the allowance with top-ups, the last activity, the status and the monthly revenue", async () => {
    const s = server();
    const t = await s.seed.tenant({ monthlyLimit: 40 }).account().create();
    let found = (await search(s, { q: `#${t.id}` })).businesses[0]!;
    expect(found).toMatchObject({ status: "active", month: { used: 0, allowance: 40 }, lastActivityAt: null, monthlyRevenue: 0, plan: { interval: null } });

    const api = s.client(t.key);
    for (const to of ["0501230001", "0501230002", "0501230003"]) expect((await api.post("/send", { to, message: "hi" })).status).toBe(200);
    const month = s.app.deps.clock.month();
    await s.app.deps.db.tenantMonthlyUsage.update({ where: { tenantId_month: { tenantId: t.id, month } }, data: { bonus: 500 } });
    const tenant = await s.app.deps.db.tenant.findUniqueOrThrow({ where: { id: t.id } });
    await s.app.deps.db.plan.update({ where: { id: tenant.planId }, data: { priceMonthly: 9_900, priceYearly: 99_000 } });
    const period = { periodStart: new Date("2026-01-01"), periodEnd: new Date("2099-12-31"), planId: tenant.planId };
    await s.app.deps.db.subscription.create({ data: { tenantId: t.id, state: "active", interval: "year", ...period } });

    found = (await search(s, { q: `#${t.id}` })).businesses[0]!;
    const key = await s.app.deps.db.apiKey.findFirstOrThrow({ where: { tenantId: t.id } });
    expect(found).toMatchObject({ status: "active", month: { used: 3, allowance: 540 }, monthlyRevenue: 8_250, plan: { interval: "year" } });
    expect(found.lastActivityAt).toBe(key.lastUsedAt!.toISOString());

    for (const [state, status, revenue] of [
      ["trial", "trial", 0],
      ["past_due", "past_due", 8_250],
      ["canceled", "canceled", 0],
      ["suspended", "suspended", 0],
    ] as const) {
      await s.app.deps.db.subscription.update({ where: { tenantId: t.id }, data: { state } });
      expect((await search(s, { q: `#${t.id}` })).businesses[0], state).toMatchObject({ status, suspendedByOperator: false, monthlyRevenue: revenue });
    }
    await s.app.deps.db.subscription.update({ where: { tenantId: t.id }, data: { state: "active", interval: "month" } });
    expect((await search(s, { q: `#${t.id}` })).businesses[0]).toMatchObject({ status: "active", monthlyRevenue: 9_900 });
    expect((await command(s, "tenant:suspend", { tenant: t.id, reason: "Unpaid invoice" })).status).toBe(200);
    expect((await search(s, { q: `#${t.id}` })).businesses[0]).toMatchObject({
      status: "suspended",
      suspendedByOperator: true,
      suspensionReason: "Unpaid invoice",
      monthlyRevenue: 0,
    });
    expect(ids(await search(s, { status: "suspended", limit: 100 }))).toContain(t.id);
    expect(ids(await search(s, { status: "active", limit: 100 }))).not.toContain(t.id);
  });

  it("pages by id, each business once, and refuses bad arguments by name", async () => {
    const s = server();
    const made: number[] = [];
    for (let i = 0; i < 5; i++) made.push((await s.seed.tenant().create()).id);
    const seen: number[] = [];
    let after = made[0]! - 1;
    for (;;) {
      const page = await search(s, { after, limit: 2 });
      seen.push(...ids(page));
      expect(page.businesses.length).toBeLessThanOrEqual(2);
      if (page.next === null) break;
      expect(page.next).toBe(ids(page).at(-1));
      after = page.next;
    }
    expect(seen.filter((id) => made.includes(id))).toEqual(made);
    expect(new Set(seen).size).toBe(seen.length);

    for (const [args, field] of [
      [{ status: "late" }, "status"],
      [{ limit: 0 }, "limit"],
      [{ limit: 101 }, "limit"],
      [{ after: -1 }, "after"],
      [{ q: "x".repeat(101) }, "q"],
    ] as const) {
      const r = await command(s, "tenant:search", args);
      expect(r.status, JSON.stringify(args)).toBe(422);
      expect(Object.keys(r.body.error.fields), JSON.stringify(args)).toEqual([field]);
    }
    const t = await s.seed.tenant().create();
    expect((await command(s, "tenant:search", {}, `Bearer ${t.key}`)).status).toBe(404);
  });
});

describe("the operator's plans", () => {
  const server = useServer();

  it("counts the businesses on each version of each plan, a change adding a version that holds none until renewals", async () => {
    const s = server();
    const name = `Gold-${Date.now().toString(36)}`;
    expect((await command(s, "plan:create", { name, monthlyLimit: 5000, maxAccounts: 3, priceMonthly: 19_900 })).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await command(s, "tenant:create", { name: `On ${name} ${i}`, plan: name, ends: "2099-12-31" })).status).toBe(200);
    const plansNow = async () =>
      ((await command(s, "plan:businesses")).body.result.plans as Array<{ name: string; businesses: number; versions: Array<Record<string, unknown>> }>).find(
        (p) => p.name === name,
      )!;
    let gold = await plansNow();
    expect(gold.businesses).toBe(2);
    expect(gold.versions).toEqual([expect.objectContaining({ version: 1, businesses: 2, monthlyMessageLimit: 5000, maxAccounts: 3, priceMonthly: 19_900, retiredAt: null })]);

    expect((await command(s, "plan:edit", { name, priceMonthly: 24_900 })).status).toBe(200);
    gold = await plansNow();
    expect(gold.businesses).toBe(2);
    expect(gold.versions.map((v) => [v.version, v.businesses, v.priceMonthly])).toEqual([
      [2, 0, 24_900],
      [1, 2, 19_900],
    ]);
    expect((await command(s, "plan:retire", { name })).status).toBe(200);
    expect((await plansNow()).versions.every((v) => typeof v.retiredAt === "string")).toBe(true);
  });
});

describe("the operator's numbers", () => {
  const server = useServer();

  it("finds numbers of every business by the number in any form, by #business, by state, and refuses a state that is none", async () => {
    const s = server();
    const a = await s.seed.tenant().account().account().create();
    const b = await s.seed.tenant().account().create();
    const [first, second] = a.accounts;
    expect((await command(s, "account:update", { account: second!.id, status: "disconnected" })).status).toBe(200);
    const found = async (args: Record<string, unknown>) => {
      const r = await command(s, "number:search", args);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.result as { numbers: Array<{ id: number; business: { id: number }; phoneNumber: string; state: string; wahaServer: string | null }>; next: number | null };
    };
    const local = `0${first!.phoneNumber.slice(3)}`;
    expect((await found({ q: local })).numbers.map((n) => n.id)).toEqual([first!.id]);
    expect((await found({ q: `+${first!.phoneNumber}` })).numbers.map((n) => n.id)).toEqual([first!.id]);
    expect((await found({ q: "not a number" })).numbers).toEqual([]);
    const ofA = await found({ q: `#${a.id}` });
    expect(ofA.numbers.map((n) => [n.id, n.business.id, n.state, n.wahaServer])).toEqual([
      [first!.id, a.id, "connected", null],
      [second!.id, a.id, "disconnected", null],
    ]);
    expect((await found({ state: "disconnected", limit: 100 })).numbers.map((n) => n.id)).toContain(second!.id);
    expect((await found({ state: "disconnected", limit: 100 })).numbers.map((n) => n.id)).not.toContain(b.accounts[0]!.id);
    expect((await found({ server: "nowhere" })).numbers).toEqual([]);
    const bad = await command(s, "number:search", { state: "sleeping" });
    expect([bad.status, Object.keys(bad.body.error.fields)]).toEqual([422, ["state"]]);
  });
});
