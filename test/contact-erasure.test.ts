import fs from "node:fs";
import { parse } from "graphql";
import { afterAll, describe, expect, it } from "vitest";
import { useServer } from "./kit/server.js";
import { startFakeProvider } from "./kit/fake-provider.js";
import { openApiChecker } from "./kit/openapi.js";
import { postWahaWebhook } from "./kit/provider-signing.js";
import { download, startExport, waitForExport } from "./kit/exports.js";
import { MANY_STEPS_MS } from "./kit/limits.js";

// Erasing a contact (docs/privacy.md), through the real interface: a contact with outbound texts,
// an image with its caption, rich content, a personalised bulk, a scheduled send, inbound text and
// media, webhook deliveries and an Idempotency-Key's answer. After POST /contacts/{number}/erase,
// a search of every text, JSON and text-array column of every table of the database (the tenant's
// rows where the table has a tenant) finds neither the number nor any of the texts; counts read
// the same, the scheduled send is cancelled, an opt-out survives as a keyed hash, another tenant's
// same number is untouched, and the audit chain still verifies.

const WAHA_KEY = "waha-hmac-key-erasure";
const server = useServer({ WAHA_WEBHOOK_HMAC_KEY: WAHA_KEY, WEBHOOK_ALLOW_PRIVATE_ADDRESSES: "true" });
const receiver = startFakeProvider(() => ({ status: 200 }));
afterAll(async () => (await receiver).close());

const PUBLIC = "https://93.184.216.34";
let serial = 0;
/** A fresh Saudi mobile, so tests never share rows. */
const freshNumber = () => `96659${String(Date.now() % 1_000_000).padStart(6, "0")}${serial++ % 10}`;

/** Every text the contact wrote or was sent, each written once in this test. */
const TEXTS = {
  text: "erasure-text-alpha",
  caption: "erasure-caption-beta",
  image: "erasure-image-gamma",
  place: "erasure-place-delta",
  card: "erasure-card-epsilon",
  variable: "erasure-name-zeta",
  inbound: "erasure-inbound-eta",
  inboundMedia: "erasure-inbound-theta",
  profile: "erasure-profile-iota",
  name: "erasure-name-kappa",
};

async function admin(command: string, args: Record<string, unknown>) {
  const r = await fetch(`${server().url}/admin/commands`, {
    method: "POST",
    headers: { authorization: `Bearer ${server().app.adminToken}`, "content-type": "application/json" },
    body: JSON.stringify({ command, args }),
  });
  return { status: r.status, body: (await r.json()) as { result?: Record<string, unknown>; error?: { code: string } } };
}

/** A WAHA inbound message (a text, or an image with its caption) from `from` to the tenant's session (logged in to its number), with our own texts. */
function wahaInbound(t: { session: string; accounts: Array<{ phoneNumber: string }> }, from: string, id: string, text: string, mediaName?: string) {
  const session = t.session;
  const [fixture, fixtureId, fixtureText] = mediaName
    ? ["waha-message-image", "3EB0B4F3A6E1C0D2A9F1", "This is the bouquet I meant"]
    : ["waha-message", "3EB0C431C26A1916E6E4", "Hello, are you open on Friday?"];
  const raw = fs
    .readFileSync(new URL(`./fixtures/providers/${fixture}.json`, import.meta.url), "utf8")
    .replaceAll("966501234567", from)
    .replaceAll("966550000001", t.accounts[0]!.phoneNumber)
    .replaceAll(fixtureId, id)
    .replaceAll('"session": "default"', `"session": "${session}"`)
    .replaceAll(fixtureText, text)
    .replaceAll('"Sara"', `"${TEXTS.profile}"`);
  const body = JSON.parse(raw) as { payload: { media?: Record<string, unknown> } };
  if (mediaName) body.payload.media!.url = `http://localhost:3000/api/files/${session}/${mediaName}.jpeg`;
  return JSON.stringify(body);
}

/** The columns of every table that can hold text: text, varchar, json, jsonb and text arrays. */
async function textColumns() {
  return server().app.deps.db.$queryRawUnsafe<Array<{ table: string; column: string; kind: string; tenanted: boolean }>>(`
    SELECT c.table_name AS table, c.column_name AS column, c.data_type AS kind,
      EXISTS (SELECT 1 FROM information_schema.columns t WHERE t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.column_name = 'tenant_id') AS tenanted
    FROM information_schema.columns c JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name AND tb.table_type = 'BASE TABLE'
    WHERE c.table_schema = current_schema() AND (c.data_type IN ('text', 'character varying', 'json', 'jsonb') OR (c.data_type = 'ARRAY' AND c.udt_name IN ('_text', '_varchar')))
    ORDER BY 1, 2`);
}

/**
 * Where in the database (the tenant's rows, where a table has a tenant) any of `needles` is found:
 * one statement a column, counting the rows that hold each needle.
 */
async function findAnywhere(tenantId: number, needles: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const c of await textColumns()) {
    const value = c.kind === "ARRAY" ? `array_to_string(t."${c.column}", ' ')` : `t."${c.column}"::text`;
    const scope = c.tenanted ? `t.tenant_id = ${tenantId} AND ` : "";
    const rows = await server().app.deps.db.$queryRawUnsafe<Array<{ needle: string; n: number }>>(
      `SELECT probe.needle, count(*)::int AS n FROM "${c.table}" t CROSS JOIN unnest($1::text[]) AS probe(needle)
       WHERE ${scope}strpos(${value}, probe.needle) > 0 GROUP BY probe.needle`,
      needles,
    );
    const counts = new Map(rows.map((r) => [r.needle, r.n]));
    for (const needle of needles) if (counts.has(needle)) found.push(`${c.table}.${c.column}: ${needle} (${counts.get(needle)})`);
  }
  return found;
}

/** How many of the tenant's stored webhook bodies hold any of `needles`. */
async function deliveriesNaming(tenantId: number, needles: string[]): Promise<number> {
  const [row] = await server().app.deps.db.$queryRawUnsafe<Array<{ n: number }>>(
    `SELECT count(*)::int AS n FROM webhook_delivery WHERE tenant_id = ${tenantId} AND EXISTS (SELECT 1 FROM unnest($1::text[]) AS needle WHERE strpos(payload::text, needle) > 0)`,
    needles,
  );
  return row!.n;
}

/** A tenant with one number that WAHA reaches under a session of this test's own. */
async function tenantWithSession() {
  const session = `erase${Date.now()}${serial++}`;
  const t = await server().seed.tenant().account().create();
  await server().app.deps.db.account.update({ where: { id: t.accounts[0]!.id }, data: { settings: { waha: { session } } } });
  return { ...t, session, api: server().client(t.key) };
}

describe("erasing a contact", () => {
  it("leaves nothing of the contact in any table, keeps the counts, cancels what was scheduled and keeps the audit chain whole", { timeout: MANY_STEPS_MS }, async () => {
    const check = await openApiChecker(server().url);
    const t = await tenantWithSession();
    const { api } = t;
    const other = await server().seed.tenant().account().create();
    const number = freshNumber();
    const local = `0${number.slice(3)}`;
    expect((await api.post("/webhooks", { url: `${(await receiver).url}/hook` })).status).toBe(200);
    expect((await api.put(`/contacts/${local}`, { name: TEXTS.name })).status).toBe(200);

    // What the tenant sent the contact, and what the contact wrote back.
    const keyed = await api.post("/send", { to: local, message: TEXTS.text }, { "Idempotency-Key": `order-${t.id}` });
    expect(keyed.body).toMatchObject({ success: true, to: number, status: "sent" });
    expect((await api.post("/send", { to: `+${number}`, message: TEXTS.caption, image_url: `${PUBLIC}/${TEXTS.image}.jpg` })).status).toBe(200);
    expect((await api.post("/send", { to: number, location: { latitude: 24.7, longitude: 46.6, name: TEXTS.place } })).status).toBe(200);
    expect((await api.post("/send", { to: number, contacts: [{ name: TEXTS.card, phones: [local] }] })).status).toBe(200);
    const bulk = await api.post("/send-bulk", {
      message: "Hello {{name}}",
      recipients: [
        { to: number, variables: { name: TEXTS.variable } },
        { to: "0501112233", variables: { name: "Omar" } },
      ],
    });
    expect(bulk.status).toBe(200);
    await expect.poll(async () => (await api.get(`/batches/${bulk.body.batch_id}`)).body.state, { timeout: 20_000 }).toBe("finished");
    const scheduled = await api.post("/send", { to: number, message: TEXTS.text, send_at: new Date(Date.now() + 86_400_000).toISOString() });
    expect(scheduled.body.status).toBe("pending");
    for (const [id, text, media] of [
      ["3EB0ERASE0001", TEXTS.inbound, undefined],
      ["3EB0ERASE0002", TEXTS.inboundMedia, TEXTS.inboundMedia],
    ] as const) {
      expect((await postWahaWebhook(server().url, wahaInbound(t, number, id, text, media), WAHA_KEY)).status).toBe(200);
    }
    // Another tenant knows the same number, under its own name.
    const theirs = await server().client(other.key).post("/send", { to: number, message: "their own text" });
    expect((await server().client(other.key).put(`/contacts/${number}`, { name: "Their name" })).status).toBe(200);

    const needles = [number, ...Object.values(TEXTS)];
    expect((await findAnywhere(t.id, needles)).length).toBeGreaterThan(needles.length);
    const balance = (await api.get("/balance")).body;
    const { messages: _listed, ...report } = (await api.get(`/batches/${bulk.body.batch_id}`)).body;
    // Every send above answered, the batch finished and both inbound webhooks were taken: no event
    // of the contact is still to come, so the deliveries naming it are known before the erasure.
    const naming = await deliveriesNaming(t.id, needles);

    const erased = check.conforms("POST", "/contacts/{number}/erase", await api.post(`/contacts/${local}/erase`, {}));
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    expect(erased.body).toMatchObject({
      success: true,
      messages: 6,
      inbound_messages: 2,
      contacts: 1,
      cancelled: 1,
      in_flight: 0,
      audit_events: 1,
      batches: 0,
      chatwoot_records: 0,
      suppression_kept: false,
    });
    // Those, and the cancelled scheduled send's own `message.failed`, queued with the number first.
    expect(erased.body.webhook_deliveries).toBe(naming + 1);
    expect(erased.body.idempotency_records).toBe(1);

    expect(await findAnywhere(t.id, needles)).toEqual([]);
    // Counts read the same; only the cancelled scheduled send gave its unit back.
    expect((await api.get("/balance")).body).toEqual({ ...balance, messages: { ...balance.messages, used: balance.messages.used - 1, remaining: balance.messages.remaining + 1 } });
    const { messages: listedAfter, ...reportAfter } = (await api.get(`/batches/${bulk.body.batch_id}`)).body;
    expect(reportAfter).toEqual(report);
    expect(listedAfter.map((m: { to: string }) => m.to).sort()).toEqual(["966501112233", "erased"]);
    const cancelled = check.conforms("GET", "/messages/{id}", await api.get(`/messages/${scheduled.body.message_id}`));
    expect(cancelled.body).toMatchObject({ to: "erased", status: "failed", error: "cancelled" });
    // Nothing reads it back: the contact, a search, the same keyed request (answered, not sent again).
    expect((await api.get(`/contacts/${number}`)).status).toBe(404);
    expect((await api.get(`/contacts?search=${number.slice(3)}`)).body.contacts).toEqual([]);
    const again = await api.post("/send", { to: local, message: TEXTS.text }, { "Idempotency-Key": `order-${t.id}` });
    expect(again.body).toEqual({ ...keyed.body, to: "erased" });
    expect((await api.post(`/messages/${keyed.body.message_id}/retry`, {})).status).toBe(422);
    // The erasure's own event and webhook name no number.
    const deliveries = (await api.get("/webhook-deliveries?limit=100")).body.deliveries as Array<{ event_type: string; payload: { data: Record<string, unknown> } }>;
    const event = deliveries.find((d) => d.event_type === "contact.erased");
    expect(event?.payload.data).toEqual({ erasure_id: erased.body.erasure_id, messages: 6, inbound_messages: 2, contacts: 1, cancelled: 1, suppression_kept: false });
    const verified = await admin("audit:verify", { tenant: t.id });
    expect(verified.body.result).toMatchObject({ ok: true, breaks: [] });
    // The one audit event that named the contact: its name saved by PUT /contacts.
    expect(verified.body.result!.erased).toBe(1);

    // The other tenant's contact and message are as they were.
    expect((await server().client(other.key).get(`/contacts/${number}`)).body.contact).toMatchObject({ phone: number, name: "Their name" });
    expect((await server().client(other.key).get(`/messages/${theirs.body.message_id}`)).body.to).toBe(number);
    // Once erased, there is nothing left to erase.
    expect((await api.post(`/contacts/${number}/erase`, {})).status).toBe(404);
    // A provider, webhooks, a scheduled batch and a search of every table's text: about 20 s alone,
    // more beside the whole suite on 2 cores.
  });

  it("keeps an opt-out as the number's keyed hash, over GraphQL and the admin command alike", async () => {
    const t = await tenantWithSession();
    const api = t.api;
    const [optedOut, suppressed] = [freshNumber(), freshNumber()];
    await api.post("/send", { to: optedOut, message: "before" });
    // The contact opts out with a stop word; the tenant suppresses the other number.
    expect((await postWahaWebhook(server().url, wahaInbound(t, optedOut, "3EB0ERASESTOP", "STOP"), WAHA_KEY)).status).toBe(200);
    expect((await api.post("/suppression-list", { numbers: [suppressed] })).body.opted_out).toBe(1);
    const skipped = await api.post("/send-bulk", { numbers: [optedOut, "0501112244"], message: "offer" });
    expect(skipped.body.skipped).toEqual([{ to: optedOut, reason: "opted_out" }]);

    const viaGraphql = await api.graphql(parse(`mutation { eraseContact(number: "+${optedOut}") { messages inboundMessages contacts batches suppressionKept } }`));
    expect(viaGraphql.data).toEqual({ eraseContact: { messages: 1, inboundMessages: 1, contacts: 1, batches: 1, suppressionKept: true } });
    const viaAdmin = await admin("contact:erase", { tenant: t.id, number: suppressed });
    expect(viaAdmin.body.result).toMatchObject({ tenant: t.id, contacts: 1, suppressionKept: true });
    expect(await findAnywhere(t.id, [optedOut, suppressed])).toEqual([]);

    // Still refused, single and bulk, with the reason it had; an opt-in ends it.
    const refused = await api.post("/send", { to: optedOut, message: "after" });
    expect([refused.status, refused.body.error.code]).toEqual([422, "RECIPIENT_OPTED_OUT"]);
    const bulk = await api.post("/send-bulk", { numbers: [optedOut, suppressed, "0501112255"], message: "offer" });
    expect(bulk.body.skipped).toEqual([
      { to: optedOut, reason: "opted_out" },
      { to: suppressed, reason: "suppressed" },
    ]);
    expect((await api.post("/contacts/opt-in", { numbers: [suppressed] })).body.opted_in).toBe(1);
    expect((await api.post("/send", { to: suppressed, message: "welcome back" })).body.status).toBe("sent");
    expect((await admin("audit:verify", { tenant: t.id })).body.result).toMatchObject({ ok: true, breaks: [] });
  });

  it("withdraws the tenant's finished exports, which may hold the contact, and keeps another tenant's", async () => {
    const t = await server().seed.tenant().account().create();
    const other = await server().seed.tenant().account().create();
    const number = freshNumber();
    const api = server().client(t.key);
    const theirApi = server().client(other.key);
    expect((await api.post("/send", { to: number, message: "in the file" })).status).toBe(200);
    expect((await theirApi.post("/send", { to: number, message: "theirs" })).status).toBe(200);
    const now = server().app.deps.clock.now().getTime();
    const range = { kind: "messages", format: "csv", from: new Date(now - 3_600_000).toISOString(), to: new Date(now + 3_600_000).toISOString() };
    const mine = await startExport(api, range);
    const theirs = await startExport(theirApi, range);
    for (const [client, job] of [
      [api, mine],
      [theirApi, theirs],
    ] as const) {
      expect((await waitForExport(client, job.id)).done.status).toBe("ready");
    }
    expect((await download(api, mine.id)).text).toContain(number);

    expect((await api.post(`/contacts/${number}/erase`, {})).status).toBe(200);
    expect((await api.get(`/exports/${mine.id}`)).body.status).toBe("expired");
    expect((await download(api, mine.id)).status).toBe(410);
    expect((await download(theirApi, theirs.id)).text).toContain(number);
  });

  it("refuses a number that is not one (422 naming it) and one the tenant holds nothing of (404), changing nothing", async () => {
    const t = await server().seed.tenant().account().create();
    const other = await server().seed.tenant().account().create();
    const number = freshNumber();
    const theirs = await server().client(other.key).post("/send", { to: number, message: "theirs" });
    const api = server().client(t.key);
    for (const bad of ["12", "not-a-number", "0" + "1".repeat(40)]) {
      const r = await api.post(`/contacts/${bad}/erase`, {});
      expect([r.status, r.body.error.code, r.body.error.fields]).toEqual([422, "VALIDATION_ERROR", { number: expect.any(String) }]);
    }
    const none = await api.post(`/contacts/${number}/erase`, {});
    expect([none.status, none.body.error.code]).toEqual([404, "NOT_FOUND"]);
    expect((await server().client(other.key).get(`/messages/${theirs.body.message_id}`)).body.to).toBe(number);
    const events = await server().app.deps.db.auditEvent.count({ where: { tenantId: t.id, action: "contact.erased" } });
    expect(events).toBe(0);
  });
});
