import { afterAll, describe, expect, it } from "vitest";
import { useServer } from "./kit/server.js";
import { startFakeProvider } from "./kit/fake-provider.js";
import { waitFor } from "./kit/wait.js";

// Where a webhook may point, for IPv6 forms that carry an IPv4 address: an embedding of an internal
// IPv4 address is refused like the address itself, at registration and again at every delivery.
// The rule itself, address by address, is unit-tested beside it
// (src/features/webhooks/webhook-addresses.test.ts).

describe("IPv6 embeddings of internal IPv4 addresses (default settings)", () => {
  const server = useServer({ WEBHOOK_MAX_ATTEMPTS: "1", WEBHOOK_TIMEOUT_MS: "2000" });
  const receiver = startFakeProvider(() => ({ status: 200 }));
  afterAll(async () => (await receiver).close());

  it("refuses them at registration with 422 VALIDATION_ERROR naming the embedded address", async () => {
    const api = server().client((await server().seed.tenant().create()).key);
    const cases: Array<[string, string]> = [
      ["http://[::127.0.0.1]/", "::7f00:1 is an IPv4-compatible address (::/96, deprecated) carrying 127.0.0.1, a loopback address"],
      ["http://[64:ff9b::a00:1]/", "64:ff9b::a00:1 is a NAT64 address (64:ff9b::/96) carrying 10.0.0.1, a private (RFC 1918) address"],
      ["http://[2002:7f00:1::]/", "2002:7f00:1:: is a 6to4 address (2002::/16, deprecated) carrying 127.0.0.1, a loopback address"],
      ["http://[::ffff:0:7f00:1]/", "carrying 127.0.0.1, a loopback address"],
      ["http://[2001:0:808:808::80ff:fffe]/", "carrying 127.0.0.1, a loopback address"],
      ["https://[64:ff9b::a9fe:a9fe]/latest/meta-data", "carrying 169.254.169.254, a link-local address"],
    ];
    for (const [url, reason] of cases) {
      const r = await api.post("/webhooks", { url });
      expect(r.status, url).toBe(422);
      expect(r.body.error, url).toMatchObject({ code: "VALIDATION_ERROR", fields: { url: expect.stringContaining(reason) } });
    }
    expect((await api.get("/webhooks")).body.webhooks).toEqual([]);
    // NAT64 of a public address is how an IPv6-only deployment reaches an IPv4 receiver.
    expect((await api.post("/webhooks", { url: "https://[64:ff9b::808:808]/hook" })).status).toBe(200);
  });

  it("refuses them again at delivery: the attempts end with `address not allowed` and nothing arrives", async () => {
    const tenant = await server().seed.tenant().account().create();
    const api = server().client(tenant.key);
    const { port } = new URL((await receiver).url);
    // As if registered before these rules: rows written straight to the database.
    const hosts = ["[::127.0.0.1]", "[64:ff9b::7f00:1]", "[2002:7f00:1::]", "[::ffff:0:7f00:1]", "[2001:0:808:808::80ff:fffe]"];
    for (const host of hosts) {
      await server().app.deps.db.webhookEndpoint.create({ data: { tenantId: tenant.id, url: `http://${host}:${port}/hook`, secret: "whsec_test" } });
    }
    expect((await api.post("/send", { to: "0501234567", message: "no inward requests" })).status).toBe(200);
    type Delivery = { status: string; last_error: string | null };
    const log = await waitFor(
      async () => (await api.get("/webhook-deliveries?limit=100")).body.deliveries as Delivery[],
      (ds) => ds.length === hosts.length * 2 && ds.every((d) => d.status === "failed"),
    );
    for (const d of log) expect(d.last_error).toMatch(/^address not allowed: \S+ is an? .+ carrying 127\.0\.0\.1, a loopback address$/);
    expect((await receiver).requests).toEqual([]);
  });
});
