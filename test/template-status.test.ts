import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "./kit/server.js";
import { startFakeProvider } from "./kit/fake-provider.js";
import { WINDOW_APP_SECRET } from "./kit/customer-window.js";
import { postCloudWebhook } from "./kit/provider-signing.js";

// Meta's review of a registered WhatsApp template, end to end: its signed webhooks
// (message_template_status_update, message_template_quality_update, as Meta's webhooks reference
// gives them: test/kit/references/waha-sessions-and-graph.md, B.4) keep the registration's status
// and quality, for the tenants with a number in that business account only; a template that is
// not approved is refused before anything is charged, and sent again once Meta approves it.

let provider: Awaited<ReturnType<typeof startFakeProvider>>;
let server: TestServer;
let serial = 0;

beforeAll(async () => {
  provider = await startFakeProvider(() => ({ status: 200, body: { messages: [{ id: `wamid.TPL${++serial}` }] } }));
  server = await startServer({ WHATSAPP_CLOUD_BASE_URL: provider.url, WHATSAPP_CLOUD_APP_SECRET: WINDOW_APP_SECRET, SIMULATOR_LATENCY_MS: "0" });
});
afterAll(async () => {
  await server?.close();
  await provider?.close();
});

let numberSerial = 0;
const recipient = () => `9665${String(80_000_000 + process.pid * 1000 + ++numberSerial).slice(-8)}`;

async function cloudTenant(wabaId: string) {
  const t = await server.seed
    .tenant()
    .account({ cloud: { phoneNumberId: `pn-tpl-${++numberSerial}`, wabaId } })
    .create();
  const api = server.client(t.key);
  expect((await api.post("/whatsapp-templates", { name: "order_update", language: "en_US", category: "utility", body_parameters: 1 })).status).toBe(200);
  return { ...t, api };
}

/** Meta's signed webhook about `wabaId`'s templates; the gateway's answer. */
async function metaSays(wabaId: string, field: string, value: Record<string, unknown>) {
  const raw = JSON.stringify({ object: "whatsapp_business_account", entry: [{ id: wabaId, time: 1_764_000_000, changes: [{ field, value }] }] });
  const r = await postCloudWebhook(server.url, raw, WINDOW_APP_SECRET);
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
}

const statusUpdate = (event: string, extra: Record<string, unknown> = {}) => ({
  event,
  message_template_id: 594425479261596,
  message_template_name: "order_update",
  message_template_language: "en-US",
  reason: "NONE",
  ...extra,
});

const registrationOf = async (api: Awaited<ReturnType<typeof cloudTenant>>["api"]) => (await api.get("/whatsapp-templates")).body.whatsapp_templates[0];

describe("Meta's review of a registered template", () => {
  it("a paused template is refused before charging, naming why; approved again, it is sent", async () => {
    const t = await cloudTenant("102290129340398");
    const other = await cloudTenant("102290129340399");
    expect(await registrationOf(t.api)).toMatchObject({ status: "APPROVED", status_reason: null, quality: null });
    const send = () => t.api.post("/send", { to: recipient(), whatsapp_template: { name: "order_update", language: "en_US", body: ["A17"] } });
    expect((await send()).body).toMatchObject({ success: true, status: "sent" });

    const paused = await metaSays(
      "102290129340398",
      "message_template_status_update",
      statusUpdate("PAUSED", { other_info: { title: "FIRST_PAUSE", description: "Paused for 3 hours: low quality" } }),
    );
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ templates: 1 });
    expect(await registrationOf(t.api)).toMatchObject({ status: "PAUSED", status_reason: "Paused for 3 hours: low quality" });
    const used = (await t.api.get("/balance")).body.messages.used;
    const refused = await send();
    expect(refused.status).toBe(422);
    expect(refused.body.error.fields["whatsapp_template[name]"]).toBe("is PAUSED in Meta's review (Paused for 3 hours: low quality): only an approved template is sent");
    expect((await t.api.get("/balance")).body.messages.used).toBe(used);
    // Another business account's tenant keeps its own registration as it was.
    expect(await registrationOf(other.api)).toMatchObject({ status: "APPROVED" });
    expect((await other.api.post("/send", { to: recipient(), whatsapp_template: { name: "order_update", language: "en_US", body: ["B2"] } })).body.status).toBe("sent");

    expect((await metaSays("102290129340398", "message_template_status_update", statusUpdate("REINSTATED"))).status).toBe(200);
    expect(await registrationOf(t.api)).toMatchObject({ status: "APPROVED", status_reason: null });
    expect((await send()).body).toMatchObject({ success: true, status: "sent" });
  });

  it("keeps Meta's quality score, and a rejection's reason over GraphQL too", async () => {
    const t = await cloudTenant("102290129340400");
    const quality = await metaSays("102290129340400", "message_template_quality_update", {
      previous_quality_score: "GREEN",
      new_quality_score: "YELLOW",
      message_template_id: 1,
      message_template_name: "order_update",
      message_template_language: "en_US",
    });
    expect(quality.body).toMatchObject({ templates: 1 });
    expect(await registrationOf(t.api)).toMatchObject({ status: "APPROVED", quality: "YELLOW" });
    await metaSays("102290129340400", "message_template_status_update", statusUpdate("REJECTED", { reason: "INCORRECT_CATEGORY" }));
    const gql = await fetch(`${server.url}/graphql`, {
      method: "POST",
      headers: { authorization: `Bearer ${t.key}`, "content-type": "application/json" },
      body: JSON.stringify({ query: "{ whatsappTemplates { name status statusReason quality } }" }),
    });
    expect(((await gql.json()) as { data: unknown }).data).toEqual({
      whatsappTemplates: [{ name: "order_update", status: "REJECTED", statusReason: "INCORRECT_CATEGORY", quality: "YELLOW" }],
    });
    // A template name this tenant never registered, and an event that is no template's state, change nothing.
    expect((await metaSays("102290129340400", "message_template_status_update", { ...statusUpdate("APPROVED"), message_template_name: "unknown" })).body).toMatchObject({
      templates: 0,
    });
    expect((await metaSays("102290129340400", "message_template_status_update", statusUpdate("LIMIT_EXCEEDED"))).body).toMatchObject({ templates: 0 });
    expect(await registrationOf(t.api)).toMatchObject({ status: "REJECTED" });
  });
});
