import http from "node:http";
import { describe, expect, it } from "vitest";
import { startServer, useServer } from "./kit/server.js";

// The admin endpoint (throttled, bounded, optionally on a listener of its own), the CORS policy,
// and metrics whose labels cannot be multiplied by callers.

const adminCommand = (base: string, token: string, body: unknown = { command: "plan:list", args: {} }) =>
  fetch(`${base}/admin/commands`, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify(body) });

describe("admin endpoint on the main listener", () => {
  const server = useServer();

  it("refuses an address that keeps failing, even with the right token, until its window ends", async () => {
    const clock = server().app.deps.clock;
    const first = clock.now().getTime();
    // A wrong token is told the route is not there (it is not advertised), and counted.
    for (let i = 0; i < 10; i++) expect((await adminCommand(server().url, `wrong-token-${i}-0123456789`)).status).toBe(404);
    const blocked = await adminCommand(server().url, server().app.adminToken);
    expect(blocked.status).toBe(429);
    // The minute's window opened at the first failure: what is left of it, to the second.
    const left = Number(blocked.headers.get("retry-after"));
    expect(left).toBeLessThanOrEqual(60);
    expect(left).toBeGreaterThanOrEqual(60 - Math.ceil((clock.now().getTime() - first) / 1000));
    expect(await blocked.json()).toEqual({ success: false, error: { code: "RATE_LIMITED", message: expect.stringMatching(/failed admin requests/) } });
    // The window ends on the service clock: the right token is taken again.
    clock.advance(left * 1000);
    expect((await adminCommand(server().url, server().app.adminToken)).status).toBe(200);
  });

  it("reads its body only up to the limit", async () => {
    // A fresh server: the address above is still blocked on the shared one.
    const fresh = await startServer({ HTTP_MAX_BODY_BYTES: "4096" });
    try {
      const status = await new Promise<number>((resolve, reject) => {
        const { port } = new URL(fresh.url);
        const req = http.request(
          {
            host: "127.0.0.1",
            port,
            method: "POST",
            path: "/admin/commands",
            headers: { authorization: `Bearer ${fresh.app.adminToken}`, "content-type": "application/json", "transfer-encoding": "chunked" },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on("error", reject);
        for (let i = 0; i < 64; i++) req.write("x".repeat(1024));
        req.end();
      });
      expect(status).toBe(413);
      expect((await adminCommand(fresh.url, fresh.app.adminToken)).status).toBe(200);
    } finally {
      await fresh.close();
    }
  });
});

describe("admin listener of its own (ADMIN_PORT)", () => {
  const server = useServer({ ADMIN_PORT: "0" });

  it("serves /admin/commands and /metrics there, on loopback, and not on the public listener", async () => {
    const adminUrl = server().app.adminUrl!;
    expect(new URL(adminUrl).hostname).toBe("127.0.0.1");
    expect(new URL(adminUrl).port).not.toBe(new URL(server().url).port);
    expect((await adminCommand(adminUrl, server().app.adminToken)).status).toBe(200);
    expect((await fetch(`${adminUrl}/metrics`)).status).toBe(200);
    expect((await fetch(`${adminUrl}/healthz`)).status).toBe(200);
    expect((await fetch(`${adminUrl}/api/v1/balance`)).status).toBe(404);
    const onPublic = await adminCommand(server().url, server().app.adminToken);
    expect(onPublic.status).toBe(404);
    expect((await onPublic.json()).error.code).toBe("NOT_FOUND");
    expect((await fetch(`${server().url}/metrics`)).status).toBe(404);
  });
});

describe("CORS", () => {
  const preflight = (url: string, origin: string) =>
    fetch(`${url}/api/v1/send`, {
      method: "OPTIONS",
      headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "authorization, content-type" },
    });

  describe("by default", () => {
    const server = useServer();
    it("lets no other origin read an answer, and never allows credentials", async () => {
      const t = await server().seed.tenant().account().create();
      const r = await fetch(`${server().url}/api/v1/balance`, { headers: { origin: "https://evil.example", authorization: `Bearer ${t.key}` } });
      expect(r.status).toBe(200);
      expect(r.headers.get("access-control-allow-origin")).toBeNull();
      expect(r.headers.get("access-control-allow-credentials")).toBeNull();
      const gql = await fetch(`${server().url}/graphql`, {
        method: "POST",
        headers: { origin: "https://evil.example", "content-type": "application/json" },
        body: '{"query":"{ __typename }"}',
      });
      expect(gql.headers.get("access-control-allow-origin")).toBeNull();
      const pre = await preflight(server().url, "https://evil.example");
      expect(pre.status).toBe(204);
      expect(pre.headers.get("access-control-allow-origin")).toBeNull();
    });
  });

  describe("with CORS_ORIGINS", () => {
    const server = useServer({ CORS_ORIGINS: "https://app.example.com" });
    it("answers the listed origin, with the headers a page needs, and only it", async () => {
      const t = await server().seed.tenant().account().create();
      const ok = await fetch(`${server().url}/api/v1/balance`, { headers: { origin: "https://app.example.com", authorization: `Bearer ${t.key}` } });
      expect(ok.headers.get("access-control-allow-origin")).toBe("https://app.example.com");
      expect(ok.headers.get("access-control-expose-headers")).toContain("RateLimit-Remaining");
      expect(ok.headers.get("vary")).toContain("Origin");
      expect(ok.headers.get("access-control-allow-credentials")).toBeNull();
      const pre = await preflight(server().url, "https://app.example.com");
      expect(pre.status).toBe(204);
      expect(pre.headers.get("access-control-allow-origin")).toBe("https://app.example.com");
      expect(pre.headers.get("access-control-allow-headers")).toMatch(/Authorization/);
      expect(pre.headers.get("access-control-allow-methods")).toContain("POST");
      const other = await fetch(`${server().url}/api/v1/balance`, { headers: { origin: "https://app.example.com.evil.example", authorization: `Bearer ${t.key}` } });
      expect(other.headers.get("access-control-allow-origin")).toBeNull();
    });
  });

  describe("with CORS_ORIGINS=*", () => {
    const server = useServer({ CORS_ORIGINS: "*" });
    it("allows any origin without credentials", async () => {
      const r = await fetch(`${server().url}/api/v1/openapi.json`, { headers: { origin: "https://anywhere.example" } });
      expect(r.headers.get("access-control-allow-origin")).toBe("*");
      expect(r.headers.get("access-control-allow-credentials")).toBeNull();
    });
  });
});
