import { buildClientSchema, getIntrospectionQuery, parse, validate, Kind, OperationTypeNode, type IntrospectionQuery, type OperationDefinitionNode, type FieldNode } from "graphql";
import { afterAll, describe, expect, it } from "vitest";
import { startServer, useServer } from "./kit/server.js";
import { expectLocalAssets, rawGetStatus } from "./kit/assets.js";
import { startFakeProvider } from "./kit/fake-provider.js";
import type { Client } from "./kit/http.js";
import { startChatwoot } from "./kit/chatwoot.js";
import { startGraphApi } from "./kit/graph-api.js";
import { MANY_STEPS_MS } from "./kit/limits.js";
import { runAdminCommand } from "../src/features/admin/admin.js";

// Meta's Graph API, for the examples of a Cloud number's templates (test/kit/graph-api.ts).
const graph = await startGraphApi();
const CLOUD_TOKEN = "EAAG-graphiql-examples-token";
graph.addWaba(CLOUD_TOKEN, {
  id: "102290129340900",
  name: "Examples",
  phoneNumbers: [{ id: "106540352240900", display_phone_number: "966551239900", verified_name: "Examples", quality_rating: "GREEN", messaging_limit_tier: "TIER_1K" }],
});
afterAll(() => graph.close());

// A Chatwoot, for the example that connects one (test/kit/chatwoot.ts).
const chatwoot = await startChatwoot({ accountId: 1, inboxId: 7, token: "an-administrators-access-token" });
afterAll(() => chatwoot.close());

interface Tab {
  query: string;
  variables: string | null;
  headers: string;
}

// GraphiQL as a browser gets it: the page, its assets from this server, and the example tabs it
// opens with, checked against the schema the server reports and run against it.
describe("GraphiQL", () => {
  // The examples' media links and webhook receiver are on this machine, as docs/README.md starts
  // the server for them; the address checks themselves are covered in test/rich-messages.test.ts
  // and test/webhook-addresses.test.ts.
  const server = useServer({
    SIGNUP: "open",
    TRIAL_PLAN: "Trial",
    CONSOLE_URL: "https://console.gateway.test",
    MEDIA_ALLOW_PRIVATE_ADDRESSES: "true",
    WEBHOOK_ALLOW_PRIVATE_ADDRESSES: "true",
    WHATSAPP_CLOUD_BASE_URL: graph.url,
  });

  async function page() {
    const r = await fetch(`${server().url}/graphql`, { headers: { accept: "text/html" } });
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toContain("text/html");
    return r.text();
  }

  async function tabs(): Promise<Tab[]> {
    const html = await page();
    const json = /<script type="application\/json" id="graphiql-options">([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(json).toBeDefined();
    return (JSON.parse(json!) as { defaultTabs: Tab[] }).defaultTabs;
  }

  it("loads every script and style from this server, and nothing else", async () => {
    const refs = await expectLocalAssets(server().url, await page(), "/graphql/assets/");
    // The start script names Monaco's workers, also served here.
    const start = await (await fetch(`${server().url}${refs.find((r) => r.endsWith("/start.js"))!}`)).text();
    const workers = [...start.matchAll(/"(\/graphql\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    expect(workers).toHaveLength(3);
    for (const w of workers) expect((await fetch(`${server().url}${w}`)).status, w).toBe(200);
  });

  it("never puts an API key in the page, even the demo tenant's (anyone who reaches the server can load it)", async () => {
    const demo = await startServer({ SEED_DEMO: "true" });
    try {
      expect(demo.app.demoKey).toMatch(/^gw_/);
      const html = await (await fetch(`${demo.url}/graphql`, { headers: { accept: "text/html" } })).text();
      expect(html).toContain("graphiql-options");
      expect(html).not.toContain(demo.app.demoKey);
      expect(html).not.toMatch(/gw_[A-Za-z0-9]{8}_/);
      expect(html).toContain("Bearer \\u003cAPI_KEY>");
    } finally {
      await demo.close();
    }
  });

  it("serves only the listed files under its asset path", async () => {
    const css = /href="(\/graphql\/assets\/[^"]+\/)graphiql\.css"/.exec(await page())![1]!;
    expect((await fetch(`${server().url}${css}package.json`)).status).toBe(404);
    expect((await fetch(`${server().url}${css}monacoeditorwork/json.worker.bundle.js`)).status).toBe(404);
    // Sent as written, without the client resolving the dots first.
    const raw = await rawGetStatus(server().url, `${css}../../../../package.json`);
    expect(raw).toBe(404);
    const missing = await fetch(`${server().url}${css}nothing.js`);
    expect(await missing.json()).toEqual({ success: false, error: { code: "NOT_FOUND", message: expect.any(String) } });
  });

  it("opens with example operations covering every query, mutation and subscription, each valid, with a place for the key", async () => {
    const introspection = await server().client().request<{ data: IntrospectionQuery }>("POST", "/graphql", { query: getIntrospectionQuery() });
    const schema = buildClientSchema(introspection.body.data);
    const used = new Set<string>();
    const all = await tabs();
    expect(all.length).toBeGreaterThan(1);
    for (const tab of all) {
      expect(JSON.parse(tab.headers)).toEqual({ Authorization: expect.stringMatching(/^Bearer /) });
      const document = parse(tab.query);
      expect(validate(schema, document), tab.query).toEqual([]);
      for (const op of document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)) {
        for (const field of op.selectionSet.selections.filter((s): s is FieldNode => s.kind === Kind.FIELD)) used.add(`${op.operation} ${field.name.value}`);
      }
    }
    const roots = { query: schema.getQueryType(), mutation: schema.getMutationType(), subscription: schema.getSubscriptionType() };
    const everyRootField = Object.entries(roots).flatMap(([kind, type]) => Object.keys(type?.getFields() ?? {}).map((f) => `${kind} ${f}`));
    expect(everyRootField.length).toBeGreaterThan(10);
    expect(everyRootField.filter((f) => !used.has(f))).toEqual([]);
  });

  // Each named query and mutation of every tab, in order, with the tab's variables and the caller's
  // ids over them (what a reader puts in the Variables pane); an id an example answers (a webhook
  // endpoint, a template registration) is the one the examples after it in the tab take.
  async function runTabs(api: Client, ids: Record<string, unknown>): Promise<{ ran: string[]; scheduled: string[] }> {
    const captures: Record<string, (data: any) => Record<string, unknown>> = {
      CreateWebhookEndpoint: (d) => ({ endpointId: d.createWebhookEndpoint.endpoint.id }),
      RegisterWhatsAppTemplate: (d) => ({ templateId: d.registerWhatsAppTemplate.id }),
      Connect: (d) => ({ linkId: d.connectAccount.accountId }),
      InviteUser: (d) => ({ userId: d.inviteUser.user.id }),
      StartExport: (d) => ({ exportId: d.startExport.export.id }),
      CreateAutomationRule: (d) => ({ ruleId: d.createAutomationRule.rule.id }),
    };
    // What a reader waits for before the next example: a pairing code is asked for once the QR code shows.
    const waits: Record<string, (given: Record<string, unknown>) => Promise<unknown>> = {
      PairingCode: (given) =>
        expect.poll(async () => (await api.get(`/accounts/${String(given.linkId)}/connection`)).body.connection?.state, { timeout: 20_000 }).toBe("SCAN_QR_CODE"),
    };
    // What needs something from outside the API: a card token from the payment form, a card saved by
    // a checkout, an invoice of a payment, the token of a mailed link (test/billing.test.ts and
    // test/signup.test.ts run these with the Moyasar stand-in and a real SMTP server).
    const outside = new Set(["Checkout", "ChangePlan", "TopUp", "Invoice", "VerifyEmail"]);
    const ran: string[] = [];
    const scheduled: string[] = [];
    for (const tab of await tabs()) {
      const given = { ...(JSON.parse(tab.variables ?? "{}") as Record<string, unknown>), ...ids };
      for (const op of parse(tab.query).definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)) {
        const name = op.name!.value;
        if (op.operation === OperationTypeNode.SUBSCRIPTION || outside.has(name)) continue;
        await waits[name]?.(given);
        const variables = Object.fromEntries((op.variableDefinitions ?? []).map((v) => [v.variable.name.value, given[v.variable.name.value]]));
        const r = await api.request("POST", "/graphql", { query: tab.query, operationName: name, variables });
        expect(r.body.errors, `${name}: ${JSON.stringify(r.body.errors)}`).toBeUndefined();
        expect(r.status).toBe(200);
        Object.assign(given, captures[name]?.(r.body.data));
        if (name === "ScheduledPersonalisedBulk") scheduled.push(r.body.data.sendBulk.batchId);
        ran.push(name);
      }
    }
    return { ran, scheduled };
  }

  it("runs the example queries and mutations as written, in order and then again: none leaves behind what stops another", { timeout: MANY_STEPS_MS }, async () => {
    const t = await server().seed.tenant({ monthlyLimit: 1_000 }).account().create();
    // The plan sign-ups start on, as an operator makes it (docs/signup.md).
    await runAdminCommand(server().app.deps.db, "plan:create", { name: "Trial", monthlyLimit: 1000, maxAccounts: 1 });
    const api = server().client(t.key);
    const receiver = await startFakeProvider(() => ({ status: 200 }));
    try {
      // The caller's own: a failed message for the retry, a batch, a reply, a finished webhook delivery.
      const hook = await api.post("/webhooks", { url: `${receiver.url}/hook`, events: ["message.status"] });
      const failed = await api.post("/send", { to: "0500000001", message: "will fail" });
      const failedAgain = async () => (await api.get(`/messages/${failed.body.message_id}`)).body.status;
      await expect.poll(failedAgain).toBe("failed");
      const bulk = await api.post("/send-bulk", { numbers: ["0501230001"], message: "b" });
      await api.post("/send", { to: "0500000355", message: "a contact who answers" });
      const reply = async () => (await api.get("/inbound-messages")).body.inbound_messages[0]?.id;
      const delivery = async () => (await api.get(`/webhook-deliveries?status=delivered&webhook_id=${hook.body.webhook.id}`)).body.deliveries[0]?.id;
      await expect.poll(reply, { timeout: 20_000 }).toBeDefined();
      await expect.poll(delivery, { timeout: 20_000 }).toBeDefined();
      const ids = {
        id: String(failed.body.message_id),
        batchId: String(bulk.body.batch_id),
        after: null,
        accountId: t.accounts[0]!.id,
        inboundId: String(await reply()),
        deliveryId: String(await delivery()),
        // Connecting reads the inbox from Chatwoot: the Chatwoot stand-in's, at the token the example names.
        baseUrl: chatwoot.url,
      };

      // A Cloud API number too, whose business account the template examples sync from and submit to.
      const cloud = await api.post("/accounts", { name: "Cloud", phone_number_id: "106540352240900", waba_id: "102290129340900", access_token: CLOUD_TOKEN });
      expect(cloud.status).toBe(200);

      // A reader names each new template, and each person invited, anew.
      const first = await runTabs(api, { ...ids, templateName: "graphiql_example_first", email: "graphiql.first@example.com" });
      expect(first.ran).toEqual(
        expect.arrayContaining([
          "Balance",
          "SendMessage",
          "SendWithImage",
          "RetryMessage",
          "CreateWebhookEndpoint",
          "ReplayWebhookDelivery",
          "DeleteWebhookEndpoint",
          "SetSendWindow",
          "OptOutContacts",
          "OptInContacts",
          "DeleteWhatsAppTemplate",
          "WarmUp",
          "EndWarmUp",
          "Connect",
          "PairingCode",
          "Relink",
          "Remove",
          "SyncTemplates",
          "SubmitTemplate",
          "InviteUser",
          "ChangeRole",
          "PasswordLink",
          "DisableUser",
          "ConnectChatwoot",
          "ChatwootBridge",
          "RetryChatwootPosts",
          "DisconnectChatwoot",
          "CreateAutomationRule",
          "TryAutomationRules",
          "UpdateAutomationRule",
          "DeleteAutomationRule",
          "Plans",
          "Billing",
          "TopUpPacks",
          "Invoices",
          "SignUp",
          "ResendVerification",
        ]),
      );
      // The retried message has failed again by the time a reader would retry it a second time.
      await expect.poll(failedAgain).toBe("failed");
      const second = await runTabs(api, { ...ids, templateName: "graphiql_example_second", email: "graphiql.second@example.com" });
      expect(second.ran).toEqual(first.ran);
      // No example cancelled the scheduled campaigns of another (an opt-out of their number would have).
      for (const batchId of [...first.scheduled, ...second.scheduled]) {
        expect((await api.get(`/batches/${batchId}`)).body).toMatchObject({ state: "scheduled", counts: { pending: 2, cancelled: 0, opted_out: 0 } });
      }
    } finally {
      await receiver.close();
    }
  });
});
