import { z } from "zod";
import type { ServiceDeps } from "../../core/deps.js";
import type { Principal } from "../../core/principal.js";
import { SCOPES } from "../../core/auth/scopes.js";
import { startStaffSession } from "../../core/staff/staff-sign-in.js";
import { errorAnswer, noStore, readJsonBody, refusal } from "./console-http.js";
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

// /console/session: sign in (POST, with an API key, or a staff user's email, password and second
// factor), who is signed in (GET), sign out (DELETE). The answer to a sign-in sets the session
// cookie (core/auth/console-session.ts); the key or password is used once and kept nowhere. Every method but GET needs the CSRF header, so no other site can sign a
// visitor in or out.

export const CONSOLE_SESSION_PATH = "/console/session";

const keySignIn = z.strictObject({ api_key: z.string().min(1).max(200) });
const staffSignIn = z.strictObject({ email: z.string().min(1).max(254), password: z.string().min(1).max(1024), code: z.string().max(64).optional() });

type SignIn = z.output<typeof keySignIn> | z.output<typeof staffSignIn>;

/** A body with `api_key` is a key's sign-in, anything else a staff user's: each refused in its own terms. */
const signIn = {
  safeParse(body: unknown): z.ZodSafeParseResult<SignIn> {
    if (body === null || typeof body !== "object" || !("api_key" in body)) return staffSignIn.safeParse(body);
    const key = keySignIn.safeParse(body);
    if (key.success) return key;
    return {
      success: false,
      error: new z.ZodError([{ code: "custom", path: ["api_key"], message: "Give the API key as a string, and nothing else.", input: body }]) as z.ZodError<SignIn>,
    };
  },
};

/** The session, and the time zone the console shows dates in: the tenant's send window's, else the service's. */
const sessionView = (deps: ServiceDeps, s: Principal & { expiresAt: Date; twoFactor: boolean }) => ({
  success: true,
  tenant_id: s.tenantId,
  plan: s.plan.name,
  expires_at: s.expiresAt.toISOString(),
  time_zone: s.sendWindow?.timeZone ?? deps.clock.timeZone,
  /** What the console may show: the pages whose scopes these are (the server checks each request regardless). */
  scopes: SCOPES.filter((scope) => s.scopes.has(scope)),
  /** false until a signed-up business follows its mailed link (docs/signup.md): the console says so and offers a new link. */
  email_verified: s.emailVerified,
  /** Who signed in: a staff user (email and role), a key (its prefix), or an operator looking read-only. */
  signed_in_as: signedInAs(s),
});

const signedInAs = (s: Principal & { twoFactor: boolean }) =>
  s.viewedBy !== undefined
    ? { kind: "operator" as const, email: s.viewedBy, read_only: true as const }
    : s.userId === null
      ? { kind: "key" as const, prefix: s.actor.name, label: s.actor.label }
      : { kind: "user" as const, id: s.userId, email: s.actor.name, role: s.role, two_factor: s.twoFactor };

async function signInAnswer(deps: ServiceDeps, request: Request, url: URL): Promise<Response> {
  const body = await readJsonBody(request, signIn, 'Sign in with {"api_key": "…"} or {"email": "…", "password": "…", "code": "…"}.');
  if (body instanceof Response) return body;
  try {
    const session = "api_key" in body ? await startConsoleSession(deps, body.api_key) : await startStaffSession(deps, body);
    const cookie = sessionCookie(session.token, cameOverHttps(url, request.headers));
    return Response.json(sessionView(deps, { ...session.principal, expiresAt: session.expiresAt, twoFactor: session.twoFactor }), {
      headers: { ...noStore, "set-cookie": cookie },
    });
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
