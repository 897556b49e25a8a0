import { describe, expect, it } from "vitest";
import { startServer } from "./kit/server.js";
import { csrf } from "./kit/staff.js";

// The client's address, as the audit log and the sign-in throttle see it: the peer's, unless the
// peer is a proxy named in TRUSTED_PROXIES, whose X-Forwarded-For then names the client.

const signIn = (url: string, key: string, forwardedFor: string) =>
  fetch(`${url}/console/session`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor, ...csrf },
    body: JSON.stringify({ api_key: key }),
  });

describe("TRUSTED_PROXIES", () => {
  it("records the forwarded client behind a trusted proxy, and the peer otherwise", async () => {
    for (const [env, expected] of [
      [{ TRUSTED_PROXIES: "127.0.0.1/32,::1" }, "198.51.100.7"],
      [{}, "127.0.0.1"],
    ] as const) {
      const server = await startServer(env);
      try {
        const t = await server.seed.tenant().create();
        expect((await signIn(server.url, t.key, "203.0.113.1, 198.51.100.7")).status).toBe(200);
        const event = await server.app.deps.db.auditEvent.findFirstOrThrow({ where: { tenantId: t.id, action: "session.signed_in" } });
        expect(event.address?.replace(/^::ffff:/, "")).toBe(expected);
      } finally {
        await server.close();
      }
    }
  });

  it("throttles sign-ins per forwarded client, so one office's attempts do not lock out another's", async () => {
    const server = await startServer({ TRUSTED_PROXIES: "127.0.0.1/32,::1" });
    try {
      const wrong = "gw_ABCDEFGH_" + "x".repeat(40);
      let limited = 0;
      for (let i = 0; i < 61; i++) if ((await signIn(server.url, wrong.replace("ABCDEFGH", `ABCDE${String(i).padStart(3, "0")}`), "198.51.100.7")).status === 429) limited++;
      expect(limited).toBe(1);
      const t = await server.seed.tenant().create();
      expect((await signIn(server.url, t.key, "198.51.100.8")).status).toBe(200);
      expect((await signIn(server.url, t.key, "198.51.100.7")).status).toBe(429);
    } finally {
      await server.close();
    }
  });
});
