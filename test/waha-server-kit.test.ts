import { describe, expect, it } from "vitest";
import { sharedStorage, startWahaSessions } from "./kit/waha-sessions.js";
import { waitFor } from "./kit/wait.js";

// The WAHA sessions stand-in's server modes (test/kit/waha-server-health.ts): its health check
// (GET /health, terminus's body; 503 when an indicator is down or it shuts down), GET /ping, no
// answer at all when down, and where sessions' authentication is kept: each server's own storage
// (a session started on another server asks for a QR code) or one shared by two servers (it
// resumes WORKING). Reference: test/kit/references/waha-sessions-and-graph.md A.9.

const KEY = "kit-key";
const get = (url: string, path: string) => fetch(`${url}${path}`, { headers: { "x-api-key": KEY } }).then(async (r) => ({ status: r.status, body: await r.json() }));
const post = (url: string, path: string, body?: unknown) =>
  fetch(`${url}${path}`, {
    method: "POST",
    headers: { "x-api-key": KEY, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  }).then((r) => r.status);
const statusOf = async (url: string, name: string) => (await get(url, `/api/sessions/${name}`)).body.status as string;

describe("the stand-in's health check", () => {
  it("answers ok, a full disk (503 naming the indicator), shutting down, pong, and nothing when down", async () => {
    const waha = await startWahaSessions({ apiKey: KEY });
    try {
      const up = { status: "up" };
      expect(await get(waha.url, "/health")).toEqual({
        status: 200,
        body: { status: "ok", info: { "mediaFiles.space": up, "sessionsFiles.space": up }, error: {}, details: { "mediaFiles.space": up, "sessionsFiles.space": up } },
      });
      expect(await get(waha.url, "/ping")).toEqual({ status: 200, body: { message: "pong" } });
      expect((await fetch(`${waha.url}/health`)).status).toBe(401);

      waha.setHealth("error");
      const unhealthy = await get(waha.url, "/health");
      expect(unhealthy.status).toBe(503);
      expect(unhealthy.body).toMatchObject({ status: "error", error: { "sessionsFiles.space": { status: "down", message: "Used disk storage exceeded the set threshold" } } });
      waha.setHealth("shutting_down");
      expect(await get(waha.url, "/health")).toMatchObject({ status: 503, body: { status: "shutting_down" } });

      waha.setHealth("down");
      await expect(fetch(`${waha.url}/ping`)).rejects.toThrow();
      waha.setHealth("ok");
      expect((await get(waha.url, "/health")).body.status).toBe("ok");
    } finally {
      await waha.close();
    }
  });

  it("has no health check on a WAHA Core before 2026.6.1 (404), which still answers /ping", async () => {
    const waha = await startWahaSessions({ apiKey: KEY, edition: { version: "2026.5.1", tier: "CORE" } });
    try {
      expect(await get(waha.url, "/health")).toEqual({ status: 404, body: { message: "Cannot GET /health", error: "Not Found", statusCode: 404 } });
      expect(await get(waha.url, "/ping")).toEqual({ status: 200, body: { message: "pong" } });
    } finally {
      await waha.close();
    }
  });
});

describe("the stand-in's session storage", () => {
  async function moveAcross(storage?: ReturnType<typeof sharedStorage>) {
    const a = await startWahaSessions({ apiKey: KEY, ...(storage ? { storage } : {}) });
    const b = await startWahaSessions({ apiKey: KEY, ...(storage ? { storage } : {}) });
    expect(await post(a.url, "/api/sessions", { name: "gw_kit", start: true })).toBe(201);
    await waitFor(
      () => statusOf(a.url, "gw_kit"),
      (s) => s === "SCAN_QR_CODE",
    );
    await a.link("gw_kit", "966512345678");
    expect(await post(a.url, "/api/sessions/gw_kit/stop")).toBe(201);
    expect(await statusOf(a.url, "gw_kit")).toBe("STOPPED");
    expect(await post(b.url, "/api/sessions", { name: "gw_kit", start: true })).toBe(201);
    const status = await waitFor(
      () => statusOf(b.url, "gw_kit"),
      (s) => s !== "STARTING",
    );
    const me = (await get(b.url, "/api/sessions/gw_kit")).body.me;
    await a.close();
    await b.close();
    return { status, me };
  }

  it("with a storage two servers share, a session stopped on one resumes WORKING on the other, as the same phone", async () => {
    expect(await moveAcross(sharedStorage())).toEqual({ status: "WORKING", me: { id: "966512345678@c.us", pushName: "~" } });
  });

  it("with each server's own storage (the default), the other server asks for a QR code", async () => {
    expect(await moveAcross()).toEqual({ status: "SCAN_QR_CODE", me: null });
  });
});
