import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { wahaSignature } from "./kit/provider-signing.js";
import { startWahaSessions } from "./kit/waha-sessions.js";

// The WAHA sessions stand-in itself (test/kit/waha-sessions.ts): lifecycle, QR, pairing code,
// signed session.status webhooks, auth.

interface Received {
  headers: http.IncomingHttpHeaders;
  raw: string;
  body: { event: string; session: string; me?: { id: string }; payload: { name: string; status: string; statuses: unknown[] } };
}

/** A webhook receiver that answers 200 and keeps what it got. */
async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (d: Buffer) => (raw += d.toString()));
    req.on("end", () => {
      received.push({ headers: req.headers, raw, body: JSON.parse(raw) as Received["body"] });
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const until = async (count: number) => {
    for (let i = 0; i < 200 && received.length < count; i++) await new Promise((r) => setTimeout(r, 10));
    // At least: the caller reads the first `count` and checks what came after itself.
    expect(received.length).toBeGreaterThanOrEqual(count);
  };
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { url: `http://127.0.0.1:${port}/webhooks/waha`, received, until, close };
}

describe("WAHA sessions stand-in", () => {
  it("runs a session from creation to deletion, with signed session.status webhooks", async () => {
    const receiver = await startReceiver();
    const waha = await startWahaSessions({ apiKey: "k1" });
    const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
      fetch(`${waha.url}${path}`, {
        method,
        headers: { "x-api-key": "k1", ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    try {
      const unauthorized = await fetch(`${waha.url}/api/sessions`);
      expect(unauthorized.status).toBe(401);
      expect(await unauthorized.json()).toEqual({ message: "Unauthorized", statusCode: 401 });

      const webhooks = [{ url: receiver.url, events: ["session.status"], hmac: { key: "hush" } }];
      const created = await call("POST", "/api/sessions", { name: "biz1", config: { metadata: { account: "a1" }, webhooks } });
      expect(created.status).toBe(201);
      expect(await created.json()).toMatchObject({ name: "biz1", status: "STARTING" });
      await receiver.until(2);
      expect(receiver.received.map((r) => r.body.payload.status)).toEqual(["STARTING", "SCAN_QR_CODE"]);
      for (const { headers, raw, body } of receiver.received) {
        expect(headers["x-webhook-hmac"]).toBe(wahaSignature(raw, "hush"));
        expect(headers["x-webhook-hmac-algorithm"]).toBe("sha512");
        expect(body).toMatchObject({ event: "session.status", session: "biz1", metadata: { account: "a1" }, engine: "NOWEB" });
        expect(body.me).toBeUndefined();
      }
      expect((await call("POST", "/api/sessions", { name: "biz1" })).status).toBe(422);

      const first = ((await (await call("GET", "/api/biz1/auth/qr?format=raw")).json()) as { value: string }).value;
      expect(first).toMatch(/^2@/);
      const png = await call("GET", "/api/biz1/auth/qr?format=image");
      expect(png.headers.get("content-type")).toBe("image/png");
      expect([...new Uint8Array(await png.arrayBuffer()).slice(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
      await waha.rotateQr("biz1");
      expect(receiver.received.at(-1)?.body.payload.status).toBe("SCAN_QR_CODE");
      const second = ((await (await call("GET", "/api/biz1/auth/qr?format=raw")).json()) as { value: string }).value;
      expect(second).not.toBe(first);

      const code = await call("POST", "/api/biz1/auth/request-code", { phoneNumber: "4915112345678" });
      expect(code.status).toBe(201);
      expect(((await code.json()) as { code: string }).code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);

      await waha.link("biz1", "4915112345678", "Biz One");
      expect(receiver.received.at(-1)?.body).toMatchObject({ payload: { status: "WORKING" }, me: { id: "4915112345678@c.us" } });
      const working = (await (await call("GET", "/api/sessions/biz1")).json()) as { status: string; me: { id: string; pushName: string } };
      expect(working).toMatchObject({ status: "WORKING", me: { id: "4915112345678@c.us", pushName: "Biz One" }, engine: { engine: "NOWEB" } });
      expect((await call("GET", "/api/biz1/auth/qr?format=raw")).status).toBe(422);

      expect((await call("POST", "/api/sessions/biz1/logout")).status).toBe(201);
      expect(await (await call("GET", "/api/sessions/biz1/me")).json()).toBeNull();
      expect(((await (await call("GET", "/api/sessions/biz1")).json()) as { me: unknown }).me).toBeNull();

      expect((await call("DELETE", "/api/sessions/biz1")).status).toBe(200);
      expect((await call("GET", "/api/sessions/biz1")).status).toBe(404);
      expect((await call("DELETE", "/api/sessions/biz1")).status).toBe(200);
    } finally {
      await waha.close();
      await receiver.close();
    }
  });
});
