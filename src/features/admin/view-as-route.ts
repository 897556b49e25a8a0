import { z } from "zod";
import { cameOverHttps, sessionCookie, startViewAsSession } from "../../core/auth/console-session.js";
import type { ServiceDeps } from "../../core/deps.js";
import { notFound, ServiceError } from "../../core/errors.js";
import { readBodyWithin } from "../../core/http/body.js";
import { Response } from "../../core/http/fetch-api.js";
import { parseInput } from "../../core/input/validation.js";
import { noStore, operatorRefusal } from "./operator-answers.js";
import { operatorOfRequest, recordOperatorEvent } from "../operators/index.js";

// POST /admin/view-as {"tenant": 7}: an operator opens a read-only look at a business's console
// (docs/operators.md, "View as"). The answer sets the business console's cookie in this browser
// for one hour and names where the console is; every role may (it changes nothing). The look is an
// event in the tenant's chain and in the operators', written together. To anyone but a signed-in
// operator (with the CSRF header) the route is not found, as every operator route is.

export const OPERATOR_VIEW_AS_PATH = "/admin/view-as";

const VIEW_AS_BYTES = 1_024;
const viewAs = z.strictObject({ tenant: z.number().int().positive() });

async function tenantOf(request: Request): Promise<number | Response> {
  if (!request.headers.get("content-type")?.toLowerCase().startsWith("application/json")) return operatorRefusal("UNSUPPORTED_MEDIA_TYPE", 'Send JSON: {"tenant": <id>}.');
  const bytes = await readBodyWithin(request, VIEW_AS_BYTES);
  if (!bytes) return operatorRefusal("PAYLOAD_TOO_LARGE", `The body may be at most ${VIEW_AS_BYTES} bytes.`);
  let body: unknown;
  try {
    body = JSON.parse(bytes.toString("utf8"));
  } catch {
    return operatorRefusal("BAD_REQUEST", "The body is not JSON.");
  }
  return parseInput(viewAs, body).tenant;
}

/** Answers /admin/view-as; `consoleUrl` is CONSOLE_URL, where the business console is when it is not on this listener. */
export function createViewAsHandler(deps: ServiceDeps, consoleUrl: string | undefined) {
  return async (request: Request): Promise<Response> => {
    const operator = await operatorOfRequest(deps, request.headers, { csrf: true });
    if (!operator) return operatorRefusal("NOT_FOUND", "Not found.");
    if (request.method !== "POST") return operatorRefusal("METHOD_NOT_ALLOWED", "Use POST.");
    try {
      const tenantId = await tenantOf(request);
      if (tenantId instanceof Response) return tenantId;
      if (!(await deps.db.tenant.findUnique({ where: { id: tenantId }, select: { id: true } }))) throw notFound("Tenant");
      const look = await startViewAsSession(deps, operator, tenantId, (tx, sessionId) =>
        recordOperatorEvent(tx, operator.actor, deps.clock.now(), { action: "business.viewed_as", target: `tenant:${tenantId}`, after: { consoleSession: sessionId } }),
      );
      const https = cameOverHttps(new URL(request.url), request.headers);
      return Response.json(
        { success: true, console_url: consoleUrl ?? "/console/", expires_at: look.expiresAt.toISOString() },
        { headers: { ...noStore, "set-cookie": sessionCookie(look.token, https) } },
      );
    } catch (err) {
      if (!(err instanceof ServiceError)) throw err;
      return operatorRefusal(err.code, err.message, {}, err.fields);
    }
  };
}
