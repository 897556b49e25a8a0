import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "./kit/server.js";
import { startFakeProvider } from "./kit/fake-provider.js";
import { postCloudWebhook, postWahaText } from "./kit/provider-signing.js";
import { WINDOW_APP_SECRET } from "./kit/customer-window.js";
import { cloud } from "./kit/provider-payloads.js";
import { waitFor } from "./kit/wait.js";

// Menu rules (docs/automation.md, Menus): made and refused over REST, then walked by contacts on a
// WAHA number (numbered text, which WAHA's channel carries) and on a WhatsApp Cloud number (a
// WhatsApp list, tapped by its rows' ids). Each wait is on the server's own record of the message
// it looked at (automation_work's outcome), never on time; the menu's timeout is crossed by moving
// the service clock.

const HMAC = "automation-menus-hmac";
let serial = 0;
let provider: Awaited<ReturnType<typeof startFakeProvider>>;
let server: TestServer;

beforeAll(async () => {
  provider = await startFakeProvider((req) =>
    req.path.startsWith("/api/") ? { status: 201, body: { id: { _serialized: `true_x_${++serial}` } } } : { status: 200, body: { messages: [{ id: `wamid.MENU${++serial}` }] } },
  );
  server = await startServer({
    WHATSAPP_CLOUD_BASE_URL: provider.url,
    WAHA_BASE_URL: provider.url,
    WHATSAPP_CLOUD_APP_SECRET: WINDOW_APP_SECRET,
    WAHA_WEBHOOK_HMAC_KEY: HMAC,
    WORKER_POLL_MS: "20",
  });
});
afterAll(async () => {
  await server?.close();
  await provider?.close();
});

const contact = () => `96650${String(8_000_000 + process.pid * 100 + ++serial).slice(-7)}`;

const MENU = {
  text: "How can we help?",
  style: "list",
  timeout: 300,
  options: [
    { title: "Prices", reply: "Our prices: example.com/prices" },
    {
      title: "Branches",
      description: "Where to find us",
      menu: {
        text: "Which city?",
        options: [
          { title: "Riyadh", reply: "Olaya St." },
          { title: "Jeddah", reply: "Tahlia St." },
        ],
      },
    },
    { title: "Talk to us", reply: "Connecting you", handover: true },
  ],
};
const TOP = "How can we help?\n\n1. Prices\n2. Branches (Where to find us)\n3. Talk to us";
const CITIES = "Which city?\n\n1. Riyadh\n2. Jeddah\n0. Back";

async function business(kind: "waha" | "cloud") {
  const phoneNumberId = `pn-menu-${process.pid}-${++serial}`;
  const seed = server.seed.tenant();
  if (kind === "waha") seed.account({ wahaSession: `menu-${process.pid}-${serial}` });
  else seed.account({ cloud: { phoneNumberId } });
  const t = await seed.create();
  const api = server.client(t.key);
  const made = await api.post("/automation/rules", { name: "Menu", trigger: "keyword", keyword: "menu", action: "menu", menu: MENU, cooldown_seconds: 0 });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return { ...t, api, rule: made.body.rule, phoneNumberId, session: `menu-${process.pid}-${serial}` };
}
type Business = Awaited<ReturnType<typeof business>>;

/** Waits for the rules' look at the business's latest inbound message; answers it with the text and content of what it sent. */
async function looked(b: Business, before: number) {
  const db = server.app.deps.db;
  await waitFor(
    () => db.inboundMessage.count({ where: { tenantId: b.id } }),
    (n) => n === before + 1,
  );
  const inbound = await db.inboundMessage.findFirstOrThrow({ where: { tenantId: b.id }, orderBy: { id: "desc" } });
  const work = await waitFor(
    () => db.automationWork.findUniqueOrThrow({ where: { inboundMessageId: inbound.id } }),
    (w) => w.status === "done",
  );
  const sent = work.messageId === null ? null : await db.message.findUniqueOrThrow({ where: { id: work.messageId } });
  return { outcome: work.outcome, ruleId: work.ruleId, text: sent?.body ?? null, content: sent?.content ?? null };
}

async function wahaWrites(b: Business, from: string, text: string) {
  const before = await server.app.deps.db.inboundMessage.count({ where: { tenantId: b.id } });
  expect((await postWahaText(server.url, HMAC, b.session, b.accounts[0]!.phoneNumber, from, text)).stored).toBe(1);
  return looked(b, before);
}

async function cloudWrites(b: Business, from: string, message: Record<string, unknown>) {
  const before = await server.app.deps.db.inboundMessage.count({ where: { tenantId: b.id } });
  const payload = cloud(
    [{ from, id: `wamid.IN${process.pid}x${++serial}`, timestamp: String(Math.floor(Date.now() / 1000)), ...message }],
    [{ profile: { name: "Sara" }, wa_id: from }],
  );
  payload.entry[0]!.changes[0]!.value.metadata.phone_number_id = b.phoneNumberId;
  expect((await postCloudWebhook(server.url, JSON.stringify(payload), WINDOW_APP_SECRET)).status).toBe(200);
  return looked(b, before);
}

const place = (b: Business, phone: string) => server.app.deps.db.automationMenuState.findUnique({ where: { tenantId_phone: { tenantId: b.id, phone } } });

describe("menu rules", () => {
  it("are made and read back as given over REST and GraphQL; a menu that cannot be walked is refused naming where", async () => {
    const b = await business("waha");
    expect(b.rule).toMatchObject({ action: "menu", message: null, menu: { ...MENU, button: null, back: null } });
    expect(b.rule.menu.options[1].menu).toEqual({
      text: "Which city?",
      options: MENU.options[1]!.menu!.options.map((o) => ({ description: null, handover: false, menu: null, ...o })),
    });
    const gql = await b.api.request("POST", "/graphql", {
      query: "{ automationRules { action menu { style timeout options { title menu { text style options { title reply } } } } } }",
    });
    expect(gql.body.data.automationRules[0].menu.options[1]).toEqual({
      title: "Branches",
      menu: {
        text: "Which city?",
        style: null,
        options: [
          { title: "Riyadh", reply: "Olaya St." },
          { title: "Jeddah", reply: "Tahlia St." },
        ],
      },
    });

    const nine = Array.from({ length: 10 }, (_, i) => ({ title: `City ${i + 1}`, reply: "r" }));
    const deep = (levels: number): object => ({ text: "t", options: [levels === 1 ? { title: "End", reply: "r" } : { title: "Down", menu: deep(levels - 1) }] });
    const refusals: Array<[object, string]> = [
      [{ action: "menu" }, "menu"],
      [{ action: "reply", message: "m", menu: MENU }, "menu"],
      [{ action: "menu", menu: MENU, message: "m" }, "message"],
      [{ action: "menu", menu: { text: "t", options: [] } }, "menu[options]"],
      [{ action: "menu", menu: { text: "t", options: [{ title: "A" }] } }, "menu[options][0]"],
      [{ action: "menu", menu: { text: "t", options: [{ title: "A", reply: "r", menu: { text: "t", options: [{ title: "B", reply: "r" }] } }] } }, "menu[options][0]"],
      [{ action: "menu", menu: { text: "t", options: [...nine, { title: "City 11", reply: "r" }] } }, "menu[options]"],
      [{ action: "menu", menu: { text: "t", options: [{ title: "Down", menu: { text: "t", options: nine } }] } }, "menu[options][0][menu][options]"],
      [{ action: "menu", menu: deep(4) }, "menu[options][0][menu][options][0][menu][options][0][menu]"],
      [
        {
          action: "menu",
          menu: {
            text: "t",
            options: [
              { title: "Same", reply: "r" },
              { title: "same", reply: "r" },
            ],
          },
        },
        "menu[options]",
      ],
      [{ action: "menu", menu: { ...MENU, style: "carousel" } }, "menu[style]"],
    ];
    for (const [body, field] of refusals) {
      const r = await b.api.post("/automation/rules", { name: "x", trigger: "fallback", ...body });
      expect([r.status, Object.keys(r.body.error?.fields ?? {})], JSON.stringify(body)).toEqual([422, [field]]);
    }
    expect((await b.api.post("/automation/rules", { name: "Deep", trigger: "fallback", action: "menu", menu: deep(3) })).status).toBe(200);
    expect(await server.app.deps.db.automationRule.count({ where: { tenantId: b.id } })).toBe(2);
    // A trial shows the top menu as numbered text.
    expect((await b.api.post("/automation/rules/test", { message: "menu please" })).body).toMatchObject({ rule: { id: b.rule.id }, message: TOP });
  });

  it("walk a contact through numbered options on a WAHA number: a submenu, 0 back, a title typed, an answer that ends it", async () => {
    const b = await business("waha");
    const c = contact();
    // A list is asked for, but a WAHA number cannot send one: the same options go as numbered text.
    expect(await wahaWrites(b, c, "menu")).toEqual({ outcome: "answered", ruleId: b.rule.id, text: TOP, content: null });
    expect(await wahaWrites(b, c, "٢")).toMatchObject({ outcome: "answered", text: CITIES });
    expect((await place(b, c))?.path).toEqual([2]);
    expect(await wahaWrites(b, c, "0")).toMatchObject({ outcome: "answered", text: TOP });
    expect(await wahaWrites(b, c, "branches")).toMatchObject({ outcome: "answered", text: CITIES });
    expect(await wahaWrites(b, c, "1")).toMatchObject({ outcome: "answered", text: "Olaya St." });
    expect(await place(b, c)).toBeNull();
    // Out of the menu, a digit is just a message: no rule takes it.
    expect(await wahaWrites(b, c, "1")).toMatchObject({ outcome: "no_rule", text: null });
    // Every step was a message like any other: charged and marked with the rule.
    expect((await b.api.get("/balance")).body.messages.used).toBe(5);
    expect(await server.app.deps.db.message.count({ where: { tenantId: b.id, automationRuleId: b.rule.id } })).toBe(5);
  });

  it("repeat the menu once for something that is no option, then let the rules read the next; forget a contact's place after the timeout or a change", async () => {
    const b = await business("waha");
    const other = await b.api.post("/automation/rules", { name: "Else", trigger: "fallback", action: "reply", message: "A person will answer", cooldown_seconds: 0 });
    const c = contact();
    expect(await wahaWrites(b, c, "menu")).toMatchObject({ text: TOP });
    expect(await wahaWrites(b, c, "hmm")).toMatchObject({ outcome: "answered", ruleId: b.rule.id, text: TOP });
    expect(await wahaWrites(b, c, "what is this")).toMatchObject({ outcome: "answered", ruleId: other.body.rule.id, text: "A person will answer" });
    expect(await place(b, c)).toBeNull();

    expect(await wahaWrites(b, c, "menu")).toMatchObject({ text: TOP });
    server.app.deps.clock.advance(301_000);
    expect(await wahaWrites(b, c, "1")).toMatchObject({ ruleId: other.body.rule.id, text: "A person will answer" });

    expect(await wahaWrites(b, c, "menu")).toMatchObject({ text: TOP });
    expect((await b.api.put(`/automation/rules/${b.rule.id}`, { menu: { ...MENU, text: "Welcome back" } })).status).toBe(200);
    expect(await wahaWrites(b, c, "1")).toMatchObject({ ruleId: other.body.rule.id });
    expect(await wahaWrites(b, c, "menu")).toMatchObject({ text: TOP.replace("How can we help?", "Welcome back") });
    // A deleted rule's menu holds no one.
    expect((await b.api.delete(`/automation/rules/${b.rule.id}`)).status).toBe(200);
    expect(await place(b, c)).toBeNull();
  });

  it("hand a contact to a person from an option, after its reply", async () => {
    const b = await business("waha");
    const c = contact();
    await wahaWrites(b, c, "menu");
    expect(await wahaWrites(b, c, "3")).toMatchObject({ outcome: "handed_over", ruleId: b.rule.id, text: "Connecting you" });
    expect(await wahaWrites(b, c, "menu")).toMatchObject({ outcome: "with_a_person", text: null });
    expect(await place(b, c)).toBeNull();
  });
});

describe("menu rules on a WhatsApp Cloud number", () => {
  it("send a WhatsApp list whose rows the contact taps, with 0 to go back below the top", async () => {
    const b = await business("cloud");
    const c = contact();
    const top = await cloudWrites(b, c, { type: "text", text: { body: "MENU" } });
    expect(top).toMatchObject({ outcome: "answered", text: "How can we help?" });
    expect(top.content).toEqual({
      kind: "interactive",
      type: "list",
      header: null,
      footer: null,
      button: "Options",
      sections: [
        {
          title: null,
          rows: [
            { id: "1", title: "Prices", description: null },
            { id: "2", title: "Branches", description: "Where to find us" },
            { id: "3", title: "Talk to us", description: null },
          ],
        },
      ],
    });
    const tap = (id: string, title: string) => ({ type: "interactive", interactive: { type: "list_reply", list_reply: { id, title } } });
    const cities = await cloudWrites(b, c, tap("2", "Branches"));
    expect(cities.text).toBe("Which city?");
    expect((cities.content as { sections: Array<{ rows: unknown[] }> }).sections[0]!.rows).toEqual([
      { id: "1", title: "Riyadh", description: null },
      { id: "2", title: "Jeddah", description: null },
      { id: "0", title: "Back", description: null },
    ]);
    expect(await cloudWrites(b, c, tap("2", "Jeddah"))).toMatchObject({ outcome: "answered", text: "Tahlia St.", content: null });
    // The lists went to the provider as WhatsApp lists.
    const lists = await waitFor(
      () => provider.requests.filter((r) => JSON.stringify(r.body).includes(c) && (r.body as { type?: string }).type === "interactive"),
      (rs) => rs.length === 2,
    );
    expect(lists.map((r) => (r.body as { interactive: { type: string; action: { button: string } } }).interactive)).toMatchObject([
      { type: "list", action: { button: "Options" } },
      { type: "list", action: { button: "Options" } },
    ]);
  });
});
