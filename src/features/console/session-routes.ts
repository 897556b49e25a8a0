import { z } from "zod";
import type { ServiceDeps } from "../../core/deps.js";
import type { Principal } from "../../core/principal.js";
import { ServiceError, type ErrorCode } from "../../core/errors.js";
import { restError } from "../../core/rest/errors.js";
import { readBodyWithin } from "../../core/http/body.js";
import {
  cameOverHttps,
  consoleSessionPrincipal,
  CSRF_HEADER,
  endConsoleSession,
  sessionCookie,
  sessionTokenFromHeaders,
  startConsoleSession,
} from "../../core/auth/console-session.js";
import { Response } from "../../core/http/fetch-api.js";

// /console/session: sign in (POST, with an API key), who is signed in (GET), sign out (DELETE).
// The answer to a sign-in sets the session cookie (core/auth/console-session.ts); the key is used
// once and kept nowhere. Every method but GET needs the CSRF header, so no other site can sign a
// visitor in or out.

export const CONSOLE_SESSION_PATH = "/console/session";

const SIGN_IN_BODY_BYTES = 4_096;
const signIn = z.object({ api_key: z.string().min(1).max(200) }).strict();

const noStore = { "cache-control": "no-store" };

function errorAnswer(code: ErrorCode, message: string, headers: Record<string, string> = {}, fields?: Record<string, string>): Response {
  const e = restError(code, message, fields);
  return Response.json(e.body, { status: e.status, headers: { ...noStore, ...headers } });
}

const refusal = (err: unknown, headers: Record<string, string> = {}) => {
  if (!(err instanceof ServiceError)) throw err;
  const wait = err.details?.retryAfter;
  return errorAnswer(err.code, err.message, { ...headers, ...(typeof wait === "number" ? { "retry-after": String(wait) } : {}) });
};

/** The session, and the time zone the console shows dates in: the tenant's send window's, else the service's. */
const sessionView = (deps: ServiceDeps, s: Principal & { expiresAt: Date }) => ({
  success: true,
  tenant_id: s.tenantId,
  plan: s.plan.name,
  expires_at: s.expiresAt.toISOString(),
  time_zone: s.sendWindow?.timeZone ?? deps.clock.timeZone,
});

async function readSignIn(request: Request): Promise<z.infer<typeof signIn> | Response> {
  if (!request.headers.get("content-type")?.toLowerCase().startsWith("application/json"))
    return errorAnswer("UNSUPPORTED_MEDIA_TYPE", 'Send the API key as JSON: {"api_key": "…"}.');
  const bytes = await readBodyWithin(request, SIGN_IN_BODY_BYTES);
  if (!bytes) return errorAnswer("PAYLOAD_TOO_LARGE", "A sign-in is a few hundred bytes at most.");
  let body: unknown;
  try {
    body = JSON.parse(bytes.toString("utf8"));
  } catch {
    return errorAnswer("BAD_REQUEST", "The body is not JSON.");
  }
  const parsed = signIn.safeParse(body);
  if (!parsed.success) return errorAnswer("VALIDATION_ERROR", "Invalid field: api_key.", {}, { api_key: "Give the API key as a string." });
  return parsed.data;
}

async function signInAnswer(deps: ServiceDeps, request: Request, url: URL): Promise<Response> {
  const body = await readSignIn(request);
  if (body instanceof Response) return body;
  try {
    const session = await startConsoleSession(deps, body.api_key);
    const cookie = sessionCookie(session.token, cameOverHttps(url, request.headers));
    return Response.json(sessionView(deps, { ...session.principal, expiresAt: session.expiresAt }), { headers: { ...noStore, "set-cookie": cookie } });
  } catch (err) {
    return refusal(err);
  }
}

/** Answers /console/session. */
export function createConsoleSessionHandler(deps: ServiceDeps) {
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const token = sessionTokenFromHeaders(request.headers);
    const cleared = { "set-cookie": sessionCookie(undefined, cameOverHttps(url, request.headers)) };
    if (request.method === "GET" || request.method === "HEAD") {
      if (!token) return errorAnswer("UNAUTHORIZED", "Not signed in.");
      try {
        const principal = await consoleSessionPrincipal(deps, token);
        return Response.json(sessionView(deps, { ...principal, expiresAt: principal.sessionExpiresAt }), { headers: noStore });
      } catch (err) {
        return refusal(err, cleared);
      }
    }
    if (request.method !== "POST" && request.method !== "DELETE") return errorAnswer("METHOD_NOT_ALLOWED", "Use GET, POST or DELETE.", { allow: "GET, HEAD, POST, DELETE" });
    if (!request.headers.get(CSRF_HEADER)) return errorAnswer("CSRF_HEADER_REQUIRED", "Send the header X-GraphQL-Yoga-CSRF with a sign-in or sign-out.");
    if (request.method === "POST") return signInAnswer(deps, request, url);
    if (token) await endConsoleSession(deps, token);
    return Response.json({ success: true, signed_out: true }, { headers: { ...noStore, ...cleared } });
  };
}
