import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "./kit/server.js";
import { startGraphApi, type GraphTemplate } from "./kit/graph-api.js";
import { postCloudWebhook } from "./kit/provider-signing.js";
import { waitFor } from "./kit/wait.js";

// A business connects a WhatsApp Cloud API number by its credentials (docs/connecting-numbers.md),
// against the Graph API stand-in (test/kit/graph-api.ts, Meta's OpenAPI v23.0): the credentials
// are checked, the app subscribed, the number stored with its quality and tier, its templates
// synced from Meta and kept by its webhooks; a paused template is refused before charging.

const APP_SECRET = "cloud-connect-app-secret";
const TOKEN = "EAAG-system-user-token-0001";
const WABA = "102290129340398";
const PHONE_ID = "106540352242922";

let graph: Awaited<ReturnType<typeof startGraphApi>>;
let server: TestServer;

const template = (id: string, name: string, status: string, extra: Partial<GraphTemplate> = {}): GraphTemplate => ({
  id,
  name,
  language: "en_US",
  category: "UTILITY",
  status,
  components: [{ type: "BODY", text: "Your order {{1}} is on its way.", example: { body_text: [["A17"]] } }],
  ...extra,
});

beforeAll(async () => {
  graph = await startGraphApi({ appId: "100000000000777", appSecret: APP_SECRET });
  graph.addWaba(TOKEN, {
    id: WABA,
    name: "Acme WhatsApp",
    phoneNumbers: [{ id: PHONE_ID, display_phone_number: "+966 55 123 9000", verified_name: "Acme", quality_rating: "GREEN", messaging_limit_tier: "TIER_1K" }],
    templates: [
      template("1001", "order_update", "APPROVED", { quality_score: { score: "GREEN", date: 1_764_000_000 } }),
      template("1002", "summer_promo", "PAUSED", { category: "MARKETING" }),
      template("1003", "store_location", "APPROVED", {
        components: [
          { type: "HEADER", format: "LOCATION" },
          { type: "BODY", text: "Visit us" },
        ],
      }),
    ],
  });
  server = await startServer({ WHATSAPP_CLOUD_BASE_URL: graph.url, WHATSAPP_CLOUD_APP_SECRET: APP_SECRET, META_APP_ID: "100000000000777", SIMULATOR_LATENCY_MS: "0" });
});
afterAll(async () => {
  await server?.close();
  await graph?.close();
});

const cloudBody = (extra: Record<string, unknown> = {}) => ({
  channel: "whatsapp-cloud",
  name: "Acme Cloud",
  phone_number_id: PHONE_ID,
  waba_id: WABA,
  access_token: TOKEN,
  ...extra,
});

describe("a Cloud API number connected by its credentials", () => {
  it("is checked with Meta, subscribed, shown with its quality and tier; its templates synced; a paused one refused before charging", async () => {
    const t = await server.seed.tenant().create();
    const api = server.client(t.key);
    const created = await api.post("/accounts", cloudBody());
    expect(created.status).toBe(200);
    expect(created.body.connection).toMatchObject({
      channel: "whatsapp-cloud",
      state: "WORKING",
      status: "connected",
      phone_number: "966551239000",
      verified_name: "Acme",
      quality: "GREEN",
      messaging_tier: 1000,
    });
    expect(graph.wabas.get(WABA)!.subscribed).toBe(true);
    const checked = graph.requests.filter((r) => r.headers.authorization === `Bearer ${TOKEN}`).map((r) => `${r.method} ${r.path.split("?")[0]}`);
    expect(checked).toEqual(
      expect.arrayContaining([`GET /v21.0/${PHONE_ID}`, `GET /v21.0/${WABA}/phone_numbers`, `POST /v21.0/${WABA}/subscribed_apps`, `GET /v21.0/${WABA}/message_templates`]),
    );
    const id = created.body.connection.account_id as number;
    expect((await api.get("/accounts")).body.accounts).toEqual([expect.objectContaining({ id, phone_number: "966551239000", quality: "GREEN", messaging_tier: 1000 })]);

    const templates = (await api.get("/whatsapp-templates")).body.whatsapp_templates as Array<Record<string, unknown>>;
    expect(templates.map((r) => [r.name, r.status, r.quality]).sort()).toEqual([
      ["order_update", "APPROVED", "GREEN"],
      ["summer_promo", "PAUSED", null],
    ]);
    expect(templates.find((r) => r.name === "order_update")).toMatchObject({ category: "utility", body_parameters: 1, header_format: "none" });

    const used = (await api.get("/balance")).body.messages.used;
    const paused = await api.post("/send", { to: "966500007001", whatsapp_template: { name: "summer_promo", language: "en_US", body: ["x"] } });
    expect(paused.status).toBe(422);
    expect(paused.body.error.fields["whatsapp_template[name]"]).toMatch(/PAUSED/);
    expect((await api.get("/balance")).body.messages.used).toBe(used);
    const sent = await api.post("/send", { to: "966500007002", whatsapp_template: { name: "order_update", language: "en_US", body: ["A17"] } });
    expect(sent.body).toMatchObject({ success: true, status: "sent" });
    expect(graph.sent).toContainEqual(expect.objectContaining({ to: "966500007002", type: "template" }));

    // Meta approves the paused one: its webhook keeps the synced registration current.
    graph.review(WABA, "summer_promo", "en_US", "APPROVED");
    const raw = JSON.stringify({
      object: "whatsapp_business_account",
      entry: [
        {
          id: WABA,
          time: 1_764_000_100,
          changes: [
            {
              field: "message_template_status_update",
              value: { event: "APPROVED", message_template_id: 1002, message_template_name: "summer_promo", message_template_language: "en_US", reason: "NONE" },
            },
          ],
        },
      ],
    });
    expect((await postCloudWebhook(server.url, raw, APP_SECRET)).status).toBe(200);
    // A number connected this way keeps its pacing, so this second send from it may wait its turn.
    const approved = await api.post("/send", { to: "966500007003", whatsapp_template: { name: "summer_promo", language: "en_US", body: ["x"] } });
    expect(approved.status).toBe(200);
    await waitFor(
      () => api.get(`/messages/${approved.body.message_id}`),
      (r) => r.body.status === "sent",
    );

    // A template added in Meta's tools arrives with an on-demand sync.
    graph.wabas.get(WABA)!.templates.push(template("1004", "appointment_reminder", "APPROVED"));
    expect((await api.post("/whatsapp-templates/sync", {})).body).toEqual({ success: true, synced: 3, skipped: 1 });
    expect(((await api.get("/whatsapp-templates")).body.whatsapp_templates as Array<{ name: string }>).map((r) => r.name)).toContain("appointment_reminder");
  });

  it("credentials Meta refuses, a number of another business account, or a phone number id already connected: 422 naming why, nothing created", async () => {
    const t = await server.seed.tenant().create();
    const api = server.client(t.key);
    const db = server.app.deps.db;
    const before = await db.account.count();
    const cases: Array<[Record<string, unknown>, string]> = [
      [cloudBody({ access_token: "EAAG-not-a-token-meta-knows" }), "access_token"],
      [cloudBody({ phone_number_id: "999999999999999" }), "phone_number_id"],
      [cloudBody({ waba_id: "102290129349999" }), "waba_id"],
      [cloudBody(), "phone_number_id"],
      [{ channel: "whatsapp-cloud", name: "x", phone_number_id: PHONE_ID, access_token: TOKEN }, "waba_id"],
      [{ name: "x", phone_number_id: PHONE_ID, waba_id: WABA }, "access_token"],
      [{ channel: "waha", name: "x", access_token: TOKEN }, "access_token"],
    ];
    for (const [body, field] of cases) {
      const answer = await api.post("/accounts", body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(answer.body.error.fields), JSON.stringify(answer.body)).toContain(field);
    }
    expect(await db.account.count()).toBe(before);
  });

  it("Embedded Signup: the code is exchanged for the business's token, once", async () => {
    const signupToken = "EAAG-embedded-signup-business-token";
    graph.addWaba(signupToken, {
      id: "102290129340500",
      name: "Signed up",
      phoneNumbers: [{ id: "106540352240500", display_phone_number: "966551239500", verified_name: "Signed Up Co", quality_rating: "GREEN", messaging_limit_tier: "TIER_250" }],
    });
    graph.addSignupCode("AQDsignupcode500", signupToken);
    const t = await server.seed.tenant().create();
    const api = server.client(t.key);
    const body = { name: "Signed up", phone_number_id: "106540352240500", waba_id: "102290129340500", signup_code: "AQDsignupcode500" };
    const connected = await api.post("/accounts", body);
    expect(connected.body.connection).toMatchObject({ channel: "whatsapp-cloud", phone_number: "966551239500", messaging_tier: 250 });
    const exchange = graph.requests.find((r) => r.path.includes("/oauth/access_token"));
    expect(new URL(exchange!.path, graph.url).searchParams.get("client_id")).toBe("100000000000777");
    const again = (await server.seed.tenant().create()).key;
    expect((await server.client(again).post("/accounts", body)).body.error.fields).toHaveProperty("signup_code");
  });

  it("a template created here goes to Meta for review, is refused while PENDING and sent once Meta approves it", async () => {
    const t = await server.seed.tenant().create();
    const api = server.client(t.key);
    const token2 = "EAAG-system-user-token-0600";
    graph.addWaba(token2, {
      id: "102290129340600",
      name: "Review",
      phoneNumbers: [{ id: "106540352240600", display_phone_number: "966551239600", verified_name: "Review Co", quality_rating: "GREEN", messaging_limit_tier: "TIER_1K" }],
    });
    await api.post("/accounts", { name: "Review", phone_number_id: "106540352240600", waba_id: "102290129340600", access_token: token2 });
    const asked = graph.requests.length;
    const bad = await api.post("/whatsapp-templates/submit", {
      name: "delivery_slot",
      language: "ar",
      category: "utility",
      body: "موعد التوصيل {{1}} بين {{2}}",
      body_examples: ["الأحد"],
    });
    expect(bad).toMatchObject({ status: 422, body: { error: { fields: { body_examples: expect.stringMatching(/2 placeholders/) } } } });
    expect(graph.requests.length).toBe(asked);

    const submitted = await api.post("/whatsapp-templates/submit", {
      name: "delivery_slot",
      language: "ar",
      category: "utility",
      header_text: "طلبك {{1}}",
      header_example: "A17",
      body: "موعد التوصيل {{1}} بين {{2}}",
      body_examples: ["الأحد", "9 و 11"],
      footer: "متجر أكمي",
      buttons: [
        { type: "url", text: "تتبع الطلب", url: "https://acme.example/track/{{1}}", url_example: "A17" },
        { type: "quick_reply", text: "غيّر الموعد" },
      ],
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(submitted.body.whatsapp_template).toMatchObject({ name: "delivery_slot", status: "PENDING", header_format: "text", header_parameters: 1, body_parameters: 2 });
    const atMeta = graph.wabas.get("102290129340600")!.templates.find((x) => x.name === "delivery_slot");
    expect(atMeta).toMatchObject({ status: "PENDING", category: "UTILITY", language: "ar" });
    expect(atMeta!.components).toEqual([
      { type: "HEADER", format: "TEXT", text: "طلبك {{1}}", example: { header_text: ["A17"] } },
      { type: "BODY", text: "موعد التوصيل {{1}} بين {{2}}", example: { body_text: [["الأحد", "9 و 11"]] } },
      { type: "FOOTER", text: "متجر أكمي" },
      {
        type: "BUTTONS",
        buttons: [
          { type: "URL", text: "تتبع الطلب", url: "https://acme.example/track/{{1}}", example: ["A17"] },
          { type: "QUICK_REPLY", text: "غيّر الموعد" },
        ],
      },
    ]);
    const message = {
      to: "966500007100",
      whatsapp_template: {
        name: "delivery_slot",
        language: "ar",
        header: { type: "text", text: "A18" },
        body: ["الاثنين", "1 و 3"],
        buttons: [{ index: 0, type: "url", value: "A18" }],
      },
    };
    expect((await api.post("/send", message)).body.error.fields["whatsapp_template[name]"]).toMatch(/PENDING/);
    const raw = JSON.stringify({
      object: "whatsapp_business_account",
      entry: [
        {
          id: "102290129340600",
          time: 1_764_000_200,
          changes: [
            {
              field: "message_template_status_update",
              value: { event: "APPROVED", message_template_id: Number(atMeta!.id), message_template_name: "delivery_slot", message_template_language: "ar", reason: "NONE" },
            },
          ],
        },
      ],
    });
    expect((await postCloudWebhook(server.url, raw, APP_SECRET)).status).toBe(200);
    expect((await api.post("/send", message)).body).toMatchObject({ success: true, status: "sent" });
  });
});
