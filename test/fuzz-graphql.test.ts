import fc from "fast-check";
import { describe, it } from "vitest";
import { schema } from "../src/app/schema.js";
import { useServer } from "./kit/server.js";
import { fuzzRuns, fuzzTimeoutMs, type FuzzRequest } from "./kit/fuzz.js";
import { OperationBuilder, type Operation } from "./kit/fuzz-graphql-ops.js";
import { allowedRouteLabels, operationLabels, runFuzz, summarize } from "./kit/fuzz-run.js";
import { adminCases, otherCases, receiptCases } from "./kit/fuzz-surfaces.js";
import { credentialArb, FUZZ_ENV, seedWorld, type FuzzWorld } from "./kit/fuzz-world.js";
import { CONTENT_TYPES, NOT_AN_OBJECT, percentEncode, Raw, rawJson } from "./kit/fuzz-values.js";

// Hostile requests to /graphql (operations built from the schema, over POST and GET, with
// malformed bodies and variables), to the receipt endpoints, to /admin/commands and to paths
// nobody serves (docs/security.md, "Fuzzing"). See test/kit/fuzz.ts for what each answer must be.

const server = useServer(FUZZ_ENV);

/** Accept headers the server can answer (operations), and some it cannot (malformed requests only, so a 406 defect shows once). */
const ACCEPTS = ["application/json", "application/json", "application/graphql-response+json", "*/*", "text/event-stream", "multipart/mixed"];
const ANY_ACCEPT = [...ACCEPTS, "text/html", "application/xml", ""];

/** Documents that do not parse, or break a limit (tokens, aliases, depth of a literal), or ask odd things. */
const BAD_DOCUMENTS = [
  "",
  " ",
  "{",
  "query {",
  "}",
  "{ balance { plan } } }",
  "\u0000",
  "{ balance { plan } }\u0000",
  "# only a comment",
  "query Q { balance { plan } } query Q { accounts { id } }",
  "query A { balance { plan } } query B { accounts { id } }",
  "fragment F on Balance { plan } { balance { ...F ...F } }",
  "fragment F on Balance { ...F } { balance { ...F } }",
  "{ __schema { types { name fields { name } } } }",
  '{ __type(name: "\\u0000") { name } }',
  "{ __typename }",
  `{ ${Array.from({ length: 20 }, (_, i) => `a${i}: __typename`).join(" ")} }`,
  `{ ${Array.from({ length: 20 }, (_, i) => `a${i}: balance { plan }`).join(" ")} }`,
  `{ balance { ${"plan ".repeat(3_000)}} }`,
  `{ message(id: ${"[".repeat(3_000)}${"]".repeat(3_000)}) { id } }`,
  `{ message(id: "1") { id ${"@include(if: true) ".repeat(60)}} }`,
  '{ message(id: "\\ud800") { id } }',
  '{ message(id: "\\u{110000}") { id } }',
  "{ message(id: 1e999) { id } }",
  'subscription { messageEvents { id } messageStatus(id: "1") { id } }',
  'mutation { sendMessage(input: {to: "0501234567", text: "x"}) { message { id } } sendMessage(input: {to: "0501234567", text: "y"}) { message { id } } }',
  `query ${"Q".repeat(10_000)} { __typename }`,
];

function graphqlCases(world: FuzzWorld, hostHeader: string): fc.Arbitrary<FuzzRequest> {
  const ops = new OperationBuilder(schema, { ids: world.ids, accountIds: [...world.accountIds, ...world.otherAccountIds] });
  const cred = credentialArb(world);
  const envelope = (op: Operation) =>
    rawJson({
      query: op.query,
      ...(op.variables === undefined ? {} : { variables: new Raw(op.variables) }),
      ...(op.operationName === undefined ? {} : { operationName: op.operationName }),
    });

  const post = fc
    .record({
      op: ops.any(),
      cred,
      accept: fc.constantFrom(...ACCEPTS),
      type: fc.constantFrom("application/json", "application/json; charset=utf-8"),
      idempotency: fc.option(fc.constantFrom("gql-key-1", "gql-key-2", "x".repeat(300), "\u00e9"), { freq: 6, nil: undefined }),
    })
    .map(
      ({ op, cred: c, accept, type, idempotency }): FuzzRequest => ({
        kind: `${op.type}, ${op.note}`,
        route: `POST /graphql ${op.type} ${op.field}`,
        surface: "graphql",
        method: "POST",
        path: c.query ? `/graphql?${c.query}` : "/graphql",
        headers: [
          ["host", hostHeader],
          ...c.headers,
          ["content-type", type],
          ["accept", op.type === "subscription" && accept === "application/json" ? "text/event-stream" : accept],
          ...(idempotency ? [["idempotency-key", idempotency] as [string, string]] : []),
        ],
        body: envelope(op),
        key: c.key,
        checkStore: op.type !== "subscription",
      }),
    );

  const get = fc.record({ op: ops.any(), cred, csrf: fc.boolean(), accept: fc.constantFrom(...ACCEPTS) }).map(({ op, cred: c, csrf, accept }): FuzzRequest => {
    const params = [
      `query=${percentEncode(op.query)}`,
      ...(op.variables === undefined ? [] : [`variables=${percentEncode(op.variables)}`]),
      ...(typeof op.operationName === "string" ? [`operationName=${percentEncode(op.operationName)}`] : []),
      ...(c.query ? [c.query] : []),
    ];
    return {
      kind: `GET ${op.type}, ${op.note}`,
      route: `GET /graphql ${op.type} ${op.field}`,
      surface: "graphql",
      method: "GET",
      path: `/graphql?${params.join("&")}`,
      headers: [["host", hostHeader], ...c.headers, ["accept", accept], ...(csrf ? [["x-graphql-yoga-csrf", "1"] as [string, string]] : [])],
      key: c.key,
      checkStore: op.type !== "subscription",
    };
  });

  const malformedBodies = fc.oneof(
    fc.constantFrom(...BAD_DOCUMENTS).map((query) => rawJson({ query })),
    fc.constantFrom(...NOT_AN_OBJECT),
    fc.constantFrom(
      '{"query": 1}',
      '{"query": null}',
      "{}",
      '{"query": ["{ __typename }"]}',
      '{"query": "{ balance { plan } }", "variables": "x"}',
      '{"query": "{ balance { plan } }", "variables": [1]}',
      '[{"query": "{ balance { plan } }"}, {"query": "{ accounts { id } }"}]',
      '{"query": "{ balance { plan } }", "extensions": {"persistedQuery": {"version": 1, "sha256Hash": "x"}}}',
      '{"query": "{ balance { plan } }", "operationName": {"a": 1}}',
      '{"query": "{ balance { plan } }", "query": "{ accounts { id } }"}',
    ),
    fc.constant(rawJson({ query: "{ balance { plan } }", variables: { pad: "x".repeat(300_000) } })),
  );
  const malformed = fc
    .record({
      body: malformedBodies,
      cred,
      method: fc.constantFrom("POST", "POST", "POST", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"),
      type: fc.oneof({ arbitrary: fc.constant<string | undefined>("application/json"), weight: 2 }, { arbitrary: fc.constantFrom(...CONTENT_TYPES), weight: 1 }),
      accept: fc.constantFrom(...ANY_ACCEPT),
      chunked: fc.integer({ min: 0, max: 7 }).map((n) => n === 0),
    })
    .map(
      ({ body, cred: c, method, type, accept, chunked }): FuzzRequest => ({
        kind: "malformed request",
        route: `${method} /graphql (malformed)`,
        surface: "graphql",
        method,
        path: c.query ? `/graphql?${c.query}` : "/graphql",
        headers: [
          ["host", hostHeader],
          ...c.headers,
          ...(type === undefined ? [] : [["content-type", type] as [string, string]]),
          ...(accept ? [["accept", accept] as [string, string]] : []),
        ],
        ...(method === "HEAD" ? {} : { body }),
        ...(chunked ? { chunked: true } : {}),
        key: c.key,
      }),
    );
  return fc.oneof({ arbitrary: post, weight: 45 }, { arbitrary: get, weight: 12 }, { arbitrary: malformed, weight: 15 });
}

describe("GraphQL and other surfaces fuzz", () => {
  it(
    `answers ${fuzzRuns.graphql} hostile requests below 500, without INTERNAL_ERROR, storing nothing when refused`,
    async () => {
      const s = server();
      const world = await seedWorld(s);
      const host = new URL(s.url).host;
      const doc = (await (await fetch(`${s.url}/api/v1/openapi.json`)).json()) as { paths: Record<string, unknown> };
      const report = await runFuzz({
        server,
        runs: fuzzRuns.graphql,
        cases: fc.oneof(
          { arbitrary: graphqlCases(world, host), weight: 70 },
          { arbitrary: receiptCases(host), weight: 15 },
          { arbitrary: adminCases(host, s.app.adminToken), weight: 8 },
          { arbitrary: otherCases(host, world.key), weight: 7 },
        ),
        routeLabels: allowedRouteLabels(Object.keys(doc.paths)),
        operationLabels: operationLabels(),
      });
      // The receipt and admin endpoints must each have met no credential, a wrong one and the right one (from the default count up).
      for (const route of fuzzRuns.graphql >= 700 ? ["POST /webhooks/whatsapp-cloud", "POST /webhooks/waha", "POST /admin/commands"] : []) {
        const missing = ["valid", "wrong", "none"].filter((k) => !report.keys.get(route)?.has(k));
        if (missing.length) report.failures.push({ kind: "harness: route not covered", route, detail: missing.join(", "), request: "", answer: "" });
      }
      const { figures, failures } = summarize("GraphQL fuzz", report);
      console.log(`${figures}\n${failures}`);
      if (report.failures.length) throw new Error(failures);
    },
    fuzzTimeoutMs(fuzzRuns.graphql),
  );
});
