import { describe, expect, it } from "vitest";
import { onPostgres, useServer } from "./kit/server.js";

// Idempotency-Key on POST /send, /send-bulk and /messages/{id}/retry, and `idempotencyKey` on the
// GraphQL mutations: the same key and request within 24 hours get the first answer, sent once.
const server = useServer();

const withKey = (key: string) => ({ "idempotency-key": key });
const messagesOf = (tenantId: number) => server().app.deps.db.message.count({ where: { tenantId } });
const deliveriesOf = (id: number) => server().app.channel.ledger.filter((e) => e.messageId === BigInt(id)).length;

describe("Idempotency-Key", () => {
  it("answers a repeated send with the first answer and sends nothing again", async () => {
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    const body = { to: "0501234567", message: "code 5531" };
    const first = await api.request("POST", "/api/v1/send", body, withKey("order-1001"));
    const again = await api.request("POST", "/api/v1/send", body, withKey("order-1001"));
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await messagesOf(t.id)).toBe(1);
    expect(deliveriesOf(first.body.message_id)).toBe(1);
    // Another key is another request.
    const other = await api.request("POST", "/api/v1/send", body, withKey("order-1002"));
    expect(other.body.message_id).not.toBe(first.body.message_id);
  });

  it("refuses the same key with a different request, changing nothing", async () => {
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    await api.request("POST", "/api/v1/send", { to: "0501234567", message: "a" }, withKey("k-1"));
    const reused = await api.request("POST", "/api/v1/send", { to: "0501234567", message: "b" }, withKey("k-1"));
    expect(reused.status).toBe(422);
    expect(reused.body.error.code).toBe("IDEMPOTENCY_KEY_REUSED");
    const otherRoute = await api.request("POST", "/api/v1/send-bulk", { numbers: ["0501234567"], message: "a" }, withKey("k-1"));
    expect(otherRoute.body.error.code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(await messagesOf(t.id)).toBe(1);
  });

  it("keeps nothing for a request refused before anything exists, so it can be fixed and retried under its key", async () => {
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    const bad = await api.request("POST", "/api/v1/send", { to: "12", message: "x" }, withKey("fix-me"));
    expect(bad.status).toBe(422);
    const fixed = await api.request("POST", "/api/v1/send", { to: "0501234567", message: "x" }, withKey("fix-me"));
    expect(fixed.status).toBe(200);
  });

  it("keeps a channel failure: the retry under the key gets the same 502 and the same failed message", async () => {
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    const body = { to: "0500000001", message: "x" };
    const first = await api.request("POST", "/api/v1/send", body, withKey("fails"));
    const again = await api.request("POST", "/api/v1/send", body, withKey("fails"));
    expect(first.status).toBe(502);
    expect(again.status).toBe(502);
    expect(again.body).toEqual(first.body);
    expect(await messagesOf(t.id)).toBe(1);
  });

  it("queues a repeated bulk request once, and retries a failed message once", async () => {
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    const body = { numbers: ["0501110001", "0501110002", "0501110003"], message: "sale" };
    const first = await api.request("POST", "/api/v1/send-bulk", body, withKey("bulk-7"));
    const again = await api.request("POST", "/api/v1/send-bulk", body, withKey("bulk-7"));
    expect(again.body).toEqual(first.body);
    expect(await messagesOf(t.id)).toBe(3);

    const failed = await api.post("/send", { to: "0500000001", message: "x" });
    const retry = () => api.request("POST", `/api/v1/messages/${failed.body.message_id}/retry`, undefined, withKey("retry-1"));
    const r1 = await retry();
    const r2 = await retry();
    expect(r1.status).toBe(200);
    expect(r2.body).toEqual(r1.body);
    const row = await server().app.deps.db.message.findUniqueOrThrow({ where: { id: BigInt(failed.body.message_id) } });
    expect(row.attempts).toBeLessThanOrEqual(2);
  });

  it("takes idempotencyKey on the GraphQL mutations, keys are per tenant, and expire after 24 hours", async () => {
    const t = await server().seed.tenant().account().create();
    const other = await server().seed.tenant().account().create();
    const mutation = `mutation ($input: SendMessageInput!) { sendMessage(input: $input) { message { id } } }`;
    const send = (key: string) =>
      server()
        .client(key)
        .request("POST", "/graphql", { query: mutation, variables: { input: { to: "0501234567", text: "hi", idempotencyKey: "gql-1" } } });
    const a = await send(t.key);
    const b = await send(t.key);
    expect(b.body.data.sendMessage.message.id).toBe(a.body.data.sendMessage.message.id);
    const c = await send(other.key);
    expect(c.body.data.sendMessage.message.id).not.toBe(a.body.data.sendMessage.message.id);

    await server().app.deps.db.$executeRaw`UPDATE idempotency_key SET created_at = now() - interval '25 hours' WHERE tenant_id = ${t.id}`;
    const later = await send(t.key);
    expect(later.body.data.sendMessage.message.id).not.toBe(a.body.data.sendMessage.message.id);
    expect(await messagesOf(t.id)).toBe(2);
  });

  it("refuses a malformed key", async () => {
    const t = await server().seed.tenant().account().create();
    const r = await server()
      .client(t.key)
      .request("POST", "/api/v1/send", { to: "0501234567", message: "x" }, withKey("x".repeat(256)));
    expect(r.status).toBe(422);
    expect(r.body.error).toMatchObject({ code: "VALIDATION_ERROR", fields: { idempotencyKey: expect.any(String) } });
    expect(await messagesOf(t.id)).toBe(0);
  });

  it.runIf(onPostgres)("20 concurrent requests with one key send one message and all get its answer", async () => {
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    const body = { to: "0501234567", message: "once" };
    const answers = await Promise.all(Array.from({ length: 20 }, () => api.request("POST", "/api/v1/send", body, withKey("race-1"))));
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 20 }, () => 200));
    expect(new Set(answers.map((a) => a.body.message_id)).size).toBe(1);
    expect(await messagesOf(t.id)).toBe(1);
    expect(deliveriesOf(answers[0]!.body.message_id)).toBe(1);
    expect((await api.get("/balance")).body.messages.used).toBe(1);
  });
});
