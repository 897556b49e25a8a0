import { timingSafeEqual, createHash } from "node:crypto";
import type http from "node:http";
import { LRUCache } from "lru-cache";
import type { Db } from "../../core/db/database.js";
import { runAdminCommand, type AdminSettings } from "./admin.js";
import { ServiceError } from "../../core/errors.js";
import { restError } from "../../core/rest/errors.js";
import { readBodyWithin } from "../../core/http/body.js";
import { Response } from "../../core/http/fetch-api.js";

// POST /admin/commands {"command": "...", "args": {...}} with `Authorization: Bearer <ADMIN_TOKEN>`:
// how the admin CLI reaches a running server that holds the embedded database. It can do anything
// to any tenant, so guessing the token is slowed down: an address that fails too often is refused
// for a while before its token is even compared.

const digest = (s: string) => createHash("sha256").update(s).digest();

/** Failed attempts an address may make per window before it is refused until the window ends. */
export const ADMIN_FAILURES_PER_WINDOW = 10;
const ADMIN_FAILURE_WINDOW_MS = 60_000;
/** Addresses remembered at once; the least recently seen is forgotten first. */
const ADMIN_TRACKED_ADDRESSES = 10_000;

class FailedAuthThrottle {
  private readonly failures = new LRUCache<string, { count: number; until: number }>({ max: ADMIN_TRACKED_ADDRESSES });

  /** `clock`: the service clock's milliseconds, so tests reach a window's end without waiting. */
  constructor(private readonly clock: () => number) {}

  /** Seconds until `address` may try again, or 0. */
  blockedFor(address: string): number {
    const now = this.clock();
    const entry = this.failures.get(address);
    if (!entry || entry.until <= now || entry.count < ADMIN_FAILURES_PER_WINDOW) return 0;
    return Math.ceil((entry.until - now) / 1000);
  }

  failed(address: string): void {
    const now = this.clock();
    const entry = this.failures.get(address);
    if (!entry || entry.until <= now) this.failures.set(address, { count: 1, until: now + ADMIN_FAILURE_WINDOW_MS });
    else entry.count++;
  }

  succeeded(address: string): void {
    this.failures.delete(address);
  }
}

export function createAdminHandler(db: Db, adminToken: string, settings: AdminSettings, maxBodyBytes: number) {
  const expected = digest(adminToken);
  const throttle = new FailedAuthThrottle(() => (settings.clock?.now() ?? new Date()).getTime());
  return async (request: Request, context: { req?: http.IncomingMessage }): Promise<Response> => {
    const address = context.req?.socket.remoteAddress ?? "unknown";
    const wait = throttle.blockedFor(address);
    if (wait > 0) {
      const e = restError("RATE_LIMITED", `Too many failed admin logins from this address; retry after ${wait} s.`);
      return Response.json(e.body, { status: e.status, headers: { "retry-after": String(wait) } });
    }
    const presented = request.headers.get("authorization")?.match(/^Bearer\s+(\S+)$/i)?.[1] ?? "";
    if (!timingSafeEqual(digest(presented), expected)) {
      throttle.failed(address);
      const e = restError("UNAUTHORIZED", "The admin token is missing or wrong.");
      return Response.json(e.body, { status: e.status });
    }
    throttle.succeeded(address);
    if (new URL(request.url).pathname !== "/admin/commands" || request.method !== "POST") {
      const e = restError("NOT_FOUND", "Use POST /admin/commands.");
      return Response.json(e.body, { status: e.status });
    }
    const bytes = await readBodyWithin(request, maxBodyBytes);
    if (!bytes) {
      const e = restError("PAYLOAD_TOO_LARGE", `The body may be at most ${maxBodyBytes} bytes.`);
      return Response.json(e.body, { status: e.status });
    }
    let payload: { command?: unknown; args?: unknown } | undefined;
    try {
      payload = JSON.parse(bytes.toString("utf8")) as typeof payload;
    } catch {
      // reported below
    }
    const args = payload?.args ?? {};
    if (
      !payload ||
      typeof payload !== "object" ||
      Array.isArray(payload) ||
      typeof payload.command !== "string" ||
      typeof args !== "object" ||
      args === null ||
      Array.isArray(args)
    ) {
      const e = restError("INVALID_JSON", 'The body must be a JSON object: {"command": "<name>", "args": {...}}.');
      return Response.json(e.body, { status: e.status });
    }
    try {
      const result = await runAdminCommand(db, payload.command, args as Record<string, unknown>, settings);
      return new Response(
        JSON.stringify({ success: true, result }, (_, v: unknown) => (typeof v === "bigint" ? Number(v) : v)),
        {
          headers: { "content-type": "application/json" },
        },
      );
    } catch (err) {
      if (!(err instanceof ServiceError)) throw err;
      const e = restError(err.code, err.message, err.fields);
      return Response.json(e.body, { status: e.status });
    }
  };
}
