import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { root } from "./kit/spawn.js";
import { routes } from "../src/app/rest-routes.js";
import { useServer } from "./kit/server.js";
import { expectLocalAssets, rawGetStatus } from "./kit/assets.js";
import { openApiChecker } from "./kit/openapi.js";

/** A request whose headers pass Node's limit, answered by the HTTP parser's guard before any route. */
async function headersTooLarge(baseUrl: string, path: string) {
  const { port } = new URL(baseUrl);
  const socket = net.connect(Number(port), "127.0.0.1");
  let raw = "";
  socket.on("data", (d: Buffer) => (raw += d.toString()));
  socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nX-Filler: ${"a".repeat(20_000)}\r\n\r\n`);
  await new Promise((resolve) => socket.on("close", resolve));
  const [head = "", body = ""] = raw.split("\r\n\r\n");
  const headers = new Headers(
    head
      .split("\r\n")
      .slice(1)
      .map((l) => [l.slice(0, l.indexOf(":")), l.slice(l.indexOf(":") + 1).trim()] as [string, string]),
  );
  return { status: Number(head.split(" ")[1]), headers, body: JSON.parse(body) as unknown };
}

// The document as a client generator reads it, checked against what the server actually serves
// and answers: every real answer below must be one the document lists, in the shape it gives.
describe("OpenAPI document", () => {
  const server = useServer();
  let checker: Awaited<ReturnType<typeof openApiChecker>>;
  const conforms = (...args: Parameters<typeof checker.conforms>) => checker.conforms(...args);

  beforeAll(async () => {
    checker = await openApiChecker(server().url);
  });

  it("is OpenAPI 3.1 with JSON Schemas that compile, and is the committed openapi.json the tools check", () => {
    const { doc, ajv } = checker;
    expect(doc.openapi).toMatch(/^3\.1\./);
    for (const id of Object.keys(doc.components.schemas)) expect(() => ajv.compile({ $ref: `openapi.json#/components/schemas/${id}` }), id).not.toThrow();
    // npm run check:openapi (swagger-parser, Ajv, Redocly) and openapi-typescript read the file.
    expect(doc).toEqual(JSON.parse(fs.readFileSync(path.join(root, "openapi.json"), "utf8")));
    // Ids are the components' keys only: a $id would make each schema invalid as JSON Schema 2020-12.
    expect(JSON.stringify(doc.components.schemas)).not.toContain('"$id"');
  });

  it("lists every route the facade serves, and serves every route it lists", async () => {
    const sample = (template: string) => template.replace(/\{\w+\}/g, "123");
    const documented = Object.entries(checker.doc.paths).flatMap(([template, ops]) => Object.keys(ops).map((m) => ({ method: m.toUpperCase(), template })));
    // One served route per documented operation, and each of them matched below.
    expect(routes.length).toBe(documented.length);
    for (const r of routes) {
      expect(
        documented.some((d) => d.method === r.method && r.path.test(sample(d.template))),
        `${r.method} ${r.path}`,
      ).toBe(true);
    }
    // Without a key every served route answers 401, but those documented as needing none (security: [],
    // sign-up and the plans on sale) answer for themselves; an unserved one would be 404 or 405.
    const ops = checker.doc.paths as Record<string, Record<string, { security?: unknown[] }>>;
    const isPublic = (d: { method: string; template: string }) => ops[d.template]![d.method.toLowerCase()]!.security?.length === 0;
    expect(
      documented
        .filter(isPublic)
        .map((d) => `${d.method} ${d.template}`)
        .sort(),
    ).toEqual(["GET /plans", "POST /signup", "POST /signup/verify"]);
    for (const d of documented) {
      const answer = await server()
        .client()
        .request(d.method, `/api/v1${sample(d.template)}`, d.method === "POST" || d.method === "PUT" ? {} : undefined);
      if (isPublic(d)) expect(answer.status, `${d.method} ${d.template}`).toBeOneOf(d.method === "GET" ? [200] : [422]);
      else expect(answer.status, `${d.method} ${d.template}`).toBe(401);
      conforms(d.method, d.template, answer);
    }
  });

  it("describes the real answers of every route, successes and errors", async () => {
    const t = await server().seed.tenant({ monthlyLimit: 20 }).account().account().create();
    const api = server().client(t.key);

    const sent = await api.post("/send", { to: "0501234567", message: "hello" });
    conforms("POST", "/send", sent);
    conforms("POST", "/send", await api.post("/send", { to: "12", message: "" }));
    conforms("POST", "/send", await api.request("POST", "/api/v1/send", "{not json"));
    conforms("POST", "/send", await api.post("/send", { to: "0501234567", message: "x".repeat(300 * 1024) }));
    const failed = await api.post("/send", { to: "0500000001", message: "to nobody" });
    expect(failed.status).toBe(502);
    conforms("POST", "/send", failed);
    await api.post("/send", { to: "0501234567", message: "a" }, { "idempotency-key": "k-1" });
    conforms("POST", "/send", await api.post("/send", { to: "0501234567", message: "b" }, { "idempotency-key": "k-1" }));

    const bulk = await api.post("/send-bulk", { numbers: ["0501230001", "0551230002"], message: "offer", image_url: "https://93.184.216.34/a.png" });
    conforms("POST", "/send-bulk", bulk);
    conforms("POST", "/send-bulk", await api.post("/send-bulk", { numbers: Array.from({ length: 30 }, (_, i) => `05012300${String(i).padStart(2, "0")}`), message: "too many" }));

    conforms("GET", "/messages/{id}", await api.get(`/messages/${sent.body.message_id}`));
    conforms("GET", "/messages/{id}", await api.get(`/messages/${failed.body.message_id}`));
    conforms("GET", "/messages/{id}", await api.get("/messages/999999"));
    conforms("POST", "/messages/{id}/retry", await api.post(`/messages/${sent.body.message_id}/retry`, undefined));
    conforms("POST", "/messages/{id}/retry", await api.post(`/messages/${failed.body.message_id}/retry`, undefined));

    await expect.poll(async () => (await api.get(`/batches/${bulk.body.batch_id}`)).body.status).toBe("completed");
    conforms("GET", "/batches/{id}", await api.get(`/batches/${bulk.body.batch_id}`));
    conforms("GET", "/batches/{id}", await api.get("/batches/999999"));
    conforms("GET", "/accounts", await api.get("/accounts"));
    conforms("GET", "/balance", await api.get("/balance"));

    const suspended = await server().seed.tenant({ status: "suspended" }).account().create();
    conforms("GET", "/balance", await server().client(suspended.key).get("/balance"));
    const limited = await server().seed.tenant({ requestsPerSecond: 1, requestBurst: 1 }).account().create();
    // The bucket refills from the service clock: held still, no token comes back between the two.
    server().app.deps.clock.freeze();
    await server().client(limited.key).get("/accounts");
    const refused = await server()
      .client(limited.key)
      .get("/accounts")
      .finally(() => server().app.deps.clock.freeze(false));
    expect(refused.status).toBe(429);
    conforms("GET", "/accounts", refused);

    conforms("GET", "/balance", await headersTooLarge(server().url, "/api/v1/balance"));

    // Each of these statuses was met for real; none is left to the document alone.
    for (const expected of [
      "GET /balance 431",
      "POST /send 200",
      "POST /send 422",
      "POST /send 413",
      "POST /send 502",
      "POST /send-bulk 200",
      "POST /send-bulk 429",
      "GET /messages/{id} 404",
      "POST /messages/{id}/retry 200",
      "POST /messages/{id}/retry 422",
      "GET /batches/{id} 200",
      "GET /balance 403",
      "GET /accounts 429",
    ]) {
      expect(checker.checked, expected).toContain(expected);
    }
  });

  it("has a docs page that loads its scripts and styles from this server only", async () => {
    const page = await fetch(`${server().url}/api/v1/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).not.toMatch(/<script>[^<]/);
    const refs = await expectLocalAssets(server().url, html, "/api/v1/docs/assets/");
    const start = await (await fetch(`${server().url}${refs.find((r) => r.endsWith("/start.js"))!}`)).text();
    expect(start).toContain("/api/v1/openapi.json");
    const base = refs[0]!.slice(0, refs[0]!.lastIndexOf("/") + 1);
    expect((await fetch(`${server().url}${base}package.json`)).status).toBe(404);
    // Outside the assets a path is an API route again, which wants a key.
    expect([404, 401]).toContain(await rawGetStatus(server().url, `${base}../../../../package.json`));
  });
});
