import { timingSafeEqual, createHash } from "node:crypto";
import type http from "node:http";
import { LRUCache } from "lru-cache";
import type { ServiceDeps } from "../../core/deps.js";
import type { AdminSettings } from "./admin.js";
import { commandKind, runOperatorCommand } from "./operator-runs.js";
import { ServiceError, type ErrorCode } from "../../core/errors.js";
import type { Actor } from "../../core/principal.js";
import { CLI_ACTOR, operatorOfRequest, roleMay, type OperatorRole } from "../operators/index.js";
import { restError } from "../../core/rest/errors.js";
import { readBodyWithin } from "../../core/http/body.js";
import { Response } from "../../core/http/fetch-api.js";

// POST /admin/commands {"command": "...", "args": {...}}: how the admin CLI reaches a running server
// that holds the embedded database (`Authorization: Bearer` the server's admin token), and how a
// signed-in operator runs a command (their session's cookie and the CSRF header), within what
// their role allows (docs/operators.md). It can do anything to any tenant, so it is not advertised
// (anyone else is told 404) and guessing is slowed down: an address that fails too often is
// refused for a while before what it presents is even compared.

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

interface Caller {
  actor: Actor;
  role: OperatorRole;
}

/**
 * Who calls: the command line by the server's admin token (every power), or an operator by their
 * session's cookie and the CSRF header. Anything else, a tenant's key or console session
 * included, is nobody, and the route is not found.
 */
async function callerOf(deps: ServiceDeps, request: Request, expected: Buffer): Promise<Caller | undefined> {
  const presented = request.headers.get("authorization")?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (presented !== undefined) return timingSafeEqual(digest(presented), expected) ? { actor: CLI_ACTOR, role: "operator" } : undefined;
  const operator = await operatorOfRequest(deps, request.headers, { csrf: true });
  return operator && { actor: operator.actor, role: operator.role };
}

const answer = (code: ErrorCode, message: string, headers: Record<string, string> = {}) => {
  const e = restError(code, message);
  return Response.json(e.body, { status: e.status, headers });
};

export function createAdminHandler(deps: ServiceDeps, adminToken: string, settings: AdminSettings, maxBodyBytes: number) {
  const expected = digest(adminToken);
  const throttle = new FailedAuthThrottle(() => deps.clock.now().getTime());
  return async (request: Request, context: { req?: http.IncomingMessage }): Promise<Response> => {
    const address = context.req?.socket.remoteAddress ?? "unknown";
    const wait = throttle.blockedFor(address);
    if (wait > 0) return answer("RATE_LIMITED", `Too many failed admin requests from this address; retry after ${wait} s.`, { "retry-after": String(wait) });
    const caller = await callerOf(deps, request, expected);
    if (!caller) {
      throttle.failed(address);
      return answer("NOT_FOUND", "Not found.");
    }
    throttle.succeeded(address);
    if (new URL(request.url).pathname !== "/admin/commands" || request.method !== "POST") return answer("NOT_FOUND", "Use POST /admin/commands.");
    const payload = await commandOf(request, maxBodyBytes);
    if (payload instanceof Response) return payload;
    const kind = commandKind(payload.command);
    if (kind && !roleMay(caller.role, kind)) return answer("INSUFFICIENT_SCOPE", `The ${caller.role} role may not run ${payload.command}.`);
    try {
      const result = await runOperatorCommand(deps.db, caller.actor, payload.command, payload.args, settings);
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

/** The body's command and arguments, or the answer that refuses it. */
async function commandOf(request: Request, maxBodyBytes: number): Promise<{ command: string; args: Record<string, unknown> } | Response> {
  const bytes = await readBodyWithin(request, maxBodyBytes);
  if (!bytes) return answer("PAYLOAD_TOO_LARGE", `The body may be at most ${maxBodyBytes} bytes.`);
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
    return answer("INVALID_JSON", 'The body must be a JSON object: {"command": "<name>", "args": {...}}.');
  }
  return { command: payload.command, args: args as Record<string, unknown> };
}
