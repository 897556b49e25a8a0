import { z } from "zod";
import type { ServiceDeps } from "../../core/deps.js";
import { consoleSessionPrincipal, CSRF_HEADER, sessionTokenFromHeaders, throttleSignIn } from "../../core/auth/console-session.js";
import { Response } from "../../core/http/fetch-api.js";
import { beginTwoFactor, confirmTwoFactor, newPassword, turnOffTwoFactor, useLink } from "../users/index.js";
import { errorAnswer, noStore, readJsonBody, refusal } from "./console-http.js";

// The console's routes for staff users themselves, beside the sign-in (session-routes.ts):
// choosing a password by a one-time link (/console/link: no session, throttled per address like a
// sign-in), and turning the second factor on and off (/console/two-factor: the user's own session).
// Every one needs the CSRF header, so no other site can make a browser send them.

export const CONSOLE_LINK_PATH = "/console/link";
export const CONSOLE_TWO_FACTOR_PATH = "/console/two-factor";
export const CONSOLE_TWO_FACTOR_CONFIRM_PATH = "/console/two-factor/confirm";

const linkBody = z.strictObject({ token: z.string().min(1).max(256), password: newPassword });
const confirmBody = z.strictObject({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "must be the 6-digit code from the app"),
});
const offBody = z.strictObject({ password: z.string().min(1).max(1024) });

/** Answers /console/link and /console/two-factor(/confirm). */
export function createStaffHandler(deps: ServiceDeps) {
  return async (request: Request): Promise<Response> => {
    const path = new URL(request.url).pathname;
    const allowed = path === CONSOLE_TWO_FACTOR_PATH ? "POST, DELETE" : "POST";
    if (!allowed.split(", ").includes(request.method)) return errorAnswer("METHOD_NOT_ALLOWED", `Use ${allowed}.`, { allow: allowed });
    if (!request.headers.get(CSRF_HEADER)) return errorAnswer("CSRF_HEADER_REQUIRED", "Send the header X-GraphQL-Yoga-CSRF.");
    try {
      if (path === CONSOLE_LINK_PATH) return await linkAnswer(deps, request);
      const token = sessionTokenFromHeaders(request.headers);
      if (!token) return errorAnswer("UNAUTHORIZED", "Sign in to the console first.");
      const caller = await consoleSessionPrincipal(deps, token);
      if (path === CONSOLE_TWO_FACTOR_CONFIRM_PATH) {
        const body = await readJsonBody(request, confirmBody, 'Send {"code": "123456"}.');
        if (body instanceof Response) return body;
        const { recoveryCodes } = await confirmTwoFactor(deps, caller, body.code);
        return Response.json({ success: true, recovery_codes: recoveryCodes }, { headers: noStore });
      }
      if (request.method === "DELETE") {
        const body = await readJsonBody(request, offBody, 'Send {"password": "…"}.');
        if (body instanceof Response) return body;
        await turnOffTwoFactor(deps, caller, body.password);
        return Response.json({ success: true, two_factor: false }, { headers: noStore });
      }
      const begun = await beginTwoFactor(deps, caller);
      return Response.json({ success: true, secret: begun.secret, uri: begun.uri, qr_svg: begun.qrSvg }, { headers: noStore });
    } catch (err) {
      return refusal(err);
    }
  };
}

/** Sets a password by a one-time link; the person then signs in with it. */
async function linkAnswer(deps: ServiceDeps, request: Request): Promise<Response> {
  await throttleSignIn(deps, undefined);
  const body = await readJsonBody(request, linkBody, 'Send {"token": "…", "password": "…"} (at least 12 characters).');
  if (body instanceof Response) return body;
  const { email } = await useLink(deps, body.token, body.password);
  return Response.json({ success: true, email }, { headers: noStore });
}
