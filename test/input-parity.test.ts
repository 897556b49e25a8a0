import { describe, expect, it } from "vitest";
import { useServer } from "./kit/server.js";
import type { Client } from "./kit/http.js";

// One check per input: a REST body is checked once, by its route's published schema, and its
// service takes what that check made of it; over /graphql the service's own rules check the same
// fields. Both are built from the same rule objects, so the same mistake is refused the same way
// on both surfaces: 422 VALIDATION_ERROR, the same message, under the field's name on each
// surface (snake_case, camelCase). If a REST schema and its service's rule drift apart, a case
// here fails. Nothing a refused request carried is stored.

const server = useServer();

interface Mistake {
  what: string;
  /** The REST body. */
  rest: Record<string, unknown>;
  /** The GraphQL operation's variables. */
  graphql: Record<string, unknown>;
  /** The bad field as each surface names it. */
  field: [rest: string, graphql: string];
}

interface Operation {
  method: "POST" | "PUT";
  path: string;
  query: string;
  mistakes: Mistake[];
}

const graphqlAnswer = async (api: Client, query: string, variables: Record<string, unknown>) => {
  const r = await api.request("POST", "/graphql", { query, variables }, { accept: "application/graphql-response+json, application/json;q=0.9" });
  const errors = (r.body.errors ?? []) as Array<{ extensions?: { code?: string; fields?: Record<string, string> } }>;
  return {
    status: r.status,
    codes: [...new Set(errors.map((e) => e.extensions?.code))],
    fields: Object.assign({}, ...errors.map((e) => e.extensions?.fields ?? {})) as Record<string, string>,
  };
};

/** Sends each mistake over both surfaces; both refuse it with one field and the same message. */
async function expectParity(api: Client, op: Operation) {
  for (const m of op.mistakes) {
    const rest = await api.request(op.method, `/api/v1${op.path}`, m.rest);
    const gql = await graphqlAnswer(api, op.query, m.graphql);
    const [restField, graphqlField] = m.field;
    const context = `${op.method} ${op.path}: ${m.what}\nREST ${JSON.stringify(rest.body)}\nGraphQL ${JSON.stringify(gql)}`;
    expect(rest.status, context).toBe(422);
    expect(rest.body.error.code, context).toBe("VALIDATION_ERROR");
    expect(gql.status, context).toBe(422);
    expect(gql.codes, context).toEqual(["VALIDATION_ERROR"]);
    expect(Object.keys(rest.body.error.fields), context).toEqual([restField]);
    expect(Object.keys(gql.fields), context).toEqual([graphqlField]);
    expect(rest.body.error.fields[restField], context).toBe(gql.fields[graphqlField]);
  }
}

const repeat = <T>(n: number, f: (i: number) => T) => Array.from({ length: n }, (_, i) => f(i));

describe("the same mistake, the same answer over REST and GraphQL", () => {
  it("message templates: create and update", async () => {
    const t = await server().seed.tenant().create();
    const api = server().client(t.key);
    expect((await api.post("/templates", { name: "kept", message: "Hello {{name}}" })).status).toBe(200);
    const before = (await api.get("/templates")).body;
    const tooMany = repeat(51, (i) => `v${i}`);
    await expectParity(api, {
      method: "POST",
      path: "/templates",
      query: "mutation($input: CreateTemplateInput!) { createTemplate(input: $input) { template { name } } }",
      mistakes: [
        { what: "a bad name", rest: { name: "Order Ready", message: "Hi" }, graphql: { input: { name: "Order Ready", text: "Hi" } }, field: ["name", "name"] },
        { what: "a blank text", rest: { name: "a", message: "   " }, graphql: { input: { name: "a", text: "   " } }, field: ["message", "text"] },
        {
          what: "an image link with a password",
          rest: { name: "a", message: "Hi", image_url: "https://u:p@93.184.216.34/a.png" },
          graphql: { input: { name: "a", text: "Hi", imageUrl: "https://u:p@93.184.216.34/a.png" } },
          field: ["image_url", "imageUrl"],
        },
        {
          what: "too many variables",
          rest: { name: "a", message: "Hi", variables: tooMany },
          graphql: { input: { name: "a", text: "Hi", variables: tooMany } },
          field: ["variables", "variables"],
        },
        {
          what: "a bad variable name",
          rest: { name: "a", message: "Hi", variables: ["1x"] },
          graphql: { input: { name: "a", text: "Hi", variables: ["1x"] } },
          field: ["variables[0]", "variables[0]"],
        },
        { what: "no text", rest: { name: "a" }, graphql: { input: { name: "a" } }, field: ["message", "text"] },
      ],
    });
    await expectParity(api, {
      method: "PUT",
      path: "/templates/kept",
      query: 'mutation($input: UpdateTemplateInput!) { updateTemplate(name: "kept", input: $input) { template { name } } }',
      mistakes: [
        { what: "an empty text", rest: { message: "" }, graphql: { input: { text: "" } }, field: ["message", "text"] },
        { what: "too many variables", rest: { variables: tooMany }, graphql: { input: { variables: tooMany } }, field: ["variables", "variables"] },
        { what: "a relative image link", rest: { image_url: "/a.png" }, graphql: { input: { imageUrl: "/a.png" } }, field: ["image_url", "imageUrl"] },
      ],
    });
    expect((await api.get("/templates")).body).toEqual(before);
  });

  it("the send window", async () => {
    const t = await server().seed.tenant().create();
    const api = server().client(t.key);
    const window = { time_zone: "Asia/Riyadh", days: ["sun", "mon"], start: "09:00", end: "17:00" };
    expect((await api.put("/send-window", window)).status).toBe(200);
    const input = { timeZone: "Asia/Riyadh", days: ["sun", "mon"], start: "09:00", end: "17:00" };
    await expectParity(api, {
      method: "PUT",
      path: "/send-window",
      query: "mutation($input: SendWindowInput) { setSendWindow(input: $input) { sendWindow { start } } }",
      mistakes: [
        {
          what: "an unknown time zone",
          rest: { ...window, time_zone: "Mars/Olympus" },
          graphql: { input: { ...input, timeZone: "Mars/Olympus" } },
          field: ["time_zone", "timeZone"],
        },
        { what: "a bad time", rest: { ...window, start: "25:00" }, graphql: { input: { ...input, start: "25:00" } }, field: ["start", "start"] },
        { what: "no day", rest: { ...window, days: [] }, graphql: { input: { ...input, days: [] } }, field: ["days", "days"] },
        { what: "eight days", rest: { ...window, days: repeat(8, () => "sun") }, graphql: { input: { ...input, days: repeat(8, () => "sun") } }, field: ["days", "days"] },
        { what: "no end", rest: { ...window, end: undefined }, graphql: { input: { ...input, end: undefined } }, field: ["end", "end"] },
        {
          what: "an end before the start",
          rest: { ...window, start: "17:00", end: "09:00" },
          graphql: { input: { ...input, start: "17:00", end: "09:00" } },
          field: ["end", "end"],
        },
        { what: "an end at the start", rest: { ...window, end: "09:00" }, graphql: { input: { ...input, end: "09:00" } }, field: ["end", "end"] },
      ],
    });
    expect((await api.get("/send-window")).body).toEqual({ send_window: window });
  });

  it("WhatsApp template registrations", async () => {
    const t = await server().seed.tenant().create();
    const api = server().client(t.key);
    const body = { name: "order_update", language: "ar", category: "utility" };
    const input = { name: "order_update", language: "ar", category: "utility" };
    await expectParity(api, {
      method: "POST",
      path: "/whatsapp-templates",
      query: "mutation($input: RegisterWhatsAppTemplateInput!) { registerWhatsAppTemplate(input: $input) { id } }",
      mistakes: [
        { what: "a bad name", rest: { ...body, name: "Order Update" }, graphql: { input: { ...input, name: "Order Update" } }, field: ["name", "name"] },
        { what: "a bad language", rest: { ...body, language: "arabic" }, graphql: { input: { ...input, language: "arabic" } }, field: ["language", "language"] },
        {
          what: "too many body parameters",
          rest: { ...body, body_parameters: 101 },
          graphql: { input: { ...input, bodyParameters: 101 } },
          field: ["body_parameters", "bodyParameters"],
        },
        {
          what: "eleven buttons",
          rest: { ...body, buttons: repeat(11, () => ({ type: "quick_reply" })) },
          graphql: { input: { ...input, buttons: repeat(11, () => ({ type: "quick_reply" })) } },
          field: ["buttons", "buttons"],
        },
        {
          what: "no name",
          rest: { language: body.language, category: body.category },
          graphql: { input: { language: input.language, category: input.category } },
          field: ["name", "name"],
        },
        {
          what: "a header parameter with a media header",
          rest: { ...body, header_format: "image", header_parameters: 1 },
          graphql: { input: { ...input, headerFormat: "image", headerParameters: 1 } },
          field: ["header_parameters", "headerParameters"],
        },
        {
          what: "a phone-number button with a parameter",
          rest: { ...body, buttons: [{ type: "quick_reply" }, { type: "phone_number", parameters: 1 }] },
          graphql: { input: { ...input, buttons: [{ type: "quick_reply" }, { type: "phone_number", parameters: 1 }] } },
          field: ["buttons[1][parameters]", "buttons[1][parameters]"],
        },
      ],
    });
    expect((await api.get("/whatsapp-templates")).body).toEqual({ whatsapp_templates: [] });
  });

  it("a number's warm-up and the health thresholds", async () => {
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    const id = t.accounts[0]!.id;
    const health = async () => {
      const h = (await api.get(`/accounts/${id}/health`)).body;
      return { account: h.account, thresholds: h.thresholds };
    };
    const before = await health();
    const query = "mutation($id: Int!, $input: WarmUpInput!) { setWarmUp(id: $id, input: $input) { id } }";
    await expectParity(api, {
      method: "PUT",
      path: `/accounts/${id}/warm-up`,
      query,
      mistakes: [
        { what: "a ramp that decreases", rest: { ramp: [5, 3] }, graphql: { id, input: { ramp: [5, 3] } }, field: ["ramp", "ramp"] },
        { what: "a day of no sends", rest: { ramp: [0, 3] }, graphql: { id, input: { ramp: [0, 3] } }, field: ["ramp", "ramp"] },
        { what: "61 days", rest: { ramp: repeat(61, (i) => i + 1) }, graphql: { id, input: { ramp: repeat(61, (i) => i + 1) } }, field: ["ramp", "ramp"] },
        { what: "no first contacts", rest: { first_contact_cap: 0 }, graphql: { id, input: { firstContactCap: 0 } }, field: ["first_contact_cap", "firstContactCap"] },
        { what: "a tier too high", rest: { messaging_tier: 10_000_001 }, graphql: { id, input: { messagingTier: 10_000_001 } }, field: ["messaging_tier", "messagingTier"] },
      ],
    });
    await expectParity(api, {
      method: "PUT",
      path: "/health-thresholds",
      query: "mutation($input: HealthThresholdsInput!) { setHealthThresholds(input: $input) { minSends } }",
      mistakes: [
        {
          what: "an opt-out rate too high",
          rest: { opt_out_rate_percent: 80 },
          graphql: { input: { optOutRatePercent: 80 } },
          field: ["opt_out_rate_percent", "optOutRatePercent"],
        },
        {
          what: "a failure rate too low",
          rest: { failure_rate_percent: 0.5 },
          graphql: { input: { failureRatePercent: 0.5 } },
          field: ["failure_rate_percent", "failureRatePercent"],
        },
        { what: "too few sends to judge", rest: { min_sends: 5 }, graphql: { input: { minSends: 5 } }, field: ["min_sends", "minSends"] },
      ],
    });
    expect(await health()).toEqual(before);
  });

  it("webhook endpoints", async () => {
    const t = await server().seed.tenant().create();
    const api = server().client(t.key);
    const query = "mutation($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { secret } }";
    const url = (u: string) => ({ rest: { url: u }, graphql: { input: { url: u } } });
    await expectParity(api, {
      method: "POST",
      path: "/webhooks",
      query,
      mistakes: [
        { what: "another scheme", ...url("ftp://93.184.216.34/x"), field: ["url", "url"] },
        { what: "a relative link", ...url("/hooks"), field: ["url", "url"] },
        { what: "a password", ...url("https://user:pw@93.184.216.34/x"), field: ["url", "url"] },
        { what: "an overlong link", ...url(`https://93.184.216.34/${"a".repeat(2048)}`), field: ["url", "url"] },
        { what: "no url", rest: {}, graphql: { input: {} }, field: ["url", "url"] },
      ],
    });
    expect((await api.get("/webhooks")).body).toEqual({ webhooks: [] });
  });

  it("opting numbers out and in, and importing a suppression list", async () => {
    const t = await server().seed.tenant().create();
    const api = server().client(t.key);
    const lists: Array<[string, string]> = [
      ["/contacts/opt-out", "optOutContacts"],
      ["/contacts/opt-in", "optInContacts"],
      ["/suppression-list", "importSuppressionList"],
    ];
    for (const [path, field] of lists) {
      const over = repeat(10_001, () => "0501234567");
      await expectParity(api, {
        method: "POST",
        path,
        query: `mutation($numbers: [String!]!) { ${field}(numbers: $numbers) { invalid { index } } }`,
        mistakes: [
          { what: "no numbers", rest: { numbers: [] }, graphql: { numbers: [] }, field: ["numbers", "numbers"] },
          { what: "no number among them", rest: { numbers: ["x", "0112345678"] }, graphql: { numbers: ["x", "0112345678"] }, field: ["numbers[0]", "numbers[0]"] },
          { what: "one too many", rest: { numbers: over }, graphql: { numbers: over }, field: ["numbers", "numbers"] },
        ],
      });
    }
    expect((await api.get("/contacts?opted_out=true")).body.contacts).toEqual([]);
  });
});

describe("a body is checked whole before its service takes it", () => {
  it("refuses an unknown field named like an object's own (constructor, __proto__), naming it, rather than running with nothing checked", async () => {
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    const window = '"time_zone":"Asia/Riyadh","days":["sun"],"start":"09:00","end":"17:00"';
    for (const [path, body, fields] of [
      ["/send-window", `{${window},"constructor":1}`, ["constructor"]],
      ["/send-window", `{${window},"__proto__":0,"constructor":2}`, ["__proto__", "constructor"]],
      ["/health-thresholds", '{"min_sends":50,"__proto__":1}', ["__proto__"]],
    ] as const) {
      const r = await api.request("PUT", `/api/v1${path}`, body);
      expect(r.status, `${path} ${body}: ${JSON.stringify(r.body)}`).toBe(422);
      expect(Object.keys(r.body.error.fields)).toEqual(fields);
    }
    const send = await api.request("POST", "/api/v1/send", '{"to":"0501234567","message":"hi","constructor":1}');
    expect(send.body.error).toMatchObject({ code: "VALIDATION_ERROR", fields: { constructor: "is not a field of this request" } });
    expect((await api.get("/send-window")).body).toEqual({ send_window: null });
    expect((await api.get("/health-thresholds")).body.min_sends).toBe(100);
  });
});
