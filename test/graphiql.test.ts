import { buildClientSchema, getIntrospectionQuery, parse, validate, Kind, OperationTypeNode, type IntrospectionQuery, type OperationDefinitionNode, type FieldNode } from "graphql";
import { describe, expect, it } from "vitest";
import { startServer, useServer } from "./kit/server.js";
import { expectLocalAssets, rawGetStatus } from "./kit/assets.js";

interface Tab {
  query: string;
  variables: string | null;
  headers: string;
}

// GraphiQL as a browser gets it: the page, its assets from this server, and the example tabs it
// opens with, checked against the schema the server reports and run against it.
describe("GraphiQL", () => {
  // The examples' media links name example.com, which cannot be resolved offline; the address
  // check itself is covered in test/rich-messages.test.ts.
  const server = useServer({ MEDIA_ALLOW_PRIVATE_ADDRESSES: "true" });

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

  it("runs the example queries and mutations as written, with the caller's ids", async () => {
    const t = await server().seed.tenant({ monthlyLimit: 1_000 }).account().create();
    const api = server().client(t.key);
    // A failed message for the retry example, a batch for the batch examples.
    const failed = await api.post("/send", { to: "0500000001", message: "will fail" });
    await expect.poll(async () => (await api.get(`/messages/${failed.body.message_id}`)).body.status).toBe("failed");
    const bulk = await api.post("/send-bulk", { numbers: ["0501230001"], message: "b" });
    const registered = await api.post("/whatsapp-templates", { name: "example_removed", language: "en", category: "utility" });
    const ids: Record<string, unknown> = { id: String(failed.body.message_id), batchId: String(bulk.body.batch_id), after: null, templateId: String(registered.body.whatsapp_template.id), accountId: t.accounts[0]!.id };

    const skipped = new Set(["ReplayWebhookDelivery", "DeleteWebhookEndpoint", "CreateWebhookEndpoint", "DisableWebhookEndpoint"]);
    const ran: string[] = [];
    for (const tab of await tabs()) {
      const document = parse(tab.query);
      for (const op of document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)) {
        const name = op.name!.value;
        if (op.operation === OperationTypeNode.SUBSCRIPTION || skipped.has(name)) continue;
        const wanted = Object.fromEntries((op.variableDefinitions ?? []).map((v) => [v.variable.name.value, ids[v.variable.name.value]]));
        const r = await api.request("POST", "/graphql", { query: tab.query, operationName: name, variables: wanted });
        expect(r.body.errors, `${name}: ${JSON.stringify(r.body.errors)}`).toBeUndefined();
        expect(r.status).toBe(200);
        ran.push(name);
      }
    }
    expect(ran).toEqual(expect.arrayContaining(["Balance", "Accounts", "SendMessage", "SendWithImage", "SendBulk", "RetryMessage", "Message", "RecentMessages", "Batch", "WebhookEndpoints", "WebhookDeliveries"]));
  });
});
