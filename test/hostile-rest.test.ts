import http from "node:http";
import { describe, expect, it } from "vitest";
import { useServer, type TestServer } from "./kit/server.js";
import { postCloudWebhook } from "./kit/provider-signing.js";

// Hostile input on the REST facade and the receipt endpoints: each gets a 4xx in the error shape,
// never a 500 or a stack trace, and changes nothing.
const APP_SECRET = "cloud-app-secret-for-hostile-tests";
const server = useServer({ NODE_ENV: "production", WHATSAPP_CLOUD_APP_SECRET: APP_SECRET });

/** A request sent exactly as written (path, Host), which fetch would not allow. */
function raw(s: TestServer, options: { method?: string; path: string; headers?: Record<string, string>; body?: string }) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>((resolve, reject) => {
    const { port } = new URL(s.url);
    const req = http.request({ host: "127.0.0.1", port, method: options.method ?? "GET", path: options.path, headers: options.headers, setHost: !options.headers?.host }, (res) => {
      let text = "";
      res.on("data", (d: Buffer) => (text += d.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on("error", reject);
    req.end(options.body);
  });
}

const errorShape = (code: string) => ({ success: false, error: expect.objectContaining({ code, message: expect.any(String) }) });

async function stored(s: TestServer, tenantId: number) {
  const db = s.app.deps.db;
  return { messages: await db.message.count({ where: { tenantId } }), used: (await db.tenantMonthlyUsage.aggregate({ where: { tenantId }, _sum: { used: true } }))._sum.used ?? 0 };
}

describe("malformed requests", () => {
  it("answers an id with broken percent-encoding 400 BAD_REQUEST", async () => {
    const t = await server().seed.tenant().account().create();
    const r = await server().client(t.key).get("/messages/%E0%A4%A");
    expect(r.status).toBe(400);
    expect(r.body).toEqual(errorShape("BAD_REQUEST"));
  });

  it("refuses a malformed Host header or request target in the error shape, on REST and /graphql alike, with no stack", async () => {
    const t = await server().seed.tenant().account().create();
    for (const host of ["a b", "[::1", "exa%mple", "x:99999", "a/b"]) {
      for (const path of ["/api/v1/balance", "/graphql"]) {
        const r = await raw(server(), { path, headers: { host, authorization: `Bearer ${t.key}`, "content-type": "application/json" } });
        expect(r.status, `${host} ${path}`).toBe(400);
        expect(JSON.parse(r.text), `${host} ${path}`).toEqual(errorShape("BAD_REQUEST"));
        expect(r.text).not.toMatch(/\bat \w|node_modules|\.ts:\d/);
      }
    }
    const upgrade = { connection: "Upgrade", upgrade: "websocket", "sec-websocket-version": "13", "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==" };
    const ws = await raw(server(), { path: "/graphql", headers: { ...upgrade, host: "a b" } });
    expect(ws.status).toBe(400);
    expect(JSON.parse(ws.text)).toEqual(errorShape("BAD_REQUEST"));
    for (const [headers, method, status, code] of [
      [{ ...upgrade, "sec-websocket-key": "short" }, "GET", 400, "BAD_REQUEST"],
      [{ ...upgrade, "sec-websocket-version": "99" }, "GET", 400, "BAD_REQUEST"],
      [upgrade, "POST", 405, "METHOD_NOT_ALLOWED"],
    ] as const) {
      const refused = await raw(server(), { method, path: "/graphql", headers });
      expect(refused.status).toBe(status);
      expect(JSON.parse(refused.text)).toEqual(errorShape(code));
    }
    const absolute = await raw(server(), { path: "http://elsewhere.example/api/v1/balance", headers: { authorization: `Bearer ${t.key}` } });
    expect(absolute.status).toBe(400);
    expect(JSON.parse(absolute.text)).toEqual(errorShape("BAD_REQUEST"));
  });

  it("refuses an HTTP/1.1 request without a Host header in the error shape", async () => {
    const t = await server().seed.tenant().account().create();
    const r = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const { port } = new URL(server().url);
      const req = http.request({ host: "127.0.0.1", port, path: "/api/v1/balance", setHost: false, headers: { authorization: `Bearer ${t.key}` } }, (res) => {
        let text = "";
        res.on("data", (d: Buffer) => (text += d.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on("error", reject);
      req.end();
    });
    expect(r.status).toBe(400);
    expect(JSON.parse(r.text)).toEqual(errorShape("BAD_REQUEST"));
  });

  it("answers what Node's parser refuses in the error shape too", async () => {
    const r = await raw(server(), { path: "/api/v1/balance", headers: { "x-big": "y".repeat(20_000) } });
    expect(r.status).toBe(431);
    expect(JSON.parse(r.text)).toEqual(errorShape("HEADERS_TOO_LARGE"));
  });
});

describe("bodies checked against the route's own schema", () => {
  it("refuses NUL characters and unpaired surrogates in texts and URLs, and stores nothing", async () => {
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    const cases: Array<[string, Record<string, unknown>]> = [
      ["message", { to: "0501234567", message: "hello\u0000world" }],
      ["image_url", { to: "0501234567", message: "x", image_url: "https://example.com/a\u0000.png" }],
      ["message", { to: "0501234567", message: "broken \ud800 pair" }],
    ];
    for (const [field, body] of cases) {
      for (const path of ["/send", "/send-bulk"]) {
        const payload = path === "/send" ? body : { numbers: [body.to], ...body, to: undefined };
        const r = await api.post(path, payload);
        expect(r.status, `${path} ${field}`).toBe(422);
        expect(Object.keys(r.body.error.fields), `${path} ${field}`).toEqual([field]);
      }
    }
    expect(await stored(server(), t.id)).toEqual({ messages: 0, used: 0 });
  });

  it("refuses a string where the document says array, numbers that JSON cannot hold, and deep nesting, by field", async () => {
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    const single = await api.post("/send-bulk", { numbers: "0551234567", message: "x" });
    expect(single.status).toBe(422);
    expect(single.body.error.fields).toEqual({ numbers: "must be an array" });

    const infinite = await api.request("POST", "/api/v1/send", '{"to": "0501234567", "message": "x", "account_id": 1e999}');
    expect(infinite.status).toBe(422);
    expect(infinite.body.error.fields).toEqual({ account_id: "must be a finite number" });

    const deep = `{"to": "0501234567", "message": ${"[".repeat(50_000)}${"]".repeat(50_000)}}`;
    const nested = await api.request("POST", "/api/v1/send", deep);
    expect(nested.status).toBe(422);
    expect(nested.body.error.fields).toEqual({ message: "must be a string" });
    // Without a key the same body is refused for the key, not for its depth.
    expect((await server().client().request("POST", "/api/v1/send", deep)).status).toBe(401);
    expect(await stored(server(), t.id)).toEqual({ messages: 0, used: 0 });
  });

  it("answers 415 with an error body to a body that is not declared JSON", async () => {
    const t = await server().seed.tenant().account().create();
    for (const type of ["text/plain", "application/x-www-form-urlencoded", ""]) {
      const r = await raw(server(), {
        method: "POST",
        path: "/api/v1/send",
        headers: { authorization: `Bearer ${t.key}`, ...(type ? { "content-type": type } : {}) },
        body: JSON.stringify({ to: "0501234567", message: "x" }),
      });
      expect(r.status, type).toBe(415);
      expect(JSON.parse(r.text), type).toEqual(errorShape("UNSUPPORTED_MEDIA_TYPE"));
    }
    expect(await stored(server(), t.id)).toEqual({ messages: 0, used: 0 });
  });
});

describe("query strings and methods", () => {
  it("refuses unknown, repeated and malformed query parameters instead of ignoring them", async () => {
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    expect((await api.get("/balance?verbose=1")).body.error).toMatchObject({ code: "VALIDATION_ERROR", fields: { verbose: expect.any(String) } });
    const repeated = await api.get("/webhook-deliveries?limit=5&limit=500");
    expect(repeated.status).toBe(422);
    expect(repeated.body.error.fields).toEqual({ limit: "must be given once" });
    for (const [query, field] of [
      ["cursor=0", "cursor"],
      ["before=0", "before"],
      ["limit=-1", "limit"],
      ["limit=101", "limit"],
      ["status=done", "status[0]"],
      ["webhook_id=x", "webhook_id"],
    ]) {
      const r = await api.get(`/webhook-deliveries?${query}`);
      expect(r.status, query).toBe(422);
      expect(Object.keys(r.body.error.fields), query).toEqual([field]);
    }
    // The key may still travel in the query string.
    expect((await server().client().get(`/balance?api_key=${t.key}`)).status).toBe(200);
  });

  it("answers HEAD on a GET route like GET, without a body", async () => {
    const t = await server().seed.tenant().account().create();
    const head = await raw(server(), { method: "HEAD", path: "/api/v1/balance", headers: { authorization: `Bearer ${t.key}` } });
    expect(head.status).toBe(200);
    expect(head.text).toBe("");
    expect(head.headers["content-type"]).toContain("application/json");
    // The seeded key's bucket holds a million; a HEAD takes a token like a GET.
    expect([head.headers["ratelimit-limit"], head.headers["ratelimit-remaining"]]).toEqual(["1000000", "999999"]);
    expect((await raw(server(), { method: "HEAD", path: "/api/v1/balance" })).status).toBe(401);
    const wrong = await server().client(t.key).request("PUT", "/api/v1/balance");
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("GET, HEAD");
  });
});

describe("signed receipts that are not receipts", () => {
  const post = (body: string) => postCloudWebhook(server().url, body, APP_SECRET);

  it("answers 422 in the error shape to a well-signed payload of the wrong shape, and records nothing", async () => {
    for (const payload of [
      { entry: "nope" },
      { entry: [{ changes: [{ value: { statuses: "x" } }] }] },
      { entry: [{ changes: [{ value: { statuses: [{ id: 42, status: "read" }] } }] }] },
      { entry: [{ changes: [{ value: { statuses: [{ id: "wamid.\u0000x", status: "read", timestamp: "1" }] } }] }] },
      [],
    ]) {
      const r = await post(JSON.stringify(payload));
      expect(r.status, JSON.stringify(payload)).toBe(422);
      expect(await r.json()).toEqual(errorShape("VALIDATION_ERROR"));
    }
  });

  it("takes a receipt whose timestamp is absurd as arriving now, never in the future", async () => {
    const t = await server().seed.tenant().account().create();
    const sent = await server().client(t.key).post("/send", { to: "0501234567", message: "x" });
    const row = await server().app.deps.db.message.findUniqueOrThrow({ where: { id: BigInt(sent.body.message_id) } });
    const body = JSON.stringify({ entry: [{ changes: [{ value: { statuses: [{ id: row.providerMessageId, status: "read", timestamp: "99999999999" }] } }] }] });
    const r = await post(body);
    expect(r.status).toBe(200);
    const after = await server().app.deps.db.message.findUniqueOrThrow({ where: { id: row.id } });
    expect(after.readAt!.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it("refuses an unsigned receipt before reading its body", async () => {
    const r = await fetch(`${server().url}/webhooks/whatsapp-cloud`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(r.status).toBe(401);
    expect(r.headers.get("connection")).toBe("close");
    const waha = await fetch(`${server().url}/webhooks/waha`, { method: "POST", headers: { "content-type": "application/json", "x-webhook-hmac": "00" }, body: "{}" });
    expect(waha.status).toBe(401);
    expect((await waha.json()).error.message).toMatch(/WAHA_WEBHOOK_HMAC_KEY is not set/);
  });
});
