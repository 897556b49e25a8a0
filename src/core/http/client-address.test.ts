import { describe, expect, it } from "vitest";
import { clientAddress, parseTrustedProxies } from "./client-address.js";

describe("the client's address", () => {
  const proxies = parseTrustedProxies(["10.0.0.0/8", "192.168.1.7", "fd00::/8"]);

  it("is the peer's without trusted proxies, whatever X-Forwarded-For says", () => {
    expect(clientAddress("203.0.113.9", "198.51.100.1", [])).toBe("203.0.113.9");
    expect(clientAddress("203.0.113.9", "198.51.100.1", proxies)).toBe("203.0.113.9");
  });

  it("through trusted proxies, is the nearest entry no trusted proxy owns", () => {
    expect(clientAddress("10.1.2.3", "198.51.100.1", proxies)).toBe("198.51.100.1");
    // A client can write its own X-Forwarded-For; only what the trusted hops appended counts.
    expect(clientAddress("10.1.2.3", "1.1.1.1, 198.51.100.1, 192.168.1.7", proxies)).toBe("198.51.100.1");
    expect(clientAddress("::ffff:10.1.2.3", ["198.51.100.1"], proxies)).toBe("198.51.100.1");
    expect(clientAddress("fd00::1", "2001:db8::5", proxies)).toBe("2001:db8::5");
  });

  it("keeps the peer's when the header is missing or not addresses", () => {
    expect(clientAddress("10.1.2.3", undefined, proxies)).toBe("10.1.2.3");
    expect(clientAddress("10.1.2.3", "unknown, <script>", proxies)).toBe("10.1.2.3");
    expect(clientAddress("10.1.2.3", "10.9.9.9", proxies)).toBe("10.9.9.9");
  });

  it("refuses a setting that is not addresses or ranges", () => {
    expect(() => parseTrustedProxies(["10.0.0.0/33"])).toThrow();
    expect(() => parseTrustedProxies(["proxy.internal"])).toThrow();
  });
});
