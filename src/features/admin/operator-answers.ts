import type { ErrorCode } from "../../core/errors.js";
import { Response } from "../../core/http/fetch-api.js";
import { restError } from "../../core/rest/errors.js";

// The refusals of the operator routes (/admin/session, /admin/view-as, /admin/health): the
// documented error shape, never cached.

export const noStore = { "cache-control": "no-store" };

export function operatorRefusal(code: ErrorCode, message: string, headers: Record<string, string> = {}, fields?: Record<string, string>): Response {
  const e = restError(code, message, fields);
  return Response.json(e.body, { status: e.status, headers: { ...noStore, ...headers } });
}
