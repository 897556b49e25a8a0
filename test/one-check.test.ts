import { describe, expect, it } from "vitest";
import { useServer } from "./kit/server.js";
import { graphql } from "../src/gql/index.js";

// One check per input: a REST send is checked once, by its route's published schema; a GraphQL
// send once, by the services' field rules; both schemas are built from the same rules, so the same
// mistake gets the same message on both surfaces (under each surface's field name), and nothing is
// stored or charged. A rule written twice and drifting apart fails here.

const Send = graphql(`
  mutation OneCheckSend($input: SendMessageInput!) {
    sendMessage(input: $input) { message { id } }
  }
`);
const Bulk = graphql(`
  mutation OneCheckBulk($input: SendBulkInput!) {
    sendBulk(input: $input) { batchId }
  }
`);

type Fields = Record<string, unknown>;
/** A mistake as each surface spells it, and the field each surface names in its answer. */
interface Mistake {
  what: string;
  rest: Fields;
  graphql: Fields;
  field: [rest: string, graphql: string];
}

const far = new Date(Date.now() + 10 * 86_400_000).toISOString();
const many = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`v${i}`, "x"]));

const singleMistakes: Mistake[] = [
  { what: "a blank text", rest: { to: "0501234567", message: "  " }, graphql: { to: "0501234567", text: "  " }, field: ["message", "text"] },
  { what: "a text too long", rest: { to: "0501234567", message: "ب".repeat(4001) }, graphql: { to: "0501234567", text: "ب".repeat(4001) }, field: ["message", "text"] },
  { what: "a number that is not a mobile", rest: { to: "12", message: "hi" }, graphql: { to: "12", text: "hi" }, field: ["to", "to"] },
  { what: "neither text nor template", rest: { to: "0501234567" }, graphql: { to: "0501234567" }, field: ["message", "text"] },
  {
    what: "both text and template",
    rest: { to: "0501234567", message: "hi", template: "promo" },
    graphql: { to: "0501234567", text: "hi", template: "promo" },
    field: ["message", "text"],
  },
  { what: "a template name in capitals", rest: { to: "0501234567", template: "Promo" }, graphql: { to: "0501234567", template: "Promo" }, field: ["template", "template"] },
  {
    what: "an image link with a password",
    rest: { to: "0501234567", message: "hi", image_url: "https://u:p@example.com/a.png" },
    graphql: { to: "0501234567", text: "hi", imageUrl: "https://u:p@example.com/a.png" },
    field: ["image_url", "imageUrl"],
  },
  {
    what: "a send time without offset",
    rest: { to: "0501234567", message: "hi", send_at: "2026-12-01 09:00" },
    graphql: { to: "0501234567", text: "hi", sendAt: "2026-12-01 09:00" },
    field: ["send_at", "sendAt"],
  },
  {
    what: "a validity too short",
    rest: { to: "0501234567", message: "hi", valid_for_seconds: 10 },
    graphql: { to: "0501234567", text: "hi", validForSeconds: 10 },
    field: ["valid_for_seconds", "validForSeconds"],
  },
  {
    what: "a sender id of zero",
    rest: { to: "0501234567", message: "hi", account_id: 0 },
    graphql: { to: "0501234567", text: "hi", accountId: 0 },
    field: ["account_id", "accountId"],
  },
  {
    what: "a placeholder name with a dash",
    rest: { to: "0501234567", message: "hi", variables: { "a-b": "x" } },
    graphql: { to: "0501234567", text: "hi", variables: { "a-b": "x" } },
    field: ["variables[a-b]", "variables[a-b]"],
  },
  {
    what: "51 placeholder values",
    rest: { to: "0501234567", message: "hi", variables: many(51) },
    graphql: { to: "0501234567", text: "hi", variables: many(51) },
    field: ["variables", "variables"],
  },
  {
    what: "a media link over http",
    rest: { to: "0501234567", media: { type: "image", url: "http://example.com/a.png" } },
    graphql: { to: "0501234567", media: { type: "image", url: "http://example.com/a.png" } },
    field: ["media[url]", "media[url]"],
  },
  {
    what: "a location off the globe",
    rest: { to: "0501234567", location: { latitude: 91, longitude: 46 } },
    graphql: { to: "0501234567", location: { latitude: 91, longitude: 46 } },
    field: ["location[latitude]", "location[latitude]"],
  },
  {
    what: "a caption too long for media",
    rest: { to: "0501234567", message: "x".repeat(1025), media: { type: "image", url: "https://example.com/a.png" } },
    graphql: { to: "0501234567", text: "x".repeat(1025), media: { type: "image", url: "https://example.com/a.png" } },
    field: ["message", "text"],
  },
];

const bulkMistakes: Mistake[] = [
  { what: "an empty number list", rest: { numbers: [], message: "hi" }, graphql: { numbers: [], text: "hi" }, field: ["numbers", "numbers"] },
  {
    what: "a bad fourth number",
    rest: { numbers: ["0501234567", "0551234567", "0561234567", "5"], message: "hi" },
    graphql: { numbers: ["0501234567", "0551234567", "0561234567", "5"], text: "hi" },
    field: ["numbers[3]", "numbers[3]"],
  },
  {
    what: "numbers and recipients",
    rest: { numbers: ["0501234567"], recipients: [{ to: "0551234567" }], message: "hi" },
    graphql: { numbers: ["0501234567"], recipients: [{ to: "0551234567" }], text: "hi" },
    field: ["numbers", "numbers"],
  },
  { what: "neither numbers nor recipients", rest: { message: "hi" }, graphql: { text: "hi" }, field: ["numbers", "numbers"] },
  {
    what: "a recipient's bad number",
    rest: { recipients: [{ to: "0501234567" }, { to: "x" }], message: "hi" },
    graphql: { recipients: [{ to: "0501234567" }, { to: "x" }], text: "hi" },
    field: ["recipients[1][to]", "recipients[1][to]"],
  },
  {
    what: "1,001 numbers",
    rest: { numbers: Array.from({ length: 1001 }, () => "0501234567"), message: "hi" },
    graphql: { numbers: Array.from({ length: 1001 }, () => "0501234567"), text: "hi" },
    field: ["numbers", "numbers"],
  },
  {
    what: "a send time that is not a time",
    rest: { numbers: ["0501234567"], message: "hi", send_at: "tomorrow" },
    graphql: { numbers: ["0501234567"], text: "hi", sendAt: "tomorrow" },
    field: ["send_at", "sendAt"],
  },
];

const server = useServer({ SIMULATOR_LATENCY_MS: "0" });

async function tenantApi() {
  const t = await server().seed.tenant({ monthlyLimit: 100 }).account({ minIntervalMs: 0, jitterMs: 0 }).create();
  return { t, api: server().client(t.key) };
}

type Api = ReturnType<ReturnType<typeof server>["client"]>;

async function expectSameRefusals(mistakes: Mistake[], path: string, overGraphQL: (api: Api, input: Fields) => Promise<{ errors?: ReadonlyArray<{ extensions?: unknown }> }>) {
  const { t, api } = await tenantApi();
  for (const m of mistakes) {
    const rest = await api.post(path, m.rest);
    expect(rest.status, m.what).toBe(422);
    expect(rest.body.error.code, m.what).toBe("VALIDATION_ERROR");
    const gql = await overGraphQL(api, m.graphql);
    const ext = gql.errors?.[0]?.extensions as { code?: string; fields?: Record<string, string> } | undefined;
    expect(ext?.code, m.what).toBe("VALIDATION_ERROR");
    const [restName, gqlName] = m.field;
    expect(rest.body.error.fields[restName], `${m.what}: ${JSON.stringify(rest.body.error.fields)}`).toEqual(expect.any(String));
    expect(ext?.fields?.[gqlName], m.what).toBe(rest.body.error.fields[restName]);
    // Every other field named on one surface is named, with the same problem, on the other.
    expect(Object.keys(ext?.fields ?? {}).length, m.what).toBe(Object.keys(rest.body.error.fields).length);
  }
  expect((await api.get("/balance")).body.messages.used).toBe(0);
  expect(await server().app.deps.db.message.count({ where: { tenantId: t.id } })).toBe(0);
}

describe("one check per send", () => {
  it("gives a single send's mistakes the same message over REST and GraphQL, and stores nothing", async () => {
    await expectSameRefusals(singleMistakes, "/send", (api, input) => api.graphql(Send, { input: input as never }));
  });

  it("gives a bulk send's mistakes the same message over REST and GraphQL, and stores nothing", async () => {
    await expectSameRefusals(bulkMistakes, "/send-bulk", (api, input) => api.graphql(Bulk, { input: input as never }));
  });

  it("sends what passed the REST schema as the service would have taken it: numbers normalised, values as text", async () => {
    const { api } = await tenantApi();
    const single = await api.post("/send", { to: "+966 50 123 4567", message: "hi {{n}}", variables: { n: 7 }, send_at: far });
    expect(single.body).toMatchObject({ success: true, to: "966501234567", status: "pending" });
    const bulk = await api.post("/send-bulk", {
      recipients: [
        { to: "0501234567", variables: { n: 1 } },
        { to: "966501234567", variables: { n: 2 } },
        { to: "0551234567", variables: { n: 3 } },
      ],
      message: "hi {{n}}",
    });
    expect(bulk.body).toMatchObject({ success: true, queued: 2 });
    expect(bulk.body.messages.map((m: { to: string }) => m.to)).toEqual(["966501234567", "966551234567"]);
    const texts = await server().app.deps.db.message.findMany({ where: { batchId: BigInt(bulk.body.batch_id) }, orderBy: { id: "asc" }, select: { body: true } });
    expect(texts.map((m) => m.body)).toEqual(["hi 1", "hi 3"]);
    const scheduled = await server().app.deps.db.message.findUniqueOrThrow({ where: { id: BigInt(single.body.message_id) }, select: { body: true, to: true } });
    expect(scheduled).toEqual({ body: "hi 7", to: "966501234567" });
  });
});
