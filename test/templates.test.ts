import { describe, expect, it, vi } from "vitest";
import { graphql } from "../src/gql/index.js";
import { useServer } from "./kit/server.js";
import type { Client } from "./kit/http.js";

// Message templates end to end: their CRUD over REST and GraphQL, tenant isolation, sends that
// name one, and deleting one that queued messages still use.

const server = useServer();

const CreateTemplate = graphql(`
  mutation TplCreate($input: CreateTemplateInput!) {
    createTemplate(input: $input) { template { id name text imageUrl variables createdAt updatedAt } }
  }
`);

const Templates = graphql(`
  query TplList {
    templates { name text variables }
  }
`);

const TemplateByName = graphql(`
  query TplOne($name: String!) {
    template(name: $name) { id name text imageUrl variables }
  }
`);

const MessageText = graphql(`
  query TplMessageText($id: ID!) {
    message(id: $id) { id status text }
  }
`);

const del = (api: Client, path: string) => api.request("DELETE", `/api/v1${path}`);

describe("message templates", () => {
  it("creates, lists, reads and updates templates over REST", async () => {
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);

    const created = await api.post("/templates", {
      name: "order_ready",
      message: "Hello {{name}}, order {{ order }} is ready. Thanks, {{name}}!",
      variables: ["order", "name"],
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      success: true,
      template: {
        id: expect.any(Number),
        name: "order_ready",
        message: "Hello {{name}}, order {{ order }} is ready. Thanks, {{name}}!",
        image_url: null,
        // The text's own order of first use, whatever order the caller listed them in.
        variables: ["name", "order"],
        created_at: expect.stringMatching(/\+03:00$/),
        updated_at: expect.stringMatching(/\+03:00$/),
      },
    });
    await api.post("/templates", { name: "a_plain", message: "No placeholders", image_url: "https://93.184.216.34/a.png" });
    const listed = await api.get("/templates");
    expect(listed.status).toBe(200);
    expect(listed.body.templates.map((x: { name: string }) => x.name)).toEqual(["a_plain", "order_ready"]);
    expect(listed.body.templates[1]).toEqual(created.body.template);

    const duplicate = await api.post("/templates", { name: "order_ready", message: "Another" });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error.code).toBe("TEMPLATE_EXISTS");

    const mismatch = await api.post("/templates", { name: "mismatch", message: "Hi {{name}} {{code}}", variables: ["name", "coupon"] });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.error).toMatchObject({ code: "VALIDATION_ERROR", fields: { variables: expect.stringMatching(/coupon.*\{\{code\}\}/) } });
    const badName = await api.post("/templates", { name: "Order Ready", message: "Hi" });
    expect(badName.status).toBe(422);
    expect(Object.keys(badName.body.error.fields)).toEqual(["name"]);
    expect((await api.get("/templates")).body.templates).toHaveLength(2);

    const read = await api.get("/templates/order_ready");
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ success: true, template: created.body.template });
    expect((await api.get("/templates/nope")).status).toBe(404);

    const updated = await api.put("/templates/order_ready", { message: "Hi {{first_name}}, {{order}} is ready.", variables: ["first_name", "order"] });
    expect(updated.status).toBe(200);
    expect(updated.body.template).toMatchObject({ id: created.body.template.id, message: "Hi {{first_name}}, {{order}} is ready.", variables: ["first_name", "order"] });
    expect(Date.parse(updated.body.template.updated_at)).toBeGreaterThanOrEqual(Date.parse(created.body.template.updated_at));
    expect(updated.body.template.created_at).toBe(created.body.template.created_at);

    // Variables listed alone are checked against the current text.
    const stale = await api.put("/templates/order_ready", { variables: ["name", "order"] });
    expect(stale.status).toBe(422);
    expect(Object.keys(stale.body.error.fields)).toEqual(["variables"]);

    // An image is added, kept when not mentioned, and removed with null.
    expect((await api.put("/templates/order_ready", { image_url: "https://93.184.216.34/i.png" })).body.template.image_url).toBe("https://93.184.216.34/i.png");
    expect((await api.put("/templates/order_ready", { message: "Hi {{first_name}}" })).body.template).toMatchObject({
      image_url: "https://93.184.216.34/i.png",
      variables: ["first_name"],
    });
    expect((await api.put("/templates/order_ready", { image_url: null })).body.template.image_url).toBeNull();
    expect((await api.put("/templates/nope", { message: "x" })).status).toBe(404);
    const unknownField = await api.put("/templates/order_ready", { text: "x" });
    expect(unknownField.status).toBe(422);
    expect(Object.keys(unknownField.body.error.fields)).toEqual(["text"]);
  });

  it("creates and reads templates over GraphQL", async () => {
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    const created = await api.graphql(CreateTemplate, { input: { name: "welcome", text: "Welcome {{name}}", imageUrl: "https://93.184.216.34/w.png" } });
    expect(created.errors).toBeUndefined();
    expect(created.data?.createTemplate.template).toMatchObject({ name: "welcome", text: "Welcome {{name}}", imageUrl: "https://93.184.216.34/w.png", variables: ["name"] });
    expect(created.data?.createTemplate.template.createdAt).toMatch(/\+03:00$/);

    expect((await api.graphql(Templates)).data?.templates).toEqual([{ name: "welcome", text: "Welcome {{name}}", variables: ["name"] }]);
    const one = await api.graphql(TemplateByName, { name: "welcome" });
    expect(one.data?.template).toMatchObject({ id: created.data?.createTemplate.template.id, name: "welcome" });

    const again = await api.graphql(CreateTemplate, { input: { name: "welcome", text: "Again" } });
    expect(again.status).toBe(409);
    expect(again.errors?.[0]?.extensions).toMatchObject({ code: "TEMPLATE_EXISTS" });
    const mismatch = await api.graphql(CreateTemplate, { input: { name: "other", text: "Hi {{name}}", variables: [] } });
    expect(mismatch.errors?.[0]?.extensions).toMatchObject({ code: "VALIDATION_ERROR", fields: { variables: expect.stringContaining("{{name}}") } });
    const missing = await api.graphql(TemplateByName, { name: "nope" });
    expect(missing.errors?.[0]?.extensions).toMatchObject({ code: "NOT_FOUND" });
  });

  it("holds the unique name and the cap under concurrent creations", async () => {
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    const racing = await Promise.all(Array.from({ length: 6 }, (_, i) => api.post("/templates", { name: "same", message: `Version ${i}` })));
    expect(racing.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect((await api.get("/templates")).body.templates).toHaveLength(1);

    // Up to the cap (rows written directly: 1000 requests would only make the test slow).
    await server().app.deps.db.template.createMany({ data: Array.from({ length: 998 }, (_, i) => ({ tenantId: t.id, name: `bulk_${i}`, body: "x" })) });
    const last = await Promise.all(["last_a", "last_b", "last_c"].map((name) => api.post("/templates", { name, message: "x" })));
    expect(last.map((r) => r.status).sort()).toEqual([200, 422, 422]);
    expect(last.find((r) => r.status === 422)?.body.error.fields).toEqual({ name: expect.stringContaining("at most 1000 templates") });
  });

  it("keeps each tenant's templates to itself", async () => {
    const owner = await server().seed.tenant().account().create();
    const other = await server().seed.tenant().account().create();
    const mine = server().client(owner.key);
    const theirs = server().client(other.key);
    expect((await mine.post("/templates", { name: "secret_offer", message: "Hi {{name}}" })).status).toBe(200);

    expect((await theirs.get("/templates")).body).toEqual({ templates: [] });
    for (const answer of [
      await theirs.get("/templates/secret_offer"),
      await theirs.put("/templates/secret_offer", { message: "Taken over" }),
      await del(theirs, "/templates/secret_offer?force=true"),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body.error).toEqual({ code: "NOT_FOUND", message: "Template not found." });
    }
    const unknown = await theirs.get("/templates/never_made");
    expect(unknown.body.error).toEqual({ code: "NOT_FOUND", message: "Template not found." });
    // Another tenant's name is free to use, and sending by it is refused.
    expect((await theirs.post("/templates", { name: "secret_offer", message: "Mine too" })).status).toBe(200);
    expect((await mine.get("/templates/secret_offer")).body.template.message).toBe("Hi {{name}}");
    const sendOther = await theirs.post("/send", { to: "0501234567", template: "never_made" });
    expect(sendOther.status).toBe(422);
    expect(Object.keys(sendOther.body.error.fields)).toEqual(["template"]);
  });

  it("sends a template with each recipient's variables", async () => {
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    await api.post("/templates", { name: "order_ready", message: "Hello {{name}}, your order is ready." });
    const channel = server().app.channel;
    const handed = vi.spyOn(channel, "send");
    try {
      const sent = await api.post("/send", { to: "0501234567", template: "order_ready", variables: { name: "Sara" } });
      expect(sent.status).toBe(200);
      expect(sent.body).toMatchObject({ success: true, status: "sent", to: "966501234567" });
      const id = sent.body.message_id as number;
      expect(channel.ledger.filter((e) => e.messageId === BigInt(id))).toHaveLength(1);
      // The ledger records deliveries, not texts: what the channel was handed says the text.
      const out = handed.mock.calls.map(([m]) => m).find((m) => m.id === BigInt(id));
      expect(out?.text).toBe("Hello Sara, your order is ready.");
      expect((await api.graphql(MessageText, { id: String(id) })).data?.message.text).toBe("Hello Sara, your order is ready.");

      const bulk = await api.post("/send-bulk", {
        template: "order_ready",
        recipients: [
          { to: "0501234561", variables: { name: "Ali" } },
          { to: "0501234562", variables: { name: "Mona" } },
        ],
      });
      expect(bulk.status).toBe(200);
      expect(bulk.body).toMatchObject({ success: true, queued: 2 });
      const texts = await Promise.all(
        (bulk.body.messages as Array<{ message_id: number }>).map(async (m) => (await api.graphql(MessageText, { id: String(m.message_id) })).data?.message.text),
      );
      expect(texts).toEqual(["Hello Ali, your order is ready.", "Hello Mona, your order is ready."]);
    } finally {
      handed.mockRestore();
    }

    const gap = await api.post("/send", { to: "0501234567", template: "order_ready", variables: { nom: "Sara" } });
    expect(gap.status).toBe(422);
    expect(gap.body.error).toMatchObject({ code: "VALIDATION_ERROR", fields: { "variables[name]": expect.stringContaining("{{name}}") } });
    const bulkGap = await api.post("/send-bulk", { template: "order_ready", recipients: [{ to: "0501234561", variables: { name: "Ali" } }, { to: "0501234562" }] });
    expect(bulkGap.status).toBe(422);
    expect(Object.keys(bulkGap.body.error.fields)).toEqual(["recipients[1][variables][name]"]);
  });

  it("refuses to delete a template queued messages use, unless forced; they keep their text", async () => {
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    await api.post("/templates", { name: "reminder", message: "Reminder for {{name}}" });
    const sendAt = new Date(Date.now() + 3600e3).toISOString();
    const scheduled = await api.post("/send", { to: "0501234567", template: "reminder", variables: { name: "Sara" }, send_at: sendAt });
    expect(scheduled.status).toBe(200);
    expect(scheduled.body.status).toBe("pending");
    const id = scheduled.body.message_id as number;

    const refused = await del(api, "/templates/reminder");
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: "TEMPLATE_IN_USE", message: expect.stringMatching(/^1 queued message uses it;.*force/) });
    expect((await del(api, "/templates/reminder?force=maybe")).status).toBe(422);
    expect((await api.get("/templates/reminder")).status).toBe(200);

    const deleted = await del(api, "/templates/reminder?force=true");
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ success: true, template: { name: "reminder", message: "Reminder for {{name}}", variables: ["name"] }, queued_messages: 1 });
    expect((await api.get("/templates/reminder")).status).toBe(404);
    expect((await api.get("/templates")).body.templates).toEqual([]);
    expect((await del(api, "/templates/reminder")).status).toBe(404);

    expect((await api.get(`/messages/${id}`)).body).toMatchObject({ id, status: "pending" });
    expect((await api.graphql(MessageText, { id: String(id) })).data?.message).toMatchObject({ status: "pending", text: "Reminder for Sara" });

    // One no queued message uses goes without force.
    await api.post("/templates", { name: "unused", message: "Hi" });
    const plain = await del(api, "/templates/unused");
    expect(plain.status).toBe(200);
    expect(plain.body.queued_messages).toBe(0);
  });
});
