import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type GraphTemplate, startGraphApi } from "./kit/graph-api.js";

// The Graph API stand-in itself (test/kit/graph-api.ts): auth errors, phone numbers, the WABA,
// webhook subscription, templates (paging, creation, review) and Embedded Signup's code exchange.

const TOKEN = "system-user-token";
const WABA_ID = "102290129340398";
const PHONE_ID = "106540352242922";

type GraphApi = Awaited<ReturnType<typeof startGraphApi>>;

const template = (name: string, status = "APPROVED"): GraphTemplate => ({
  id: `17${name.length}00000000000${name.length}`,
  name,
  language: "en_US",
  category: "UTILITY",
  status,
  components: [{ type: "BODY", text: `Hello from ${name}` }],
});

describe("Graph API stand-in", () => {
  let graph: GraphApi;
  const call = async (path: string, init: { method?: string; token?: string | null; body?: unknown } = {}) => {
    const headers: Record<string, string> = {};
    if (init.token !== null) headers.Authorization = `Bearer ${init.token ?? TOKEN}`;
    if (init.body !== undefined) headers["Content-Type"] = "application/json";
    const res = await fetch(path.startsWith("http") ? path : `${graph.url}${path}`, {
      method: init.method ?? "GET",
      headers,
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    return { status: res.status, body: await res.json() };
  };

  beforeEach(async () => {
    graph = await startGraphApi({ appId: "555000111", appSecret: "app-secret" });
    graph.addWaba(TOKEN, {
      id: WABA_ID,
      name: "Jaspers Market WABA",
      phoneNumbers: [
        {
          id: PHONE_ID,
          display_phone_number: "+1 555-555-5555",
          verified_name: "Jaspers Market",
          quality_rating: "GREEN",
          messaging_limit_tier: "TIER_1K",
          code_verification_status: "VERIFIED",
          name_status: "APPROVED",
        },
      ],
      templates: [template("order_ready"), template("order_late", "PENDING")],
    });
  });
  afterEach(() => graph.close());

  it("answers 401 with code 190 for an unknown token and 104 without one", async () => {
    const bad = await call(`/v21.0/${PHONE_ID}`, { token: "nope" });
    expect(bad.status).toBe(401);
    expect(bad.body.error).toMatchObject({ message: "Invalid OAuth access token", type: "OAuthException", code: 190, error_subcode: 463 });
    expect(bad.body.error.fbtrace_id).toEqual(expect.any(String));
    const none = await call(`/v21.0/${PHONE_ID}`, { token: null });
    expect(none.status).toBe(401);
    expect(none.body.error).toMatchObject({ message: "An access token is required to request this resource", type: "OAuthException", code: 104 });
  });

  it("reads a phone number: default fields, plus the asked ones; an unknown id is a 400 code 100", async () => {
    const plain = await call(`/v21.0/${PHONE_ID}`);
    expect(plain).toEqual({
      status: 200,
      body: { id: PHONE_ID, display_phone_number: "+1 555-555-5555", verified_name: "Jaspers Market", quality_rating: "GREEN" },
    });
    const asked = await call(`/v23.0/${PHONE_ID}?fields=name_status,code_verification_status`);
    expect(asked.body).toMatchObject({ id: PHONE_ID, name_status: "APPROVED", code_verification_status: "VERIFIED", quality_rating: "GREEN" });
    const unknown = await call("/v21.0/999");
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({ code: 100, error_subcode: 33, type: "GraphMethodException" });
    // A token that reaches another WABA only does not see this number.
    graph.addWaba("other-token", { id: "2", name: "Other", phoneNumbers: [] });
    expect((await call(`/v21.0/${PHONE_ID}`, { token: "other-token" })).status).toBe(400);
  });

  it("lists the WABA's phone numbers with messaging_limit_tier, and reads the WABA", async () => {
    const list = await call(`/v21.0/${WABA_ID}/phone_numbers`);
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      {
        id: PHONE_ID,
        display_phone_number: "+1 555-555-5555",
        verified_name: "Jaspers Market",
        quality_rating: "GREEN",
        code_verification_status: "VERIFIED",
        messaging_limit_tier: "TIER_1K",
      },
    ]);
    expect(list.body.paging.cursors).toEqual({ before: expect.any(String), after: expect.any(String) });
    const some = await call(`/v21.0/${WABA_ID}/phone_numbers?fields=messaging_limit_tier,quality_rating`);
    expect(some.body.data).toEqual([{ id: PHONE_ID, messaging_limit_tier: "TIER_1K", quality_rating: "GREEN" }]);
    expect(await call(`/v21.0/${WABA_ID}`)).toEqual({ status: 200, body: { id: WABA_ID, name: "Jaspers Market WABA" } });
  });

  it("subscribes the app to the WABA's webhooks, shows it, and unsubscribes", async () => {
    expect((await call(`/v21.0/${WABA_ID}/subscribed_apps`)).body).toEqual({ data: [] });
    expect(await call(`/v21.0/${WABA_ID}/subscribed_apps`, { method: "POST" })).toEqual({ status: 200, body: { success: true } });
    expect(graph.wabas.get(WABA_ID)?.subscribed).toBe(true);
    const shown = await call(`/v21.0/${WABA_ID}/subscribed_apps`);
    expect(shown.body.data).toEqual([{ whatsapp_business_api_data: { id: "555000111", name: expect.any(String), link: expect.any(String) } }]);
    expect((await call(`/v21.0/${WABA_ID}/subscribed_apps`, { method: "DELETE" })).body).toEqual({ success: true });
    expect((await call(`/v21.0/${WABA_ID}/subscribed_apps`)).body).toEqual({ data: [] });
  });

  it("pages the templates by cursor", async () => {
    const first = await call(`/v21.0/${WABA_ID}/message_templates?limit=1`);
    expect(first.body.data).toHaveLength(1);
    expect(first.body.data[0]).toMatchObject({ name: "order_ready", status: "APPROVED", language: "en_US", category: "UTILITY" });
    expect(first.body.paging.next).toEqual(expect.stringContaining(graph.url));
    const second = await call(`/v21.0/${WABA_ID}/message_templates?limit=1&after=${first.body.paging.cursors.after}`);
    expect(second.body.data.map((t: { name: string }) => t.name)).toEqual(["order_late"]);
    expect(second.body.paging.next).toBeUndefined();
    // Following `next` as given lands on the same second page.
    expect((await call(first.body.paging.next)).body.data).toEqual(second.body.data);
    const pending = await call(`/v21.0/${WABA_ID}/message_templates?status=PENDING&fields=name,status`);
    expect(pending.body.data).toEqual([{ id: expect.any(String), name: "order_late", status: "PENDING" }]);
  });

  it("takes a new template as PENDING, refuses a duplicate and a missing example, and plays the review", async () => {
    const submission = {
      name: "delivery_update",
      language: "en_US",
      category: "UTILITY",
      components: [{ type: "BODY", text: "Your order {{1}} arrives {{2}}.", example: { body_text: [["#123", "today"]] } }],
    };
    const created = await call(`/v21.0/${WABA_ID}/message_templates`, { method: "POST", body: submission });
    expect(created).toEqual({ status: 200, body: { id: expect.stringMatching(/^\d{16}$/), status: "PENDING", category: "UTILITY" } });
    const duplicate = await call(`/v21.0/${WABA_ID}/message_templates`, { method: "POST", body: submission });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.error).toMatchObject({ code: 100, error_subcode: 2388023, message: "Message template already exists" });
    const noExample = { ...submission, name: "no_example", components: [{ type: "BODY", text: "Hi {{1}}" }] };
    const missing = await call(`/v21.0/${WABA_ID}/message_templates`, { method: "POST", body: noExample });
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe(100);
    expect(missing.body.error.message).toContain("example.body_text");
    const reviewed = graph.review(WABA_ID, "delivery_update", "en_US", "REJECTED", "INVALID_FORMAT");
    expect(reviewed).toMatchObject({ id: created.body.id, status: "REJECTED", rejected_reason: "INVALID_FORMAT" });
    const listed = await call(`/v21.0/${WABA_ID}/message_templates?name=delivery_update`);
    expect(listed.body.data).toEqual([expect.objectContaining({ status: "REJECTED", rejected_reason: "INVALID_FORMAT" })]);
  });

  it("exchanges an Embedded Signup code once, for a token that then works", async () => {
    graph.addSignupCode("code-1", "business-token");
    const exchange = (secret: string) => call(`/v21.0/oauth/access_token?client_id=555000111&client_secret=${secret}&code=code-1`, { token: null });
    const wrong = await exchange("wrong");
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({ code: 100, type: "OAuthException" });
    expect(await exchange("app-secret")).toEqual({ status: 200, body: { access_token: "business-token", token_type: "bearer" } });
    const again = await exchange("app-secret");
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe(100);
    graph.addWaba("business-token", { id: WABA_ID, name: "ignored: already added", phoneNumbers: [] });
    expect((await call(`/v21.0/${WABA_ID}/subscribed_apps`, { method: "POST", token: "business-token" })).body).toEqual({ success: true });
  });

  it("answers unknown paths and injected failures with Graph errors", async () => {
    const unknown = await call(`/v21.0/${WABA_ID}/nothing_here`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({ code: 100, message: expect.stringContaining("Unknown path components") });
    graph.failNext(/message_templates/, 500);
    const failed = await call(`/v21.0/${WABA_ID}/message_templates`);
    expect(failed.status).toBe(500);
    expect(failed.body.error.code).toBe(1);
    expect((await call(`/v21.0/${WABA_ID}/message_templates`)).status).toBe(200);
    expect(graph.requests.at(-1)).toMatchObject({ method: "GET", path: `/v21.0/${WABA_ID}/message_templates` });
  });
});
