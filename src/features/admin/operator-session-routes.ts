import { z } from "zod";
import { cameOverHttps, CSRF_HEADER } from "../../core/auth/console-session.js";
import type { ServiceDeps } from "../../core/deps.js";
import { ServiceError } from "../../core/errors.js";
import { readBodyWithin } from "../../core/http/body.js";
import { Response } from "../../core/http/fetch-api.js";
import { parseInput } from "../../core/input/validation.js";
import { noStore, operatorRefusal } from "./operator-answers.js";
import { endOperatorSession, kindsOf, operatorCookie, operatorOfSession, operatorTokenFromHeaders, startOperatorSession, type OperatorPrincipal } from "../operators/index.js";

// /admin/session: an operator signs in (POST: email, password and the TOTP or recovery code), asks
// who is signed in (GET) and signs out (DELETE). Every method but GET needs the CSRF header. Without
// an operator's session, GET and DELETE are not found, as every other operator route is to anyone
// else; a tenant's console cookie is not an operator's.

export const OPERATOR_SESSION_PATH = "/admin/session";

const SIGN_IN_BYTES = 4_096;
const signIn = z.strictObject({ email: z.string().min(1).max(254), password: z.string().min(1).max(1024), code: z.string().max(64).optional() });

/** Who is signed in, and the kinds of command their role may run (the console offers only those). */
const view = (o: OperatorPrincipal) => ({
  success: true,
  operator: { id: o.operatorId, email: o.email, role: o.role },
  may: kindsOf(o.role),
  expires_at: o.expiresAt.toISOString(),
});

async function signInAnswer(deps: ServiceDeps, request: Request, https: boolean): Promise<Response> {
  if (!request.headers.get("content-type")?.toLowerCase().startsWith("application/json")) return operatorRefusal("UNSUPPORTED_MEDIA_TYPE", "Send JSON: email, password and code.");
  const bytes = await readBodyWithin(request, SIGN_IN_BYTES);
  if (!bytes) return operatorRefusal("PAYLOAD_TOO_LARGE", "A sign-in is a few hundred bytes at most.");
  try {
    let body: unknown;
    try {
      body = JSON.parse(bytes.toString("utf8"));
    } catch {
      return operatorRefusal("BAD_REQUEST", "The body is not JSON.");
    }
    const session = await startOperatorSession(deps, parseInput(signIn, body));
    return Response.json(view(session.principal), { headers: { ...noStore, "set-cookie": operatorCookie(session.token, https) } });
  } catch (err) {
    if (!(err instanceof ServiceError)) throw err;
    const wait = err.details?.retryAfter;
    return operatorRefusal(err.code, err.message, typeof wait === "number" ? { "retry-after": String(wait) } : {}, err.fields);
  }
}

/** Answers /admin/session. */
export function createOperatorSessionHandler(deps: ServiceDeps) {
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const https = cameOverHttps(url, request.headers);
    if (!["GET", "HEAD", "POST", "DELETE"].includes(request.method)) return operatorRefusal("METHOD_NOT_ALLOWED", "Use GET, POST or DELETE.", { allow: "GET, HEAD, POST, DELETE" });
    if (request.method !== "GET" && request.method !== "HEAD" && !request.headers.get(CSRF_HEADER)) {
      return operatorRefusal("CSRF_HEADER_REQUIRED", "Send the header X-GraphQL-Yoga-CSRF with a sign-in or sign-out.");
    }
    if (request.method === "POST") return signInAnswer(deps, request, https);
    const token = operatorTokenFromHeaders(request.headers);
    const operator = token === undefined ? undefined : await operatorOfSession(deps, token);
    if (!operator || token === undefined) return operatorRefusal("NOT_FOUND", "Not found.", { "set-cookie": operatorCookie(undefined, https) });
    if (request.method === "DELETE") {
      await endOperatorSession(deps, operator, token);
      return Response.json({ success: true, signed_out: true }, { headers: { ...noStore, "set-cookie": operatorCookie(undefined, https) } });
    }
    return Response.json(view(operator), { headers: noStore });
  };
}
