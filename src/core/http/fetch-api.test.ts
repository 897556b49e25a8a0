import { describe, expect, it } from "vitest";
import { Response } from "./fetch-api.js";

// The ponyfill under yoga writes into the header record it is given; answers built from a shared
// constant must each get their own type and length, and leave the constant as it was.
describe("Response", () => {
  it("leaves a shared header record alone and sizes each answer by its own body", async () => {
    const shared = Object.freeze({ "cache-control": "no-store" });
    const long = Response.json({ message: "a longer answer than the next one" }, { status: 200, headers: shared });
    const short = Response.json({ ok: false }, { status: 401, headers: shared });
    const text = new Response("plain", { headers: shared });
    expect(shared).toEqual({ "cache-control": "no-store" });
    expect(short.headers.get("content-length")).toBe(String(Buffer.byteLength(JSON.stringify({ ok: false }))));
    expect(long.headers.get("content-length")).toBe(String(Buffer.byteLength(JSON.stringify({ message: "a longer answer than the next one" }))));
    expect([short.status, short.headers.get("content-type"), short.headers.get("cache-control")]).toEqual([401, "application/json; charset=utf-8", "no-store"]);
    expect(text.headers.get("content-type")).toBe("text/plain;charset=UTF-8");
    expect(await short.json()).toEqual({ ok: false });
  });

  it("keeps a content type the caller names, and is what instanceof checks find", () => {
    const problem = Response.json({ title: "x" }, { headers: [["content-type", "application/problem+json"]] });
    expect(problem.headers.get("content-type")).toBe("application/problem+json");
    expect(problem).toBeInstanceOf(Response);
  });
});
