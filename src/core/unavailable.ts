import { ServiceError } from "./errors.js";

// A dependency that is away (the database restarting or out of room, Redis stopped) is not a bug of ours and not
// the caller's mistake: it is answered 503 SERVICE_UNAVAILABLE with Retry-After, and the caller
// tries again. This recognises such failures wherever they surface (Prisma, pg, ioredis).

/** Seconds a caller is told to wait (Retry-After) when a dependency is away. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** The headers of every 503 answer, whichever surface (REST, GraphQL, the app's last resort) gives it. */
export const UNAVAILABLE_HEADERS: Readonly<Record<string, string>> = { "retry-after": String(UNAVAILABLE_RETRY_AFTER_SECONDS) };

/**
 * Prisma: cannot reach, timed out, connection closed, pool timeout, too many connections, and an
 * interactive transaction that found no connection in time or ran out of it (P2028; rolled back).
 */
const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024", "P2028", "P2037"]);
/** Driver adapter error kinds (@prisma/driver-adapter-utils) that mean the server is away. */
const ADAPTER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);
/** Socket errors of Node. */
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EHOSTUNREACH", "ECONNABORTED"]);
/**
 * SQLSTATE: connection exceptions (08…), the server shutting down or starting (57P01-57P03), and
 * the server short of a resource: disk full (53100, a write found no room; the statement is rolled
 * back and the same request succeeds once there is room), out of memory (53200), too many
 * connections (53300).
 */
const SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|53[123]00)$/;
/** What pg and ioredis say when a connection ends or cannot be had, without a code to go by. */
const MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error and is not queryable/i,
  /Connection is closed/i,
  /max retries per request/i,
  /Stream isn't writeable/i,
];

function ownUnavailable(e: Record<string, unknown>): boolean {
  const code = typeof e.code === "string" ? e.code : undefined;
  if (code && (PRISMA_CODES.has(code) || SOCKET_CODES.has(code) || SQLSTATE.test(code))) return true;
  if (typeof e.kind === "string" && ADAPTER_KINDS.has(e.kind)) return true;
  if (e.kind === "postgres" && typeof e.originalCode === "string" && SQLSTATE.test(e.originalCode)) return true;
  if (e.kind === "postgres" && typeof e.code === "string" && SQLSTATE.test(e.code)) return true;
  if (e.name === "MaxRetriesPerRequestError") return true;
  return typeof e.message === "string" && MESSAGES.some((m) => m.test(e.message as string));
}

/** True when `err` (or what caused it) says the database or Redis cannot be reached now. */
export function isUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== "object" || depth > 6) return false;
  if (err instanceof ServiceError) return err.code === "SERVICE_UNAVAILABLE";
  const e = err as Record<string, unknown>;
  if (ownUnavailable(e)) return true;
  const meta = e.meta as Record<string, unknown> | undefined;
  const adapter = meta?.driverAdapterError as Record<string, unknown> | undefined;
  return [e.cause, adapter, adapter?.cause, ...(Array.isArray(e.errors) ? (e.errors as unknown[]) : [])].some((c) => isUnavailable(c, depth + 1));
}

export const unavailableError = () =>
  new ServiceError("SERVICE_UNAVAILABLE", `The service cannot use its database or Redis right now; retry in ${UNAVAILABLE_RETRY_AFTER_SECONDS} s.`, undefined, {
    retryAfter: UNAVAILABLE_RETRY_AFTER_SECONDS,
  });

/**
 * Runs `write` again while the database is away, until `until` (the holder's lease). For the
 * write of a delivery's outcome: the provider already has the message, and an outcome lost to a
 * restart would leave it `sending` until the lease ends and another worker sends it again. Past
 * the lease another worker may hold it, so the error is thrown then (at-least-once applies).
 */
export async function persistThroughOutage<T>(write: () => Promise<T>, until: Date | null, now: () => Date): Promise<T> {
  for (let wait = 100; ; wait = Math.min(wait * 2, 2_000)) {
    try {
      return await write();
    } catch (err) {
      if (!isUnavailable(err) || !until || now().getTime() + wait >= until.getTime()) throw err;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}
