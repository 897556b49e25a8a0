import dns from "node:dns";
import type { LookupAddress, LookupOneOptions, LookupAllOptions } from "node:dns";
import ipaddr from "ipaddr.js";
import { validationError } from "../errors.js";

// Which addresses a URL a tenant chose may lead to. A tenant chooses a webhook URL or a media link
// and the service (or WAHA's server, for media) makes the request, so without these rules a tenant
// could make it reach into its own network (databases, metadata endpoints, admin ports). Webhooks
// apply them when an endpoint is registered and again when each request connects, so a name that
// later resolves inward (DNS rebinding) is refused at the socket; media links when a send is accepted.

/** Plain words for ipaddr.js's range names, for error messages. */
const rangeWords: Record<string, string> = {
  unspecified: "an unspecified",
  broadcast: "a broadcast",
  multicast: "a multicast",
  linkLocal: "a link-local",
  loopback: "a loopback",
  carrierGradeNat: "a carrier-grade NAT (100.64.0.0/10)",
  private: "a private (RFC 1918)",
  uniqueLocal: "a unique-local IPv6",
  reserved: "a reserved",
};

const inWords = (range: string) => `${rangeWords[range] ?? `a special-purpose (${range})`} address`;

/** IANA's global unicast block: IPv6 outside it is unassigned or special-purpose, never a receiver. */
const globalUnicast = ipaddr.IPv6.parseCIDR("2000::/3");

/** An IPv6 form that carries IPv4 addresses, and whether it may be a target at all. */
interface Embedding {
  form: string;
  /** Every IPv4 address the packets may end up at. */
  carried: ipaddr.IPv4[];
  /** True: judged by the IPv4 addresses it carries. False: refused whatever it carries. */
  judgedByCarried: boolean;
}

const ipv4Of = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);

/**
 * The transition forms that put an IPv4 address inside an IPv6 one. Only NAT64's well-known
 * prefix has a use for a webhook today (an IPv6-only network with DNS64 reaching an IPv4
 * receiver), and RFC 6052 keeps it for public IPv4 addresses, so it is judged by the address it
 * carries. The others are refused outright: IPv4-compatible (deprecated by RFC 4291), SIIT's
 * IPv4-translated form (obsolete since RFC 6145), 6to4 (deprecated by RFC 7526), Teredo (a
 * client's NAT-traversal tunnel, no place for a server), and NAT64's local-use prefix, whose IPv4
 * address may sit at any of RFC 6052's positions and which exists to reach a network's own IPv4
 * space. Network-specific NAT64 prefixes cannot be told from ordinary global addresses.
 */
function embeddingOf(ip: ipaddr.IPv6): Embedding | undefined {
  const [p0 = 0, p1 = 0, p2 = 0, p3 = 0, p4 = 0, p5 = 0, p6 = 0, p7 = 0] = ip.parts;
  switch (ip.range()) {
    case "unicast":
      // :: and ::1 are in ranges of their own, so this is the rest of ::/96.
      if (p0 || p1 || p2 || p3 || p4 || p5) return undefined;
      return { form: "an IPv4-compatible address (::/96, deprecated)", carried: [ipv4Of(p6, p7)], judgedByCarried: false };
    case "rfc6145":
      return { form: "an IPv4-translated address (::ffff:0:0:0/96, obsolete)", carried: [ipv4Of(p6, p7)], judgedByCarried: false };
    case "rfc6052":
      return p2 === 0
        ? { form: "a NAT64 address (64:ff9b::/96)", carried: [ipv4Of(p6, p7)], judgedByCarried: true }
        : { form: "a local-use NAT64 address (64:ff9b:1::/48)", carried: [], judgedByCarried: false };
    case "6to4":
      return { form: "a 6to4 address (2002::/16, deprecated)", carried: [ipv4Of(p1, p2)], judgedByCarried: false };
    case "teredo":
      // The client's address is stored inverted; the server's is in bits 32-63.
      return { form: "a Teredo address (2001::/32)", carried: [ipv4Of(~p6 & 0xffff, ~p7 & 0xffff), ipv4Of(p2, p3)], judgedByCarried: false };
    default:
      return undefined;
  }
}

/**
 * IPv6 text with any dotted tail written in hex. ipaddr.js reads "::a.b.c.d" as IPv4-mapped, but it
 * is IPv4-compatible (::/96), and it is how Node prints such an address when a name resolves to
 * one; the WHATWG URL parser reads it right and prints hex only. Text it refuses (a zone id) is
 * left to ipaddr.js.
 */
function inHex(address: string): string {
  if (!address.includes(":")) return address;
  try {
    return new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return address;
  }
}

/**
 * Why an address may not be a webhook target, or undefined when it may. An allow-list: IPv4
 * passes only in ipaddr.js's "unicast" range; IPv6 only inside 2000::/3 and outside every
 * special-purpose block, except NAT64 of a public IPv4 address (see `embeddingOf`). A form that
 * carries an internal IPv4 address is refused naming it; IPv4-mapped IPv6 (::ffff:10.0.0.1) is
 * judged as the IPv4 address it is.
 */
export function refusedAddressReason(address: string): string | undefined {
  if (!ipaddr.isValid(address)) return `${address} is not an IP address`;
  const ip = ipaddr.process(inHex(address));
  if (ip.kind() === "ipv4") return ip.range() === "unicast" ? undefined : `${ip.toString()} is ${inWords(ip.range())}`;
  const v6 = ip as ipaddr.IPv6;
  const embedding = embeddingOf(v6);
  if (embedding) {
    const { form, carried, judgedByCarried } = embedding;
    const internal = carried.find((v4) => v4.range() !== "unicast");
    if (internal) return `${v6.toString()} is ${form} carrying ${internal.toString()}, ${inWords(internal.range())}`;
    if (judgedByCarried) return undefined;
    return `${v6.toString()} is ${form}${carried.length ? ` carrying ${carried.join(" and ")}` : ""}`;
  }
  if (v6.range() !== "unicast") return `${v6.toString()} is ${inWords(v6.range())}`;
  if (!v6.match(globalUnicast)) return `${v6.toString()} is outside the global unicast range 2000::/3`;
  return undefined;
}

/** The host of a URL as an IP address when it is one (IPv6 without its brackets). */
function literalAddress(hostname: string): string | undefined {
  const bare = hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
  return ipaddr.isValid(bare) ? bare : undefined;
}

export class RefusedAddressError extends Error {
  readonly code = "EADDRREFUSED";
  constructor(reason: string) {
    super(`address not allowed: ${reason}`);
    this.name = "RefusedAddressError";
  }
}

/**
 * Why the URL's host, literal or resolved, may not be reached from here (a loopback, private,
 * link-local or other internal address), or undefined when it may. Every resolved address must
 * pass, since a connection may use any of them. `allowPrivate` (development, tests) skips the check.
 */
export async function inwardAddressProblem(url: URL, allowPrivate: boolean): Promise<string | undefined> {
  if (allowPrivate) return undefined;
  const literal = literalAddress(url.hostname);
  let addresses: string[];
  if (literal) {
    addresses = [literal];
  } else {
    try {
      addresses = (await dns.promises.lookup(url.hostname, { all: true, verbatim: true })).map((a) => a.address);
    } catch (err) {
      const code = (err as { code?: string }).code ?? "lookup failed";
      return `host ${url.hostname} could not be resolved (${code})`;
    }
  }
  for (const address of addresses) {
    const reason = refusedAddressReason(address);
    if (reason) return `must not point to a loopback, private, link-local or other internal address: ${reason}`;
  }
  return undefined;
}

/**
 * Refuses (422 naming `field`) a link a provider will fetch when it leads inward: WAHA's server
 * fetches media from inside the operator's network. `allowPrivate` (development, tests) skips it.
 */
export async function refuseInwardLink(link: string, field: string, allowPrivate: boolean): Promise<void> {
  const problem = await inwardAddressProblem(new URL(link), allowPrivate);
  if (problem) throw validationError({ [field]: problem });
}

export const CREDENTIALS_PROBLEM = "must not carry a user name or password";

/** True when a URL carries a user name or password: a provider would send them to whoever serves it. */
export function carriesCredentials(link: string): boolean {
  try {
    const u = new URL(link);
    return u.username !== "" || u.password !== "";
  } catch {
    return false;
  }
}

/** The delivery-time check of a URL whose host is an IP literal (the socket's lookup is skipped for those). */
export function refusedLiteralReason(url: URL): string | undefined {
  const literal = literalAddress(url.hostname);
  return literal ? refusedAddressReason(literal) : undefined;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for sockets that resolves as usual and then refuses the connection when any address
 * is internal. The socket connects to exactly the addresses checked here, so a DNS answer cannot
 * change between the check and the connection.
 */
export function guardedLookup(hostname: string, options: LookupOneOptions | LookupAllOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { ...options, all: true }, (err, found) => {
    if (err) return callback(err, []);
    for (const { address } of found) {
      const reason = refusedAddressReason(address);
      if (reason) return callback(new RefusedAddressError(reason), []);
    }
    if (options.all) return callback(null, found);
    const first = found[0];
    if (!first) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: "ENOTFOUND" }), []);
    callback(null, first.address, first.family);
  });
}
