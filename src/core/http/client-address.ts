import ipaddr from "ipaddr.js";

// The client's address as the audit log and the sign-in throttle see it. By default it is the
// peer's: X-Forwarded-For is anyone's to write. Behind a proxy (a load balancer, an ingress) the
// operator names the proxies' addresses in TRUSTED_PROXIES; then the header's entries are read from
// the right, past every trusted hop, and the first address no trusted proxy owns is the client's.

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** Parses TRUSTED_PROXIES entries (addresses or CIDR ranges); throws on one that is neither. */
export function parseTrustedProxies(entries: readonly string[]): Range[] {
  return entries.map((entry) => {
    const text = entry.trim();
    if (text.includes("/")) return ipaddr.parseCIDR(text);
    const address = ipaddr.parse(text);
    return [address, address.kind() === "ipv4" ? 32 : 128];
  });
}

const normal = (address: string) => {
  const parsed = ipaddr.parse(address);
  return parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress() ? (parsed as ipaddr.IPv6).toIPv4Address() : parsed;
};

function trusted(address: string, ranges: readonly Range[]): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = normal(address);
  return ranges.some(([range, bits]) => range.kind() === parsed.kind() && parsed.match(range, bits));
}

/** The client's address: the peer's, or through trusted proxies the nearest untrusted X-Forwarded-For entry. */
export function clientAddress(peer: string | undefined, forwardedFor: string | string[] | undefined, ranges: readonly Range[]): string | undefined {
  if (!peer || ranges.length === 0 || !trusted(peer, ranges) || forwardedFor === undefined) return peer;
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor)
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i]!;
    if (!ipaddr.isValid(hop)) return peer;
    if (!trusted(hop, ranges)) return normal(hop).toString();
  }
  return hops[0] ? normal(hops[0]).toString() : peer;
}
