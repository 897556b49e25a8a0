import { describe, expect, it } from "vitest";
import { auditServer } from "graphql-http";
import { createClient as createSseClient } from "graphql-sse";
import type { ExecutionResult } from "graphql";
import { useServer } from "./kit/server.js";
import { wsClient } from "./kit/ws.js";
import { MANY_STEPS_MS } from "./kit/limits.js";

// GraphQL as independent clients and checkers read it: graphql-http's audit of the
// GraphQL-over-HTTP spec, the graphql-sse client (distinct connections mode) and the graphql-ws
// client. Each must see the documented code of every error, and the same error shape everywhere.

/** Errors the operation itself causes (none of them about the key, the rate or the server). */
const cases = [
  { name: "unknown message", query: `query Find { message(id: "999999999") { id } }`, code: "NOT_FOUND", status: 404 },
  { name: "unknown operationName", query: "query A { balance { plan } }", operationName: "B", code: "INVALID_QUERY", status: 400 },
  {
    name: "variable that cannot be coerced",
    query: "query Find($id: ID!) { message(id: $id) { id } }",
    variables: { id: { not: "an id" } },
    code: "VALIDATION_ERROR",
    status: 422,
  },
  { name: "channel failure", query: `mutation { sendMessage(input: { to: "0500000001", text: "x" }) { message { id } } }`, code: "CHANNEL_ERROR", status: 502 },
];
/** The same kinds of errors before a subscription's stream starts. */
const subscriptionCases = [
  { name: "unknown message", query: `subscription Follow { messageStatus(id: "999999999") { status } }`, code: "NOT_FOUND" },
  { name: "unknown operationName", query: `subscription Follow { messageStatus(id: "1") { status } }`, operationName: "Other", code: "INVALID_QUERY" },
  { name: "variable that cannot be coerced", query: "subscription Follow($id: ID!) { messageStatus(id: $id) { status } }", variables: { id: [1] }, code: "VALIDATION_ERROR" },
];

describe("GraphQL transports as independent clients read them", () => {
  const server = useServer();

  const post = (key: string, accept: string, body: object) =>
    fetch(`${server().url}/graphql`, { method: "POST", headers: { authorization: `Bearer ${key}`, accept, "content-type": "application/json" }, body: JSON.stringify(body) });

  it("passes graphql-http's audits of the GraphQL-over-HTTP spec: no MUST failed, no SHOULD missed", { timeout: MANY_STEPS_MS }, async () => {
    const results = await auditServer({ url: `${server().url}/graphql` });
    expect(results.length).toBeGreaterThan(50);
    // Left as notices (MAY): GET without a CSRF header is refused by design (docs/graphql.md, Hardening).
    const missed = results.filter((r) => r.status === "error" || r.status === "warn").map((r) => `${r.status} ${r.name}: ${"reason" in r ? r.reason : ""}`);
    expect(missed).toEqual([]);
  });

  it("answers 200 under application/json and the error's status under application/graphql-response+json", async () => {
    const t = await server().seed.tenant({ monthlyLimit: 100 }).account().create();
    for (const c of cases) {
      const body = { query: c.query, variables: c.variables ?? {}, ...(c.operationName ? { operationName: c.operationName } : {}) };
      const json = await post(t.key, "application/json", body);
      const answer = (await json.json()) as ExecutionResult;
      expect(json.status, c.name).toBe(200);
      expect(json.headers.get("content-type")).toMatch(/^application\/json/);
      expect(
        answer.errors?.map((e) => e.extensions?.code),
        c.name,
      ).toEqual([c.code]);
      expect(JSON.stringify(answer), "no extensions.http").not.toContain('"http"');
      const rich = await post(t.key, "application/graphql-response+json", body);
      expect(rich.status, c.name).toBe(c.status);
      expect(((await rich.json()) as ExecutionResult).errors?.[0]?.extensions?.code, c.name).toBe(c.code);
    }
    // What the request was not taken in for keeps its status under both.
    for (const accept of ["application/json", "application/graphql-response+json"]) {
      const refused = await post("gw_not_a_key", accept, { query: "{ balance { plan } }" });
      expect(refused.status).toBe(401);
      expect(((await refused.json()) as ExecutionResult).errors?.[0]?.extensions?.code).toBe("UNAUTHORIZED");
    }
    const limited = await server().seed.tenant({ requestsPerSecond: 1, requestBurst: 1 }).account().create();
    // The bucket refills from the service clock: held still, no token comes back between the two.
    server().app.deps.clock.freeze();
    await post(limited.key, "application/json", { query: "{ balance { plan } }" });
    const throttled = await post(limited.key, "application/json", { query: "{ balance { plan } }" }).finally(() => server().app.deps.clock.freeze(false));
    expect(throttled.status).toBe(429);
    // One request a second, a burst of one: the next token is a second away.
    expect(throttled.headers.get("retry-after")).toBe("1");
  });

  it("gives a graphql-sse client each error's code as a next event on an accepted stream", async () => {
    const t = await server().seed.tenant().account().create();
    const sse = createSseClient({ url: `${server().url}/graphql`, headers: { authorization: `Bearer ${t.key}` }, retryAttempts: 0 });
    const run = (payload: { query: string; variables?: Record<string, unknown>; operationName?: string }) =>
      new Promise<{ results: ExecutionResult[]; failure?: unknown }>((resolve) => {
        const results: ExecutionResult[] = [];
        sse.subscribe(payload, { next: (r) => void results.push(r as ExecutionResult), error: (failure) => resolve({ results, failure }), complete: () => resolve({ results }) });
      });
    for (const c of [...subscriptionCases, ...cases.slice(0, 3)]) {
      const { results, failure } = await run({ query: c.query, variables: c.variables ?? {}, ...(c.operationName ? { operationName: c.operationName } : {}) });
      expect(failure, `${c.name}: ${String(failure)}`).toBeUndefined();
      expect(
        results.flatMap((r) => r.errors ?? []).map((e) => e.extensions?.code),
        c.name,
      ).toEqual([c.code]);
      expect(JSON.stringify(results)).not.toContain('"http"');
    }
    sse.dispose();
  });

  it("gives a graphql-ws client each error's code, and a refused key a close reason naming its code", async () => {
    const t = await server().seed.tenant().account().create();
    const ws = wsClient(server().url, { connectionParams: { apiKey: t.key } });
    await ws.connected;
    for (const c of [...subscriptionCases, ...cases]) {
      const op = ws.subscribe(c.query, c.variables ?? {}, c.operationName);
      await op.done;
      expect(
        op.errors.map((e) => e.extensions?.code),
        c.name,
      ).toEqual([c.code]);
      expect(JSON.stringify(op.errors), "no extensions.http").not.toContain('"http"');
    }
    await ws.close();
    const refused = wsClient(server().url, { connectionParams: { apiKey: "gw_not_a_key" } });
    const { code, reason } = await refused.closeEvent;
    expect(code).toBe(4403);
    expect(reason).toMatch(/^UNAUTHORIZED: /);
    await refused.close();
  });

  it("gives an empty page null cursors, on every connection", async () => {
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    for (const field of ["messages", "batches", "contacts", "inboundMessages", "webhookDeliveries"]) {
      const r = await api.request("POST", "/graphql", { query: `{ ${field}(first: 5) { edges { cursor } pageInfo { startCursor endCursor hasNextPage hasPreviousPage } } }` });
      expect(r.body.errors, field).toBeUndefined();
      expect(r.body.data[field], field).toEqual({ edges: [], pageInfo: { startCursor: null, endCursor: null, hasNextPage: false, hasPreviousPage: false } });
    }
    // A page past the last row is empty too, and gives no cursor to page on from.
    const sent = await api.post("/send", { to: "0501234567", message: "one" });
    const past = await api.request("POST", "/graphql", { query: `{ messages(first: 5, after: "${sent.body.message_id}") { edges { cursor } pageInfo { endCursor } } }` });
    expect(past.body.data.messages).toEqual({ edges: [], pageInfo: { endCursor: null } });
  });
});
