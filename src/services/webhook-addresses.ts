import dns from "node:dns";
import type { LookupAddress, LookupOneOptions, LookupAllOptions } from "node:dns";
import ipaddr from "ipaddr.js";
import { validationError } from "./errors.js";

// Where a webhook may point. A tenant chooses the URL and the service makes the request, so
// without these rules a tenant could make the service POST into its own network (databases,
// metadata endpoints, admin ports). The rules apply when an endpoint is registered, with a clear
// error, and again when each request connects, so a name that later resolves inward (DNS
// rebinding) is refused at the socket.

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

/**
 * Why an address may not be a webhook target, or undefined when it may. Only global unicast passes:
 * an allow-list, so ranges that embed or translate to an IPv4 address (6to4, Teredo, NAT64) and
 * reserved or documentation blocks are refused too. IPv4-mapped IPv6 (::ffff:10.0.0.1) is judged
 * as the IPv4 address it is.
 */
export function refusedAddressReason(address: string): string | undefined {
  if (!ipaddr.isValid(address)) return `${address} is not an IP address`;
  const ip = ipaddr.process(address);
  const range = ip.range();
  if (range === "unicast") return undefined;
  return `${ip.toString()} is ${rangeWords[range] ?? `a special-purpose (${range})`} address`;
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

/** Checks the shape of an endpoint URL; returns the parsed URL. Field errors name `url`. */
export function parseWebhookUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw validationError({ url: "must be an absolute http(s) URL" });
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw validationError({ url: "must use http or https" });
  if (url.username || url.password) throw validationError({ url: "must not carry a user name or password (they would be shown in listings)" });
  if (raw.length > 2048) throw validationError({ url: "must be at most 2048 characters" });
  return url;
}

/**
 * The registration check: the URL's host, literal or resolved, must be a public address, unless
 * `allowPrivate`. Every resolved address must pass, since the connection may use any of them.
 */
export async function checkWebhookAddress(url: URL, allowPrivate: boolean): Promise<void> {
  if (allowPrivate) return;
  const literal = literalAddress(url.hostname);
  let addresses: string[];
  if (literal) {
    addresses = [literal];
  } else {
    try {
      addresses = (await dns.promises.lookup(url.hostname, { all: true, verbatim: true })).map((a) => a.address);
    } catch (err) {
      const code = (err as { code?: string }).code ?? "lookup failed";
      throw validationError({ url: `host ${url.hostname} could not be resolved (${code})` });
    }
  }
  for (const address of addresses) {
    const reason = refusedAddressReason(address);
    if (reason) throw validationError({ url: `must not point to a loopback, private, link-local or other internal address: ${reason}` });
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
