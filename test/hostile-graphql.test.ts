import { describe, expect, it } from "vitest";
import { useServer } from "./kit/server.js";

// Hostile input on /graphql: every error carries a documented code, nothing is stored for a
// refused operation, and in production no error spells out the schema.
const server = useServer({ NODE_ENV: "production" });

const post = async (key: string, query: string, variables?: Record<string, unknown>) => {
  const r = await server().client(key).request("POST", "/graphql", { query, variables }, { accept: "application/json" });
  return r.body as { data?: unknown; errors?: Array<{ message: string; extensions?: { code?: string; fields?: Record<string, string> } }> };
};

describe("GraphQL input", () => {
  it("refuses NUL characters and unpaired surrogates in a message as VALIDATION_ERROR, storing nothing", async () => {
    const t = await server().seed.tenant().account().create();
    const send = "mutation ($input: SendMessageInput!) { sendMessage(input: $input) { message { id } } }";
    for (const text of ["a\u0000b", "a\udc00b"]) {
      const r = await post(t.key, send, { input: { to: "0501234567", text } });
      expect(r.errors?.[0]?.extensions).toMatchObject({ code: "VALIDATION_ERROR", fields: { text: expect.any(String) } });
    }
    const bulk = await post(t.key, `mutation { sendBulk(input: { numbers: ["0501234567"], text: "x", imageUrl: "https://example.com/\\u0000.png" }) { batchId } }`);
    expect(bulk.errors?.[0]?.extensions).toMatchObject({ code: "VALIDATION_ERROR", fields: { imageUrl: expect.any(String) } });
    expect(await server().app.deps.db.message.count({ where: { tenantId: t.id } })).toBe(0);
  });

  it("refuses a cursor that is not one instead of reading from the start", async () => {
    const t = await server().seed.tenant().account().create();
    for (const [arg, field] of [
      ['before: "0"', "before"],
      ['after: "abc"', "after"],
      ['after: "-5"', "after"],
    ] as const) {
      const r = await post(t.key, `{ messages(first: 5, ${arg}) { edges { node { id } } } }`);
      expect(r.errors?.[0]?.extensions, arg).toMatchObject({ code: "VALIDATION_ERROR", fields: { [field]: "is not a cursor of this list" } });
      const w = await post(t.key, `{ webhookDeliveries(first: 5, ${arg}) { edges { node { id } } } }`);
      expect(w.errors?.[0]?.extensions, arg).toMatchObject({ code: "VALIDATION_ERROR", fields: { [field]: "is not a cursor of this list" } });
    }
  });

  it("refuses a document nested deeper than any the schema needs before parsing it (no stack overflow)", async () => {
    const t = await server().seed.tenant().account().create();
    for (const depth of [100, 10_000, 20_000]) {
      for (const query of [`{ message(id: ${"[".repeat(depth)}1${"]".repeat(depth)}) { id } }`, `{ ${"balance { ".repeat(depth)}plan${" }".repeat(depth)} }`]) {
        const r = await server().client(t.key).request("POST", "/graphql", { query });
        expect(r.status, `${depth}`).toBeLessThan(500);
        expect(r.body.errors[0].extensions.code, `${depth}`).toBe("QUERY_TOO_COMPLEX");
        expect(r.body.errors[0].message).toMatch(/Nesting limit/);
      }
    }
  });

  it("answers yoga's bare refusals (406, 415) with a body in the error shape", async () => {
    const t = await server().seed.tenant().account().create();
    const headers = { authorization: `Bearer ${t.key}` };
    const xml = await fetch(`${server().url}/graphql`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json", accept: "application/xml" },
      body: '{"query":"{ balance { plan } }"}',
    });
    expect(xml.status).toBe(406);
    expect((await xml.json()).errors[0].extensions.code).toBe("NOT_ACCEPTABLE");
    const odd = await fetch(`${server().url}/graphql`, { method: "POST", headers: { ...headers, "content-type": "application/jsonx" }, body: '{"query":"{ balance { plan } }"}' });
    expect(odd.status).toBe(415);
    expect((await odd.json()).errors[0].extensions.code).toBe("UNSUPPORTED_MEDIA_TYPE");
  });

  it("counts aliased __typename fields against the alias limit", async () => {
    const t = await server().seed.tenant().account().create();
    const many = Array.from({ length: 16 }, (_, i) => `t${i}: __typename`).join(" ");
    const r = await post(t.key, `{ ${many} }`);
    expect(r.data).toBeUndefined();
    expect(r.errors?.[0]?.extensions?.code).toBe("QUERY_TOO_COMPLEX");
  });

  it("gives every refusal a documented code: syntax, unknown fields and operation names", async () => {
    const t = await server().seed.tenant().account().create();
    for (const [query, code] of [
      ["{ balance { plan ", "INVALID_QUERY"],
      ["{ nothingHere }", "INVALID_QUERY"],
      ["query A { balance { plan } } query B { accounts { id } }", "INVALID_QUERY"],
    ]) {
      const r = await post(t.key, query!);
      expect(r.errors, query).toHaveLength(1);
      for (const e of r.errors!) expect(e.extensions?.code, query).toBe(code);
    }
    const unknownName = await server().client(t.key).request("POST", "/graphql", { query: "query A { balance { plan } }", operationName: "B" });
    expect(unknownName.body.errors[0].extensions.code).toBe("INVALID_QUERY");
    const get = await server().client(t.key).request("PUT", "/graphql", { query: "{ balance { plan } }" });
    expect(get.status).toBe(405);
    expect(get.body.errors[0].extensions.code).toBe("METHOD_NOT_ALLOWED");
  });
});

describe("in production, errors do not spell out the schema", () => {
  it("drops 'Did you mean' from validation errors and from variable errors alike", async () => {
    const t = await server().seed.tenant().account().create();
    const literal = await post(t.key, "{ messages(first: 1, status: [sentt]) { edges { node { id } } } }");
    const field = await post(t.key, "{ balance { plann } }");
    const variable = await post(t.key, "query ($s: [MessageStatus!]) { messages(first: 1, status: $s) { edges { node { id } } } }", { s: ["sentt"] });
    const input = await post(t.key, "mutation ($input: SendMessageInput!) { sendMessage(input: $input) { message { id } } }", { input: { to: "0501234567", txt: "x" } });
    for (const [r, hint] of [
      [literal, /\\"sent\\"/],
      [field, /\\"plan\\"/],
      [variable, /\\"sent\\"/],
      [input, /did you mean/i],
    ] as const) {
      expect(r.errors).toHaveLength(1);
      expect(JSON.stringify(r.errors)).not.toMatch(/did you mean/i);
      expect(JSON.stringify(r.errors)).not.toMatch(hint);
    }
    expect(variable.errors?.[0]?.extensions?.code).toBe("VALIDATION_ERROR");
  });
});
