import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "./kit/server.js";
import { startGraphApi } from "./kit/graph-api.js";
import { postCloudWebhook } from "./kit/provider-signing.js";
import { waitFor } from "./kit/wait.js";

// Meta's messaging limit as the Graph API and webhooks give it now (docs/number-health.md,
// "Messaging tier"; test/kit/references/waha-sessions-and-graph.md, B.1 and B.4): from v24.0 a
// phone number's limit is `whatsapp_business_manager_messaging_limit`, the business portfolio's
// (the deprecated `messaging_limit_tier` is answered up to v23.0 only), and a portfolio's new
// limit arrives as `business_capability_update`, for every number of the business account.
// Against the Graph API stand-in (test/kit/graph-api.ts), the gateway on Graph v25.0.

const APP_SECRET = "messaging-limits-app-secret";
const TOKEN = "EAAG-messaging-limits-token";
const WABA = "102290129340411";
const [FIRST, SECOND] = ["106540352242911", "106540352242912"];

let graph: Awaited<ReturnType<typeof startGraphApi>>;
let server: TestServer;

beforeAll(async () => {
  graph = await startGraphApi({ appId: "100000000000511", appSecret: APP_SECRET });
  const number = (id: string, digits: string) => ({
    id,
    display_phone_number: digits,
    verified_name: "Limits Co",
    quality_rating: "GREEN" as const,
    // Meta's deprecated per-number field would say 1,000; the portfolio's limit is 2,000.
    messaging_limit_tier: "TIER_1K",
    whatsapp_business_manager_messaging_limit: "TIER_2K",
  });
  graph.addWaba(TOKEN, { id: WABA, name: "Limits WhatsApp", phoneNumbers: [number(FIRST, "966551238001"), number(SECOND, "966551238002")] });
  server = await startServer({
    WHATSAPP_CLOUD_BASE_URL: graph.url,
    WHATSAPP_CLOUD_API_VERSION: "v25.0",
    WHATSAPP_CLOUD_APP_SECRET: APP_SECRET,
    META_APP_ID: "100000000000511",
    SIMULATOR_LATENCY_MS: "0",
  });
});
afterAll(async () => {
  await server?.close();
  await graph?.close();
});

const connect = (api: ReturnType<TestServer["client"]>, phoneNumberId: string) =>
  api.post("/accounts", { channel: "whatsapp-cloud", name: `Cloud ${phoneNumberId.slice(-2)}`, phone_number_id: phoneNumberId, waba_id: WABA, access_token: TOKEN });

describe("the messaging limit of a Cloud API number", () => {
  it("is read from whatsapp_business_manager_messaging_limit on Graph v24.0 and later, asked of the phone number", async () => {
    const t = await server.seed.tenant({ maxAccounts: 3 }).create();
    const api = server.client(t.key);
    const created = await connect(api, FIRST);
    expect(created.status).toBe(200);
    expect(created.body.connection).toMatchObject({ phone_number: "966551238001", messaging_tier: 2000 });
    const asked = graph.requests.find((r) => r.method === "GET" && r.path.startsWith(`/v25.0/${FIRST}?`));
    expect(new URL(asked!.path, graph.url).searchParams.get("fields")?.split(",")).toContain("whatsapp_business_manager_messaging_limit");
  });

  it("follows the portfolio's business_capability_update for every number of the business account: a count, then -1 for unlimited", async () => {
    const t = await server.seed.tenant({ maxAccounts: 3 }).create();
    const api = server.client(t.key);
    expect((await connect(api, SECOND)).status).toBe(200);
    const tiers = async () => ((await api.get("/accounts")).body.accounts as Array<{ messaging_tier: number | null }>).map((a) => a.messaging_tier);
    expect(await tiers()).toEqual([2000]);
    // Meta's documented payload, word for word but for the business account's id and the limit.
    const capability = (value: Record<string, unknown>) =>
      JSON.stringify({ entry: [{ id: WABA, time: 1739321024, changes: [{ value, field: "business_capability_update" }] }], object: "whatsapp_business_account" });
    expect((await postCloudWebhook(server.url, capability({ max_daily_conversations_per_business: 10_000, max_phone_numbers_per_waba: 25 }), APP_SECRET)).status).toBe(200);
    await waitFor(tiers, (t) => t[0] === 10_000, 5_000);
    expect((await postCloudWebhook(server.url, capability({ max_daily_conversations_per_business: -1 }), APP_SECRET)).status).toBe(200);
    await waitFor(tiers, (t) => t[0] === null, 5_000);
  });
});
