import fc from "fast-check";
import type { FuzzRequest } from "./fuzz.js";
import { anyHostile, CONTENT_TYPES, deepValue, HOSTILE_SEGMENTS, hostileNumber, hostileString, NOT_AN_OBJECT, Raw, rawJson, withKey } from "./fuzz-values.js";
import { APP_SECRET, WAHA_SECRET } from "./fuzz-world.js";
import { cloudSignature, wahaSignature } from "./provider-signing.js";

// The surfaces beside the two APIs: delivery receipts (unsigned, wrongly and correctly signed),
// the admin endpoint (no token, a wrong one, the right one with junk), GraphiQL's assets,
// websocket upgrades and unknown paths.

/** A Meta status the server would believe, and ways to spoil each part of it. */
const cloudStatus = { id: "wamid.HBgLOTY2NTAxMjM0NTY3FQIAERgSQUJD", status: "delivered", timestamp: "1700000000", recipient_id: "966501234567" };
const cloudPayload = (statuses: unknown, entry?: unknown) => ({
  object: "whatsapp_business_account",
  entry: entry ?? [{ id: "102290129340398", changes: [{ field: "messages", value: { messaging_product: "whatsapp", statuses } }] }],
});

const cloudBody: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(cloudPayload([cloudStatus])),
  fc.constantFrom("read", "failed", "sent", "x".repeat(100), "").map((status) => cloudPayload([{ ...cloudStatus, status }])),
  fc.oneof(fc.constantFrom<unknown>(123, null, {}, [], true), hostileString(cloudStatus.id)).map((id) => cloudPayload([{ ...cloudStatus, id }])),
  fc
    .oneof(fc.constantFrom<unknown>("99999999999999999999", -1, "-1", 1e10, "1700000000.5", 2 ** 63, "abc", 0, "", null), hostileNumber)
    .map((timestamp) => cloudPayload([{ ...cloudStatus, timestamp }])),
  fc.oneof(fc.constantFrom<unknown>({}, "x", null, 1, true), deepValue).map((entry) => cloudPayload([], entry)),
  fc.oneof(fc.constantFrom<unknown>("x", {}, 1), deepValue).map((statuses) => cloudPayload(statuses)),
  fc.constantFrom(1_001, 5_000).map((n) => cloudPayload(Array.from({ length: n }, () => cloudStatus))),
  fc.tuple(fc.constantFrom("__proto__", "constructor", "object"), anyHostile).map(([k, v]) => withKey(cloudPayload([cloudStatus]), k, v)),
);

const wahaEvent = { event: "message.ack", session: "default", payload: { id: "true_966501234567@c.us_3EB0C767D82B", ack: 3 } };
const wahaBody: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(wahaEvent),
  fc.oneof(hostileString("message.ack"), fc.constantFrom<unknown>(1, null, [])).map((event) => ({ ...wahaEvent, event })),
  fc
    .oneof(hostileString(wahaEvent.payload.id), fc.constantFrom<unknown>(1, null, [], { _serialized: 5 }, { _serialized: "a\u0000b" }))
    .map((id) => ({ ...wahaEvent, payload: { ...wahaEvent.payload, id } })),
  fc.oneof(hostileNumber, fc.constantFrom<unknown>("3", null, 2 ** 53, -1, 1.5)).map((ack) => ({ ...wahaEvent, payload: { ...wahaEvent.payload, ack } })),
  fc.oneof(fc.constantFrom<unknown>([], "x", null, 7), deepValue).map((payload) => ({ ...wahaEvent, payload })),
);

const receiptText = (body: fc.Arbitrary<unknown>) =>
  fc.oneof({ arbitrary: body.map(rawJson), weight: 6 }, { arbitrary: fc.constantFrom(...NOT_AN_OBJECT).map((b) => b.toString("latin1")), weight: 1 });

/** Receipts to both providers' endpoints: no signature, a wrong one, the right one; the payloads of the right shape and not. */
export function receiptCases(hostHeader: string): fc.Arbitrary<FuzzRequest> {
  const providers = [
    { path: "/webhooks/whatsapp-cloud", header: "x-hub-signature-256", sign: (b: string) => cloudSignature(b, APP_SECRET), body: cloudBody, bits: 64, prefix: "sha256=" },
    { path: "/webhooks/waha", header: "x-webhook-hmac", sign: (b: string) => wahaSignature(b, WAHA_SECRET), body: wahaBody, bits: 128, prefix: "" },
  ];
  return fc.constantFrom(...providers).chain((p) =>
    fc
      .record({
        text: receiptText(p.body),
        signature: fc.constantFrom("none", "wrong", "right", "right-upper", "right-and-wrong", "other-body"),
        wrong: fc.constantFrom(`${p.prefix}${"0".repeat(p.bits)}`, `${p.prefix}xyz`, "", `sha1=${"a".repeat(40)}`, "x".repeat(5_000), `${p.prefix}${"A".repeat(p.bits)}`),
        method: fc.constantFrom("POST", "POST", "POST", "POST", "GET", "PUT", "HEAD", "DELETE"),
        type: fc.oneof({ arbitrary: fc.constant("application/json"), weight: 5 }, { arbitrary: fc.constantFrom(...CONTENT_TYPES), weight: 1 }),
        query: fc.constantFrom(
          "",
          "?hub.mode=subscribe&hub.verify_token=fuzz-verify-token&hub.challenge=12345",
          "?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1",
          "?hub.challenge=%00&hub.verify_token=fuzz-verify-token&hub.mode=subscribe",
          "?hub.mode=subscribe&hub.mode=x",
        ),
      })
      .map((c): FuzzRequest => {
        const signatures: Record<string, Array<[string, string]>> = {
          none: [],
          wrong: [[p.header, c.wrong]],
          right: [[p.header, p.sign(c.text)]],
          "right-upper": [[p.header, p.sign(c.text).toUpperCase()]],
          "right-and-wrong": [
            [p.header, c.wrong],
            [p.header, p.sign(c.text)],
          ],
          "other-body": [[p.header, p.sign(`${c.text} `)]],
        };
        const key = c.signature === "none" ? "none" : c.signature.startsWith("right") ? "valid" : "wrong";
        return {
          kind: `receipt, signature ${c.signature}`,
          route: `${c.method} ${p.path}`,
          surface: "rest",
          method: c.method,
          path: `${p.path}${c.method === "GET" ? c.query : ""}`,
          headers: [["host", hostHeader], ...(c.type === undefined ? [] : [["content-type", c.type] as [string, string]]), ...signatures[c.signature]!],
          body: c.method === "GET" || c.method === "HEAD" ? undefined : c.text,
          key,
        };
      }),
  );
}

/** Commands that change nothing the fuzzing relies on (never suspend, revoke or renew), and junk. */
const COMMANDS: unknown[] = ["plan:list", "tenant:list", "key:list", "account:list", "webhook:list", "plan:create", "tenant:create", "maintenance:prune"];
const JUNK_COMMANDS: unknown[] = [
  "nope",
  "constructor",
  "__proto__",
  "toString",
  "hasOwnProperty",
  "",
  "plan:list\u0000",
  "PLAN:LIST",
  1,
  null,
  ["plan:list"],
  { command: "plan:list" },
];

/** The admin endpoint, each case from a loopback address of its own so that the failed-token throttle does not hide the rest. */
export function adminCases(hostHeader: string, adminToken: string): fc.Arbitrary<FuzzRequest> {
  const args = fc.oneof(
    { arbitrary: fc.constant({}), weight: 4 },
    {
      arbitrary: fc.record({ name: hostileString("plan-x"), monthlyLimit: fc.oneof(hostileNumber, fc.constant(10)), maxAccounts: fc.oneof(hostileNumber, fc.constant(1)) }),
      weight: 2,
    },
    {
      arbitrary: fc.record({ name: hostileString("tenant-x"), plan: hostileString("1"), ends: fc.constantFrom("2099-02-30", "9999-99-99", "2030-01-01", "", "2030-01-01\u0000") }),
      weight: 2,
    },
    { arbitrary: fc.record({ tenant: fc.oneof(hostileNumber, hostileString("1")) }), weight: 1 },
    { arbitrary: fc.oneof(deepValue, anyHostile), weight: 2 },
  );
  const command = fc.oneof({ arbitrary: fc.constantFrom(...COMMANDS), weight: 3 }, { arbitrary: fc.constantFrom(...JUNK_COMMANDS), weight: 1 });
  const body = fc.oneof(
    { arbitrary: fc.tuple(command, args).map(([command, a]) => rawJson({ command, args: a })), weight: 6 },
    { arbitrary: fc.constantFrom(...NOT_AN_OBJECT).map((b) => b.toString("latin1")), weight: 1 },
    { arbitrary: fc.constant(rawJson({ command: "plan:list", args: {}, pad: "x".repeat(300_000) })), weight: 1 },
    { arbitrary: fc.constant(rawJson({ command: "plan:list", args: new Raw("1e999") })), weight: 1 },
  );
  const token = fc
    .oneof(
      { arbitrary: fc.constant({ key: "valid" as const, headers: [["authorization", `Bearer ${adminToken}`]] as Array<[string, string]> }), weight: 3 },
      fc
        .constantFrom(`Bearer ${adminToken}x`, `Bearer ${adminToken.slice(1)}`, adminToken, `Basic ${adminToken}`, "Bearer", "Bearer x", `Bearer ${"x".repeat(9_000)}`)
        .map((v) => ({ key: "wrong" as const, headers: [["authorization", v]] as Array<[string, string]> })),
      fc.constant({
        key: "wrong" as const,
        headers: [
          ["authorization", "Bearer nope"],
          ["authorization", `Bearer ${adminToken}`],
        ] as Array<[string, string]>,
      }),
      fc.constant({ key: "none" as const, headers: [] as Array<[string, string]> }),
    )
    .map((t) => t as { key: "valid" | "wrong" | "none"; headers: Array<[string, string]> });
  return fc
    .record({
      body,
      token,
      method: fc.oneof({ arbitrary: fc.constant("POST"), weight: 6 }, { arbitrary: fc.constantFrom("GET", "PUT", "DELETE", "HEAD"), weight: 1 }),
      path: fc.oneof(
        { arbitrary: fc.constant("/admin/commands"), weight: 6 },
        { arbitrary: fc.constantFrom("/admin/commands/", "/admin/x", "/admin", "/admin/commands?x=1&x=2", "/admin/%zz"), weight: 1 },
      ),
      type: fc.constantFrom<string | undefined>("application/json", "application/json", "text/plain", undefined),
      address: fc.integer({ min: 1, max: 65_000 }),
    })
    .map(
      (c): FuzzRequest => ({
        kind: "admin command",
        route: "POST /admin/commands",
        surface: "rest",
        method: c.method,
        path: c.path,
        headers: [["host", hostHeader], ...c.token.headers, ...(c.type ? [["content-type", c.type] as [string, string]] : [])],
        body: c.method === "GET" || c.method === "HEAD" ? undefined : c.body,
        localAddress: `127.3.${c.address >> 8}.${c.address & 255}`,
        key: c.token.key,
      }),
    );
}

const UNKNOWN = [
  "/",
  "/favicon.ico",
  "/api",
  "/graphql/",
  "/graphql/x",
  "/webhooks",
  "/webhooks/",
  "/webhooks/whatsapp-cloud/",
  "/webhooks/nope",
  "/admin",
  "/metrics/",
  "/healthz",
  "/readyz",
  "/metrics",
  "/%",
  "/%zz",
  "/%E0%A4%A",
  "/..%2f..%2fetc%2fpasswd",
  `/${"a".repeat(8_000)}`,
  "/\u00e9",
  "/graphql%00",
  "/GRAPHQL",
];

/** GraphiQL's assets with junk names, websocket upgrades that are not right, unknown paths. */
export function otherCases(hostHeader: string, key: string): fc.Arbitrary<FuzzRequest> {
  const assets = fc
    .tuple(fc.constantFrom(...HOSTILE_SEGMENTS, "graphiql.js", "x.css", "../../package.json", "%2e%2e%2f%2e%2e%2fpackage.json", ""), fc.constantFrom("GET", "HEAD", "POST"))
    .map(
      ([name, method]): FuzzRequest => ({
        kind: "GraphiQL asset",
        route: "GET /graphql/assets/*",
        surface: "rest",
        method,
        path: `/graphql/assets/${name}`,
        headers: [["host", hostHeader]],
        key: "none",
      }),
    );
  const unknown = fc.tuple(fc.constantFrom(...UNKNOWN), fc.constantFrom("GET", "HEAD", "POST", "DELETE", "OPTIONS"), fc.boolean()).map(
    ([path, method, withKey]): FuzzRequest => ({
      kind: "other path",
      route: `ANY ${path.length > 40 ? `${path.slice(0, 40)}…` : path}`,
      surface: "rest",
      method,
      path,
      headers: [["host", hostHeader], ...(withKey ? [["authorization", `Bearer ${key}`] as [string, string]] : [])],
      key: withKey ? "valid" : "none",
    }),
  );
  const upgrade = fc
    .record({
      path: fc.constantFrom("/graphql", "/graphql", "/api/v1/balance", "/nope", "/graphql?api_key=x"),
      version: fc.constantFrom("13", "8", "", "13, 8"),
      wsKey: fc.constantFrom<string | undefined>(undefined, "", "not base64!", "dGhlIHNhbXBsZSBub25jZQ==x"),
      protocol: fc.constantFrom<string | undefined>(undefined, "graphql-transport-ws", "graphql-ws", "nope", "graphql-transport-ws, nope"),
      method: fc.constantFrom("GET", "GET", "POST"),
    })
    .map(
      (u): FuzzRequest => ({
        kind: "websocket upgrade",
        route: `GET ${u.path.split("?")[0]} (upgrade)`,
        surface: "rest",
        method: u.method,
        path: u.path,
        headers: [
          ["host", hostHeader],
          ["connection", "Upgrade"],
          ["upgrade", "websocket"],
          ["sec-websocket-version", u.version],
          ...(u.wsKey === undefined ? [] : [["sec-websocket-key", u.wsKey] as [string, string]]),
          ...(u.protocol === undefined ? [] : [["sec-websocket-protocol", u.protocol] as [string, string]]),
        ],
        key: "none",
      }),
    );
  return fc.oneof(assets, unknown, upgrade);
}
