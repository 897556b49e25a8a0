import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCOPES, type Scope } from "../src/core/auth/scopes.js";
import { schema } from "../src/app/schema.js";
import { startServer, type TestServer } from "./kit/server.js";
import { changedTables, storeDigest } from "./kit/store-digest.js";
import { rootOperations } from "./kit/scope-matrix.js";
import { startChatwoot, type ChatwootStandIn } from "./kit/chatwoot.js";
import { subscribeLive, wsClient } from "./kit/ws.js";
import { postWahaText } from "./kit/provider-signing.js";
import { waitFor } from "./kit/wait.js";
import type { SeededTenant } from "./kit/seed.js";
import { MANY_STEPS_MS } from "./kit/limits.js";
import { issueInvoice } from "../src/features/invoices/index.js";

// The scope matrix, generated from the published OpenAPI document and the GraphQL schema: for every
// REST operation and every GraphQL root field, a key holding every scope but the one it needs is
// refused with 403 INSUFFICIENT_SCOPE naming that scope, and nothing in the database changes; a
// key holding only that scope gets through (REST: the operation succeeds, with a request prepared
// for it below; GraphQL: no scope refusal, whatever the service then says of the sample input).

const WAHA_HMAC = "access-scopes-hmac";
let server: TestServer;
let tenant: SeededTenant;
let chatwoot: ChatwootStandIn;
const only = new Map<Scope, string>();
const lacking = new Map<Scope, string>();

async function makeKey(scopes: readonly Scope[], label: string): Promise<string> {
  const r = await server.client(tenant.key).post("/keys", { label, scopes });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.secret as string;
}

beforeAll(async () => {
  // No worker: nothing changes the database between a refused request and the check that it changed nothing.
  chatwoot = await startChatwoot({ accountId: 1, inboxId: 7, token: "agent-access-token" });
  server = await startServer({
    WAHA_WEBHOOK_HMAC_KEY: WAHA_HMAC,
    WORKER_ENABLED: "false",
    SIMULATOR_QR_ROTATE_MS: "600000",
    SIMULATOR_LINK_AFTER_QR_CODES: "0",
    CHATWOOT_PRIVATE_HOSTS: "127.0.0.1",
  });
  tenant = await server.seed.tenant({ monthlyLimit: 100_000 }).account().account().create();
  for (const scope of SCOPES) {
    only.set(scope, await makeKey([scope], `only ${scope}`));
    lacking.set(
      scope,
      await makeKey(
        SCOPES.filter((s) => s !== scope),
        `all but ${scope}`,
      ),
    );
  }
}, MANY_STEPS_MS);

afterAll(async () => {
  await server?.close();
  await chatwoot?.close();
});

interface Prepared {
  method: string;
  path: string;
  body?: unknown;
  /** The answer a key with only the scope gets, when it is not 200 (the operation's own refusal of a sample that cannot succeed here). */
  expect?: number;
}

const admin = () => server.client(tenant.key);
const db = () => server.app.deps.db;
let counter = 0;
const fresh = () => `0501${String(100_000 + ++counter).padStart(6, "0")}`;
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();

async function sentMessage(): Promise<number> {
  const r = await admin().post("/send", { to: fresh(), message: "matrix" });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.message_id as number;
}

async function scheduledBatch(): Promise<number> {
  const r = await admin().post("/send-bulk", { numbers: [fresh(), fresh()], message: "later", send_at: tomorrow() });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.batch_id as number;
}

async function webhook(): Promise<number> {
  const r = await admin().post("/webhooks", { url: "https://93.184.215.14/hooks/matrix" });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.webhook.id as number;
}

/** A number being linked, once its (simulated) session waits for a scan: it then stays so, and changes nothing behind a test's back. */
async function linking(): Promise<number> {
  const r = await admin().post("/accounts", { name: `Linking ${++counter}` });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const id = r.body.connection.account_id as number;
  await waitFor(
    async () => (await admin().get(`/accounts/${id}/connection`)).body.connection.state,
    (state) => state === "SCAN_QR_CODE",
    10_000,
  );
  return id;
}

async function template(): Promise<string> {
  const name = `matrix_${++counter}`;
  expect((await admin().post("/templates", { name, message: "Hello {{name}}" })).status).toBe(200);
  return name;
}

async function key(): Promise<number> {
  const r = await admin().post("/keys", { label: "target", scopes: ["keys:manage"] });
  return r.body.key.id as number;
}

/** A Chatwoot connection of the tenant's first number, to the Chatwoot stand-in (connecting reads its inbox). */
const chatwootSettings = () => ({
  base_url: chatwoot.url,
  chatwoot_account_id: 1,
  inbox_id: 7,
  access_token: "agent-access-token",
  account_ids: [tenant.accounts[0]!.id],
});

/** A staff user with the least of roles, invited by the tenant's key. */
async function viewer(): Promise<number> {
  const r = await admin().post("/users", { email: `matrix.${++counter}@example.com`, role: "viewer" });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.user.id as number;
}

/** Waits while a simulated session is still starting: it moves on its own, which is no change a request made. */
const linksSettled = () =>
  waitFor(
    () => db().numberLink.count({ where: { state: { in: ["CREATING", "STARTING"] } } }),
    (n) => n === 0,
    10_000,
  );

const exportBody = { kind: "messages", format: "csv", from: "2026-11-01T00:00:00+03:00", to: "2026-12-01T00:00:00+03:00" };
let madeExport: number | undefined;
/** One export of the tenant's, queued by its key (no worker runs here, so it stays queued). */
async function anExport(): Promise<number> {
  if (madeExport === undefined) {
    const r = await admin().post("/exports", exportBody);
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    madeExport = r.body.id as number;
  }
  return madeExport;
}

let madeInvoice: bigint | undefined;
/** One invoice the operator issued the tenant (an operator's manual one: no payment). */
async function anInvoice(): Promise<bigint> {
  madeInvoice ??= (
    await issueInvoice(db(), {
      tenantId: tenant.id,
      kind: "invoice",
      lines: [{ descriptionAr: "باقة", descriptionEn: "Plan", quantity: 1, unitHalalas: 100 }],
      payment: null,
      at: server.app.deps.clock.now(),
    })
  ).id;
  return madeInvoice;
}

let madeRule: number | undefined;
/** One automation rule of the tenant's; a fresh one each time when it is to be deleted. */
async function aRule(fresh = false): Promise<number> {
  const make = async () =>
    (await admin().post("/automation/rules", { name: `rule ${++counter}`, trigger: "fallback", action: "reply", message: "hi", enabled: false })).body.rule.id as number;
  if (fresh) return make();
  madeRule ??= await make();
  return madeRule;
}

/** A request that succeeds for a key with only the operation's scope, by operationId. */
const requests: Record<string, () => Prepared | Promise<Prepared>> = {
  sendMessage: () => ({ method: "POST", path: "/send", body: { to: fresh(), message: "hi" } }),
  sendBulk: () => ({ method: "POST", path: "/send-bulk", body: { numbers: [fresh()], message: "hi" } }),
  getMessage: async () => ({ method: "GET", path: `/messages/${await sentMessage()}` }),
  retryMessage: async () => {
    const failed = await admin().post("/send", { to: `9665000000${String(++counter).padStart(2, "0")}`, message: "fails" });
    return { method: "POST", path: `/messages/${failed.body.message_id}/retry` };
  },
  getBatch: async () => ({ method: "GET", path: `/batches/${await scheduledBatch()}` }),
  listAccounts: () => ({ method: "GET", path: "/accounts" }),
  connectAccount: () => ({ method: "POST", path: "/accounts", body: { name: `New ${++counter}` } }),
  getAccountHealth: () => ({ method: "GET", path: `/accounts/${tenant.accounts[0]!.id}/health` }),
  resumeAccount: async () => {
    const { id } = tenant.accounts[1]!;
    await db().account.update({ where: { id }, data: { status: "paused", statusReason: "manual" } });
    return { method: "POST", path: `/accounts/${id}/resume`, body: {} };
  },
  setWarmUp: () => ({ method: "PUT", path: `/accounts/${tenant.accounts[0]!.id}/warm-up`, body: { warming_up: false } }),
  getHealthThresholds: () => ({ method: "GET", path: "/health-thresholds" }),
  setHealthThresholds: () => ({ method: "PUT", path: "/health-thresholds", body: { min_sends: 50 } }),
  getBalance: () => ({ method: "GET", path: "/balance" }),
  getAccountConnection: async () => ({ method: "GET", path: `/accounts/${await linking()}/connection` }),
  requestPairingCode: async () => ({ method: "POST", path: `/accounts/${await linking()}/pairing-code`, body: { phone_number: "0551234000" } }),
  relinkAccount: async () => ({ method: "POST", path: `/accounts/${await linking()}/relink` }),
  removeAccount: async () => ({ method: "DELETE", path: `/accounts/${await linking()}` }),
  getAccountQr: async () => ({ method: "GET", path: `/accounts/${await linking()}/qr?format=raw` }),
  getSendWindow: () => ({ method: "GET", path: "/send-window" }),
  setSendWindow: () => ({ method: "PUT", path: "/send-window", body: { time_zone: "Asia/Riyadh", days: ["sun", "mon"], start: "09:00", end: "21:00" } }),
  deleteSendWindow: () => ({ method: "DELETE", path: "/send-window" }),
  cancelMessage: async () => {
    const r = await admin().post("/send", { to: fresh(), message: "later", send_at: tomorrow() });
    return { method: "POST", path: `/messages/${r.body.message_id}/cancel` };
  },
  cancelBatch: async () => ({ method: "POST", path: `/batches/${await scheduledBatch()}/cancel` }),
  listBatches: () => ({ method: "GET", path: "/batches" }),
  listWebhooks: () => ({ method: "GET", path: "/webhooks" }),
  createWebhook: () => ({ method: "POST", path: "/webhooks", body: { url: "https://93.184.215.14/hooks/new" } }),
  deleteWebhook: async () => ({ method: "DELETE", path: `/webhooks/${await webhook()}` }),
  enableWebhook: async () => ({ method: "POST", path: `/webhooks/${await webhook()}/enable` }),
  disableWebhook: async () => ({ method: "POST", path: `/webhooks/${await webhook()}/disable` }),
  listWebhookDeliveries: () => ({ method: "GET", path: "/webhook-deliveries" }),
  replayWebhookDelivery: async () => {
    const endpointId = await webhook();
    const d = await db().webhookDelivery.create({
      data: { endpointId, tenantId: tenant.id, eventId: `evt_${++counter}`, eventType: "message.status", payload: {}, status: "failed", attempts: 8 },
    });
    return { method: "POST", path: `/webhook-deliveries/${d.id}/replay` };
  },
  listTemplates: () => ({ method: "GET", path: "/templates" }),
  createTemplate: () => ({ method: "POST", path: "/templates", body: { name: `new_${++counter}`, message: "Hi {{name}}" } }),
  getTemplate: async () => ({ method: "GET", path: `/templates/${await template()}` }),
  updateTemplate: async () => ({ method: "PUT", path: `/templates/${await template()}`, body: { message: "Hello again {{name}}" } }),
  deleteTemplate: async () => ({ method: "DELETE", path: `/templates/${await template()}` }),
  // Submitting needs a WhatsApp Cloud number, which this tenant has not: the service's own refusal shows the scope let it through.
  submitWhatsAppTemplate: () => ({
    method: "POST",
    path: "/whatsapp-templates/submit",
    body: { name: "order_ready", language: "en", category: "UTILITY", body: "Your order {{1}} is ready.", body_examples: ["A-1"] },
    expect: 422,
  }),
  // As with submitting: no Cloud number, nothing to sync from, and the service says so.
  syncWhatsAppTemplates: () => ({ method: "POST", path: "/whatsapp-templates/sync", expect: 422 }),
  listWhatsAppTemplates: () => ({ method: "GET", path: "/whatsapp-templates" }),
  registerWhatsAppTemplate: () => ({ method: "POST", path: "/whatsapp-templates", body: { name: `wa_${++counter}`, language: "ar", category: "utility" } }),
  deleteWhatsAppTemplate: async () => {
    const r = await admin().post("/whatsapp-templates", { name: `wa_${++counter}`, language: "ar", category: "utility" });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return { method: "DELETE", path: `/whatsapp-templates/${r.body.whatsapp_template.id}` };
  },
  listContacts: () => ({ method: "GET", path: "/contacts" }),
  optOutContacts: () => ({ method: "POST", path: "/contacts/opt-out", body: { numbers: [fresh()] } }),
  optInContacts: () => ({ method: "POST", path: "/contacts/opt-in", body: { numbers: [fresh()] } }),
  importSuppressionList: () => ({ method: "POST", path: "/suppression-list", body: { numbers: [fresh()] } }),
  getContact: async () => {
    const to = fresh();
    expect((await admin().put(`/contacts/${to}`, { name: "Omar" })).status).toBe(200);
    return { method: "GET", path: `/contacts/${to}` };
  },
  setContactName: () => ({ method: "PUT", path: `/contacts/${fresh()}`, body: { name: "Sara" } }),
  eraseContact: async () => {
    const to = fresh();
    expect((await admin().put(`/contacts/${to}`, { name: "Omar" })).status).toBe(200);
    return { method: "POST", path: `/contacts/${to}/erase` };
  },
  getConsentSettings: () => ({ method: "GET", path: "/consent-settings" }),
  setConsentSettings: () => ({ method: "PUT", path: "/consent-settings", body: { use_default_stop_words: true } }),
  listInboundMessages: () => ({ method: "GET", path: "/inbound-messages" }),
  // No inbound message with media exists here (the simulator holds none): the service's 404 shows the scope let it through.
  getInboundMessageMedia: () => ({ method: "GET", path: "/inbound-messages/1/media", expect: 404 }),
  listKeys: () => ({ method: "GET", path: "/keys" }),
  createKey: () => ({ method: "POST", path: "/keys", body: { label: "made by a key with keys:manage only", scopes: ["keys:manage"] } }),
  revokeKey: async () => ({ method: "DELETE", path: `/keys/${await key()}` }),
  rotateKey: async () => ({ method: "POST", path: `/keys/${await key()}/rotate`, body: { overlap_seconds: 0 } }),
  // A key with users:manage alone gives no role and touches no user (every role has more scopes
  // than that): past the scope check, the service's own refusal names another scope, or the role.
  listUsers: () => ({ method: "GET", path: "/users" }),
  inviteUser: () => ({ method: "POST", path: "/users", body: { email: `invited.${++counter}@example.com`, role: "viewer" }, expect: 422 }),
  setUserRole: async () => ({ method: "PUT", path: `/users/${await viewer()}/role`, body: { role: "viewer" }, expect: 403 }),
  disableUser: async () => ({ method: "POST", path: `/users/${await viewer()}/disable`, expect: 403 }),
  enableUser: async () => ({ method: "POST", path: `/users/${await viewer()}/enable`, expect: 403 }),
  sendUserPasswordLink: async () => ({ method: "POST", path: `/users/${await viewer()}/password-link`, expect: 403 }),
  getChatwootBridge: async () => {
    expect((await admin().put("/chatwoot", chatwootSettings())).status).toBe(200);
    return { method: "GET", path: "/chatwoot" };
  },
  connectChatwoot: () => ({ method: "PUT", path: "/chatwoot", body: chatwootSettings() }),
  disconnectChatwoot: async () => {
    expect((await admin().put("/chatwoot", chatwootSettings())).status).toBe(200);
    return { method: "DELETE", path: "/chatwoot" };
  },
  retryChatwootPosts: async () => {
    expect((await admin().put("/chatwoot", chatwootSettings())).status).toBe(200);
    return { method: "POST", path: "/chatwoot/failed-posts/retry", body: {} };
  },
  listAuditEvents: () => ({ method: "GET", path: "/audit-events" }),
  exportAuditEvents: () => ({ method: "GET", path: "/audit-events/export" }),
  startExport: () => ({ method: "POST", path: "/exports", body: exportBody, expect: 202 }),
  listExports: () => ({ method: "GET", path: "/exports" }),
  getExport: async () => ({ method: "GET", path: `/exports/${await anExport()}` }),
  // Past the scope, a queued export's file is not ready yet.
  downloadExport: async () => ({ method: "GET", path: `/exports/${await anExport()}/download`, expect: 409 }),
  getBilling: () => ({ method: "GET", path: "/billing" }),
  // Past the scope, billing refuses, changing nothing: this server has no payment provider set up
  // (404), and neither a paid subscription nor a saved card to change or top up (422).
  checkout: () => ({ method: "POST", path: "/billing/checkout", body: { plan: "no-such-plan", interval: "month", token: "token_x" }, expect: 404 }),
  changePlan: () => ({ method: "POST", path: "/billing/change-plan", body: { plan: "no-such-plan" }, expect: 422 }),
  topUp: () => ({ method: "POST", path: "/billing/top-up", body: { pack: 1 }, expect: 422 }),
  listInvoices: () => ({ method: "GET", path: "/invoices" }),
  getInvoice: async () => ({ method: "GET", path: `/invoices/${await anInvoice()}` }),
  downloadInvoicePdf: async () => ({ method: "GET", path: `/invoices/${await anInvoice()}/pdf?lang=ar` }),
  listAutomationRules: () => ({ method: "GET", path: "/automation/rules" }),
  createAutomationRule: () => ({
    method: "POST",
    path: "/automation/rules",
    body: { name: `rule ${++counter}`, trigger: "keyword", keyword: `word${counter}`, action: "reply", message: "hi" },
  }),
  testAutomationRules: () => ({ method: "POST", path: "/automation/rules/test", body: { message: "hello" } }),
  getAutomationRule: async () => ({ method: "GET", path: `/automation/rules/${await aRule()}` }),
  updateAutomationRule: async () => ({ method: "PUT", path: `/automation/rules/${await aRule()}`, body: { cooldown_seconds: 60 } }),
  deleteAutomationRule: async () => ({ method: "DELETE", path: `/automation/rules/${await aRule(true)}` }),
};

/** What needs no key at all: the plans on sale (docs/billing.md), a business signing up and following its address's link (docs/signup.md). */
const PUBLIC = new Set(["plans", "signUp", "verifyEmail"]);

interface OpenApiOperation {
  operationId: string;
  "x-required-scopes": Scope[];
  security: Record<string, string[]>[];
}

describe("every REST operation needs its one scope", async () => {
  const started = await startServer({ WORKER_ENABLED: "false" });
  const doc = (await started.client().get("/openapi.json")).body as { paths: Record<string, Record<string, OpenApiOperation>> };
  await started.close();
  const all = Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method: method.toUpperCase(), op })));
  const operations = all.filter(({ op }) => !PUBLIC.has(op.operationId));

  it("the document names no scope exactly for the public operations", () => {
    expect(
      all
        .filter(({ op }) => (op["x-required-scopes"] ?? []).length === 0)
        .map(({ op }) => op.operationId)
        .sort(),
    ).toEqual([...PUBLIC].sort());
  });

  it("the document names one scope per operation, and this test has a request for each", () => {
    for (const { path, method, op } of operations) {
      expect(op["x-required-scopes"], `${method} ${path}`).toHaveLength(1);
      expect(
        op.security.every((s) => Object.values(s)[0]!.join() === op["x-required-scopes"].join()),
        `${method} ${path}`,
      ).toBe(true);
      expect(requests[op.operationId], `a prepared request for ${op.operationId}`).toBeDefined();
    }
  });

  for (const { path, method, op } of operations) {
    const scope = op["x-required-scopes"][0]!;
    it(`${method} ${path} needs ${scope}`, async () => {
      const prepared = await requests[op.operationId]!();
      expect(prepared.method).toBe(method);
      await linksSettled();
      const before = await storeDigest(server);
      const refused = await server.client(lacking.get(scope)).request(prepared.method, `/api/v1${prepared.path}`, prepared.body);
      expect(refused.status, JSON.stringify(refused.body)).toBe(403);
      expect(refused.body).toMatchObject({ success: false, error: { code: "INSUFFICIENT_SCOPE" }, scope });
      expect(refused.body.error.message).toContain(scope);
      expect(changedTables(before, await storeDigest(server))).toEqual([]);

      const allowed = await server.client(only.get(scope)).request(prepared.method, `/api/v1${prepared.path}`, prepared.body);
      expect(allowed.status, JSON.stringify(allowed.body)).toBe(prepared.expect ?? 200);
      if (allowed.status === 403) expect(allowed.body.scope, JSON.stringify(allowed.body)).not.toBe(scope);
    });
  }
});

/** Fields that change a staff user, whose sample (user 1, a viewer) has more scopes than a key with users:manage alone. */
const USER_CHANGES = new Set(["setUserRole", "setUserDisabled", "sendUserPasswordLink"]);

describe("every GraphQL root field needs its one scope", () => {
  const every = rootOperations(schema, { id: "1", accountId: 1 });
  const ops = every.filter((o) => !PUBLIC.has(o.field));

  it("every root field states one scope, but the public ones", () => {
    expect(
      every
        .filter((o) => !o.scope)
        .map((o) => o.field)
        .sort(),
    ).toEqual([...PUBLIC].sort());
  });

  for (const op of ops.filter((o) => o.type !== "subscription")) {
    it(`${op.type} ${op.field} needs ${op.scope}`, async () => {
      const scope = op.scope as Scope;
      // A key may only revoke or rotate a key within its own powers: the sample is one made with keys:manage alone.
      const variables = op.field === "revokeApiKey" || op.field === "rotateApiKey" ? { ...op.variables, id: String(await key()) } : op.variables;
      const post = (key: string) => server.client(key).request("POST", "/graphql", { query: op.query, variables }, { accept: "application/graphql-response+json" });
      await linksSettled();
      const before = await storeDigest(server);
      const refused = await post(lacking.get(scope)!);
      expect(refused.body.errors?.[0]?.extensions, JSON.stringify(refused.body)).toMatchObject({ code: "INSUFFICIENT_SCOPE", scope });
      expect(refused.status).toBe(403);
      expect(changedTables(before, await storeDigest(server))).toEqual([]);
      const allowed = await post(only.get(scope)!);
      const errors = (allowed.body.errors ?? []) as { extensions?: { code?: string; scope?: string } }[];
      // Past the field's scope, changing a user needs the user's role's scopes too (REST above says so): only the field's own scope must not be the refusal.
      const refusals = USER_CHANGES.has(op.field) ? errors.filter((e) => e.extensions?.scope === scope) : errors;
      expect(
        refusals.map((e) => e.extensions?.code),
        JSON.stringify(allowed.body),
      ).not.toContain("INSUFFICIENT_SCOPE");
    });
  }

  /** Something the tenant does that each subscription hears, when the sample does not answer at once. */
  let warming = false;
  const provocations: Record<string, () => Promise<unknown>> = {
    messageEvents: () => admin().post("/send-bulk", { numbers: [fresh()], message: "heard" }),
    accountStatusChanges: () => admin().put(`/accounts/${tenant.accounts[1]!.id}/warm-up`, { warming_up: (warming = !warming) }),
    inboundMessages: async () => {
      const { id, phoneNumber } = tenant.accounts[1]!;
      await server.app.deps.db.account.update({ where: { id }, data: { settings: { waha: { session: "scopes" } } } });
      return postWahaText(server.url, WAHA_HMAC, "scopes", phoneNumber, `966${fresh().slice(1)}`, "heard");
    },
  };
  afterAll(async () => {
    if (warming) await admin().put(`/accounts/${tenant.accounts[1]!.id}/warm-up`, { warming_up: false });
  });

  for (const op of ops.filter((o) => o.type === "subscription")) {
    it(`subscription ${op.field} needs ${op.scope} when it starts`, async () => {
      const scope = op.scope as Scope;
      const refusedWs = wsClient(server.url, { connectionParams: { apiKey: lacking.get(scope) } });
      const refused = refusedWs.subscribe(op.query, op.variables);
      await refused.done;
      expect(refused.errors[0]?.extensions, JSON.stringify(refused.errors)).toMatchObject({ code: "INSUFFICIENT_SCOPE", scope });
      await refusedWs.client.dispose();

      // Let through, it either hears an event or ends with the service's own answer to the sample.
      const allowedWs = wsClient(server.url, { connectionParams: { apiKey: only.get(scope) } });
      const allowed = allowedWs.subscribe(op.query, op.variables);
      const outcome = await subscribeLive(allowed, provocations[op.field] ?? (() => Promise.resolve()));
      allowed.stop();
      if (outcome === "refused") expect(allowed.errors.map((e) => e.extensions?.code)).not.toContain("INSUFFICIENT_SCOPE");
      else expect(allowed.errors).toEqual([]);
      await allowedWs.client.dispose();
    });
  }
});
