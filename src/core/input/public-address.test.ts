import { describe, expect, it } from "vitest";
import { guardedLookup, refusedAddressReason, RefusedAddressError } from "./public-address.js";

// Where a webhook may point, address by address: the rule test/webhook-addresses.test.ts and
// test/webhooks-outbound.test.ts check end to end, at registration and at delivery.

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
