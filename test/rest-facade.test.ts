import { describe, expect, it } from "vitest";
import { useServer } from "./kit/server.js";
import type { HttpResult } from "./kit/http.js";

const server = useServer();

describe("REST facade edges", () => {
  it("answers a body that is not a JSON object with 422 INVALID_JSON", async () => {
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    for (const body of ["{not json", "[1,2]", '"text"', "null", ""]) {
      const r = await api.request("POST", "/api/v1/send", body, { "content-type": "application/json" });
      expect(r.status, body).toBe(422);
      expect(r.body).toEqual({ success: false, error: { code: "INVALID_JSON", message: "The body must be a JSON object." } });
    }
  });

  it("answers unknown paths with 404 and wrong methods with 405, in the error shape", async () => {
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    const unknown = await api.get("/nope");
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe("NOT_FOUND");
    const wrong = await api.request("GET", "/api/v1/send");
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("POST");
    expect(wrong.body.error.code).toBe("METHOD_NOT_ALLOWED");
    expect((await api.request("GET", "/elsewhere")).status).toBe(404);
  });

  it("refuses bodies over 256 KiB with 413 and sends nothing", async () => {
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    const r = await api.post("/send", { to: "0501234567", message: "x", padding: "y".repeat(300_000) });
    expect(r.status).toBe(413);
    expect(r.body.error.code).toBe("PAYLOAD_TOO_LARGE");
    expect((await api.get("/balance")).body.messages.used).toBe(0);
  });

  it("refuses fields it does not know (a misspelt or newer option must not send by surprise), and accepts a trailing slash", async () => {
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    const r = await api.post("/send/", { to: "0501234567", message: "x", deliver_at: tomorrow, urgency: "high" });
    expect(r.status).toBe(422);
    expect(r.body.error).toEqual({
      code: "VALIDATION_ERROR",
      message: "Invalid fields: deliver_at, urgency.",
      fields: { deliver_at: "is not a field of this request", urgency: "is not a field of this request" },
    });
    expect((await api.get("/balance")).body.messages.used).toBe(0);
    expect((await api.post("/send/", { to: "0501234567", message: "x" })).status).toBe(200);
  });

  // What docs/rest-api.md promises of each odd value: an optional field given as null is not
  // given; any text is a message; everything else is refused naming the field, and nothing sent.
  const expectedAnswer = (field: string, value: unknown) =>
    (value === null && (field === "image_url" || field === "account_id")) || (field === "message" && typeof value === "string" && value !== "")
      ? { status: 200 }
      : { status: 422, code: "VALIDATION_ERROR", named: true };
  const answerTo = (r: HttpResult, field: string) => {
    if (r.status === 200) return { status: 200 };
    const named = Object.keys(r.body.error?.fields ?? {});
    return { status: r.status, code: r.body.error?.code, named: named.length > 0 && named.every((k) => k === field || k.startsWith(`${field}[`)) };
  };

  it("answers malformed values of any field as the docs say, never 500", async () => {
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    const odd = [null, true, 1.5, -1, 2 ** 40, "", "٣", [], {}, ["x"], { a: 1 }];
    for (const value of odd) {
      for (const field of ["to", "message", "image_url", "account_id"]) {
        const r = await api.post("/send", { to: "0501234567", message: "x", [field]: value });
        expect(answerTo(r, field), `${field}=${JSON.stringify(value)}`).toEqual(expectedAnswer(field, value));
      }
      for (const field of ["numbers", "message", "image_url", "account_id"]) {
        const r = await api.post("/send-bulk", { numbers: ["0501234567"], message: "x", [field]: value });
        expect(answerTo(r, field), `${field}=${JSON.stringify(value)}`).toEqual(expectedAnswer(field, value));
      }
    }
  });

  it("declares each answer's length in bytes rather than framing it in chunks, HEAD included", async () => {
    const t = await server().seed.tenant().account().create();
    const headers = { authorization: `Bearer ${t.key}`, "content-type": "application/json" };
    const sent = await fetch(`${server().url}/api/v1/send`, { method: "POST", headers, body: JSON.stringify({ to: "0501234567", message: "مرحبا بك" }) });
    const id = ((await sent.clone().json()) as { message_id: string }).message_id;
    const answers = [
      sent,
      await fetch(`${server().url}/api/v1/messages/${id}`, { headers }),
      await fetch(`${server().url}/api/v1/nope`, { headers }),
      await fetch(`${server().url}/api/v1/send`, { method: "POST", headers, body: "{" }),
    ];
    for (const r of answers) {
      const bytes = Buffer.from(await r.arrayBuffer());
      expect([r.url, r.headers.get("content-length"), r.headers.get("transfer-encoding")]).toEqual([r.url, String(bytes.length), null]);
    }
    const head = await fetch(`${server().url}/api/v1/messages/${id}`, { method: "HEAD", headers });
    const get = await fetch(`${server().url}/api/v1/messages/${id}`, { headers });
    expect([head.status, head.headers.get("content-length")]).toEqual([200, String(Buffer.from(await get.arrayBuffer()).length)]);
  });
});
