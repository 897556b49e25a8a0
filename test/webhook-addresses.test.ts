import { afterAll, describe, expect, it } from "vitest";
import { guardedLookup, refusedAddressReason, RefusedAddressError } from "../src/features/webhooks/webhook-addresses.js";
import { useServer } from "./kit/server.js";
import { startFakeProvider } from "./kit/fake-provider.js";
import { waitFor } from "./kit/wait.js";

// Where a webhook may point, for IPv6 forms that carry an IPv4 address: an embedding of an internal
// IPv4 address is refused like the address itself, at registration and again at every delivery.

describe("refusedAddressReason", () => {
  const allowed = [
    "8.8.8.8",
    "2606:4700:4700::1111",
    "::ffff:8.8.8.8", // IPv4-mapped: the IPv4 address it is
    "64:ff9b::808:808", // NAT64 (well-known prefix) of a public address: how IPv6-only hosts reach IPv4
  ];
  it.each(allowed)("allows %s", (address) => {
    expect(refusedAddressReason(address)).toBeUndefined();
  });

  const refused: Array<[string, string]> = [
    ["127.0.0.1", "127.0.0.1 is a loopback address"],
    ["::1", "::1 is a loopback address"],
    ["::", "an unspecified address"],
    ["::ffff:127.0.0.1", "127.0.0.1 is a loopback address"],
    // IPv4-compatible (::/96), deprecated: refused, and the carried address named when internal.
    // Written with a dotted tail as Node prints these when a name resolves to one.
    ["::127.0.0.1", "::7f00:1 is an IPv4-compatible address (::/96, deprecated) carrying 127.0.0.1, a loopback address"],
    ["::10.0.0.1", "carrying 10.0.0.1, a private (RFC 1918) address"],
    ["::8.8.8.8", "::808:808 is an IPv4-compatible address (::/96, deprecated) carrying 8.8.8.8"],
    // SIIT IPv4-translated (::ffff:0:0:0/96), obsolete.
    ["::ffff:0:7f00:1", "carrying 127.0.0.1, a loopback address"],
    ["::ffff:0:a9fe:a9fe", "carrying 169.254.169.254, a link-local address"],
    ["::ffff:0:808:808", "an IPv4-translated address (::ffff:0:0:0/96, obsolete) carrying 8.8.8.8"],
    // NAT64 well-known prefix: judged by the IPv4 address it carries.
    ["64:ff9b::a00:1", "64:ff9b::a00:1 is a NAT64 address (64:ff9b::/96) carrying 10.0.0.1, a private (RFC 1918) address"],
    ["64:ff9b::7f00:1", "carrying 127.0.0.1, a loopback address"],
    ["64:ff9b::192.168.1.1", "64:ff9b::c0a8:101 is a NAT64 address (64:ff9b::/96) carrying 192.168.1.1, a private (RFC 1918) address"],
    ["64:ff9b::a9fe:a9fe", "carrying 169.254.169.254, a link-local address"],
    ["64:ff9b::6440:1", "carrying 100.64.0.1, a carrier-grade NAT (100.64.0.0/10) address"],
    // NAT64 local-use prefix: where the IPv4 address sits depends on the network, so never.
    ["64:ff9b:1::808:808", "64:ff9b:1::808:808 is a local-use NAT64 address (64:ff9b:1::/48)"],
    ["64:ff9b:1::a00:1", "local-use NAT64"],
    // 6to4, deprecated.
    ["2002:7f00:1::", "2002:7f00:1:: is a 6to4 address (2002::/16, deprecated) carrying 127.0.0.1, a loopback address"],
    ["2002:c0a8:1::1", "carrying 192.168.0.1, a private (RFC 1918) address"],
    ["2002:808:808::1", "a 6to4 address (2002::/16, deprecated) carrying 8.8.8.8"],
    // Teredo: server in bits 32-63, client inverted in the last 32 bits.
    ["2001:0:808:808::80ff:fffe", "a Teredo address (2001::/32) carrying 127.0.0.1, a loopback address"],
    ["2001:0:a00:1::f7f7:f7f7", "carrying 10.0.0.1, a private (RFC 1918) address"],
    ["2001:0:808:404::f7f7:f7f7", "a Teredo address (2001::/32) carrying 8.8.8.8 and 8.8.4.4"],
    // Outside 2000::/3 or special-purpose inside it.
    ["4000::1", "4000::1 is outside the global unicast range 2000::/3"],
    ["::2:0:0", "outside the global unicast range 2000::/3"],
    ["100::1", "special-purpose (discard)"],
    ["2001:db8::1", "reserved"],
    ["fe80::1", "link-local"],
    ["fd00::1", "unique-local IPv6"],
    ["ff02::1", "multicast"],
  ];
  it.each(refused)("refuses %s", (address, reason) => {
    expect(refusedAddressReason(address)).toContain(reason);
  });

  it("refuses an embedding that a name resolves to, at connect time", async () => {
    // dns.lookup answers an IP literal with itself, as a resolver could answer a name.
    const err = await new Promise<unknown>((resolve) => guardedLookup("::127.0.0.1", {}, (e) => resolve(e)));
    expect(err).toBeInstanceOf(RefusedAddressError);
    expect((err as Error).message).toBe("address not allowed: ::7f00:1 is an IPv4-compatible address (::/96, deprecated) carrying 127.0.0.1, a loopback address");
  });
});

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
