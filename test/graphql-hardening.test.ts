import http from "node:http";
import { getIntrospectionQuery } from "graphql";
import { describe, expect, it } from "vitest";
import { useServer } from "./kit/server.js";
import { wsClient } from "./kit/ws.js";

const query = (q: string) => ({ query: q });

describe("GraphQL limits (defaults)", () => {
  const server = useServer();

  it("lets GraphiQL's full introspection and Relay pagination through", async () => {
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    const introspection = getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true, schemaDescription: true, directiveIsRepeatable: true, specifiedByUrl: true });
    const schema = await api.request("POST", "/graphql", query(introspection));
    expect(schema.status).toBe(200);
    expect(schema.body.data.__schema.types.length).toBeGreaterThan(20);
    const page = await api.request(
      "POST",
      "/graphql",
      query("{ messages(first: 50) { edges { cursor node { id to status batchId } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }"),
    );
    expect(page.body.errors).toBeUndefined();
  });

  it("refuses too many aliases, tokens or directives with QUERY_TOO_COMPLEX, before running anything", async () => {
    const t = await server().seed.tenant({ monthlyLimit: 100 }).account().create();
    const api = server().client(t.key);
    const aliases = Array.from({ length: 16 }, (_, i) => `s${i}: sendMessage(input: { to: "0501234567", text: "x" }) { message { id } }`).join("\n");
    const tokens = `{ balance { ${Array.from({ length: 2_100 }, () => "plan").join(" ")} } }`;
    const directives = `{ balance { plan ${Array.from({ length: 51 }, () => "@include(if: true)").join(" ")} } }`;
    for (const [name, text] of [
      ["aliases", `mutation { ${aliases} }`],
      ["tokens", tokens],
      ["directives", directives],
    ] as const) {
      const r = await api.request("POST", "/graphql", query(text));
      // Refused at validation: with a plain JSON accept header that is 200 and an error, as for any invalid document.
      expect(r.body.data, name).toBeUndefined();
      expect(r.body.errors[0].extensions.code, name).toBe("QUERY_TOO_COMPLEX");
      expect(r.body.errors[0].message, name).toMatch(/limit/i);
    }
    // The 16 aliased sends were refused whole: nothing was sent or counted.
    expect((await api.get("/balance")).body.messages.used).toBe(0);
  });

  it("refuses simple cross-site requests (CSRF) that carry no key of their own", async () => {
    const t = await server().seed.tenant().account().create();
    const ask = JSON.stringify(query("{ __typename }"));
    for (const contentType of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
      const r = await fetch(`${server().url}/graphql`, { method: "POST", headers: { "content-type": contentType }, body: ask });
      expect(r.status, contentType).toBe(403);
      expect((await r.json()).errors[0].extensions.code).toBe("CSRF_HEADER_REQUIRED");
    }
    const get = await fetch(`${server().url}/graphql?query=${encodeURIComponent("{ __typename }")}`);
    expect(get.status).toBe(403);

    // What a browser would preflight goes through, and so does a request naming its key.
    const json = await fetch(`${server().url}/graphql`, { method: "POST", headers: { "content-type": "application/json" }, body: ask });
    expect((await json.json()).data).toEqual({ __typename: "Query" });
    const q = encodeURIComponent("{ balance { plan } }");
    expect((await fetch(`${server().url}/graphql?query=${q}`, { headers: { authorization: `Bearer ${t.key}` } })).status).toBe(200);
    expect((await fetch(`${server().url}/graphql?query=${q}`, { headers: { "x-graphql-yoga-csrf": "1", "x-api-key": t.key } })).status).toBe(200);
    expect((await fetch(`${server().url}/graphql?query=${q}&api_key=${t.key}`)).status).toBe(200);
  });

  it("answers 413 to a body over the limit, by Content-Length or while reading a chunked one", async () => {
    const t = await server().seed.tenant().account().create();
    const huge = JSON.stringify(query(`mutation { sendMessage(input: { to: "0501234567", text: "${"x".repeat(300_000)}" }) { message { id } } }`));
    const declared = await server().client(t.key).request("POST", "/graphql", huge);
    expect(declared.status).toBe(413);
    expect(declared.body.errors[0].extensions.code).toBe("PAYLOAD_TOO_LARGE");

    const chunked = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const { port } = new URL(server().url);
      const req = http.request(
        {
          host: "127.0.0.1",
          port,
          path: "/graphql",
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${t.key}`, "transfer-encoding": "chunked" },
        },
        (res) => {
          let body = "";
          res.on("data", (d: Buffer) => (body += d.toString()));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on("error", reject);
      // Written in pieces with no length announced; the server stops at the limit.
      for (let i = 0; i < huge.length; i += 16_384) req.write(huge.slice(i, i + 16_384));
      req.end();
    });
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.body).errors[0].extensions.code).toBe("PAYLOAD_TOO_LARGE");

    // The REST facade checks the caller's body once: one just under the limit is judged on its content.
    const filler = JSON.stringify({ to: "0501234567", message: "" }).length;
    const underLimit = { to: "0501234567", message: "x".repeat(262_144 - filler - 10) };
    const rest = await server().client(t.key).post("/send", underLimit);
    expect(rest.status).toBe(422);
    expect(rest.body.error).toMatchObject({ code: "VALIDATION_ERROR", fields: { message: expect.any(String) } });
    expect((await server().client(t.key).get("/balance")).body.messages.used).toBe(0);
  });
});

describe("GraphQL limits (tightened by settings)", () => {
  const server = useServer({ GRAPHQL_MAX_DEPTH: "2", GRAPHQL_MAX_COST: "20" });

  it("refuses an operation deeper or costlier than configured, over HTTP and websockets", async () => {
    const t = await server().seed.tenant().account().create();
    const deep = "{ messages(first: 5) { edges { node { id } } } }";
    const r = await server().client(t.key).request("POST", "/graphql", query(deep));
    expect(r.body.errors[0]).toMatchObject({ extensions: { code: "QUERY_TOO_COMPLEX" }, message: expect.stringMatching(/depth limit of 2/) });
    // Two levels only, but many fields.
    const costly = "{ accounts { id name phoneNumber status todaySent monthSent dailyLimit monthlyLimit } b: accounts { id name phoneNumber status } }";
    const c = await server().client(t.key).request("POST", "/graphql", query(costly));
    expect(c.body.errors).toEqual([expect.objectContaining({ extensions: { code: "QUERY_TOO_COMPLEX" }, message: expect.stringMatching(/cost limit of 20/i) })]);

    const ws = wsClient(server().url, { connectionParams: { apiKey: t.key } });
    const sub = ws.subscribe("subscription { messageEvents { message { id } } }");
    await sub.done;
    expect(sub.errors[0]?.message ?? "").toMatch(/depth limit of 2/);
    await ws.close();
  });
});

describe("introspection switched off", () => {
  const server = useServer({ GRAPHQL_INTROSPECTION: "false" });

  it("refuses __schema and __type over HTTP and websockets, keeps __typename, and serves no GraphiQL", async () => {
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    for (const q of ["{ __schema { types { name } } }", '{ __type(name: "Message") { name } }']) {
      const r = await api.request("POST", "/graphql", query(q));
      expect(r.body.data, q).toBeUndefined();
      expect(r.body.errors[0].message, q).toMatch(/introspection/i);
    }
    expect((await api.request("POST", "/graphql", query("{ __typename balance { plan } }"))).body.data).toMatchObject({
      __typename: "Query",
      balance: { plan: expect.any(String) },
    });
    // No "Did you mean" hints that would spell out the schema.
    const typo = await api.request("POST", "/graphql", query("{ balanse { plan } }"));
    expect(typo.body.errors[0].message).not.toMatch(/did you mean/i);

    const ws = wsClient(server().url, { connectionParams: { apiKey: t.key } });
    const viaWs = ws.subscribe("{ __schema { queryType { name } } }");
    await viaWs.done;
    expect(viaWs.events).toEqual([]);
    expect(viaWs.errors[0]?.message ?? "").toMatch(/introspection/i);
    await ws.close();

    const page = await fetch(`${server().url}/graphql`, { headers: { accept: "text/html" } });
    expect(await page.text()).not.toContain("graphiql-options");
  });
});

describe("in production", () => {
  const server = useServer({ NODE_ENV: "production" });

  it("keeps introspection off by default and masks unexpected errors, while its own errors keep their codes", async () => {
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    expect((await api.request("POST", "/graphql", query("{ __schema { types { name } } }"))).body.errors[0].message).toMatch(/introspection/i);
    expect((await api.request("POST", "/graphql", query('mutation { sendMessage(input: { to: "12", text: "x" }) { message { id } } }'))).body.errors[0]).toMatchObject({
      extensions: { code: "VALIDATION_ERROR", fields: { to: expect.any(String) } },
    });

    // A real fault below the API: the messages table gone. The caller learns nothing of it.
    await server().app.database.prisma.$executeRawUnsafe(`ALTER TABLE "message" RENAME TO "message_moved_away"`);
    const r = await api.request("POST", "/graphql", query('{ message(id: "1") { id } }'));
    expect(r.body.errors[0]).toEqual({ message: "Unexpected error.", path: ["message"], locations: expect.any(Array), extensions: { code: "INTERNAL_ERROR" } });
    expect(JSON.stringify(r.body)).not.toMatch(/message_moved_away|prisma|stack|relation/i);
    await server().app.database.prisma.$executeRawUnsafe(`ALTER TABLE "message_moved_away" RENAME TO "message"`);
  });
});
