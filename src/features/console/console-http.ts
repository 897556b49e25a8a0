import type { z } from "zod";
import { ServiceError, type ErrorCode } from "../../core/errors.js";
import { restError } from "../../core/rest/errors.js";
import { readBodyWithin } from "../../core/http/body.js";
import { Response } from "../../core/http/fetch-api.js";

// What the console's own routes (session-routes.ts, staff-routes.ts) answer with: the one error
// shape, never cached, and small JSON bodies read within a bound.

const CONSOLE_BODY_BYTES = 4_096;

export const noStore = { "cache-control": "no-store" };

export function errorAnswer(code: ErrorCode, message: string, headers: Record<string, string> = {}, fields?: Record<string, string>): Response {
  const e = restError(code, message, fields);
  return Response.json(e.body, { status: e.status, headers: { ...noStore, ...headers } });
}

/** A service's refusal in the error shape (with Retry-After when it has a wait); anything else is thrown on. */
export const refusal = (err: unknown, headers: Record<string, string> = {}) => {
  if (!(err instanceof ServiceError)) throw err;
  const wait = err.details?.retryAfter;
  return errorAnswer(err.code, err.message, { ...headers, ...(typeof wait === "number" ? { "retry-after": String(wait) } : {}) }, err.fields);
};

/** A small JSON body checked by `schema`, or the answer that refuses it (`hint` says what to send). */
export async function readJsonBody<T>(
  request: Request,
  schema: { safeParse(body: unknown): z.ZodSafeParseResult<T> },
  hint: string,
  fieldsOf = issueFields,
): Promise<T | Response> {
  if (!request.headers.get("content-type")?.toLowerCase().startsWith("application/json")) return errorAnswer("UNSUPPORTED_MEDIA_TYPE", `Send JSON. ${hint}`);
  const bytes = await readBodyWithin(request, CONSOLE_BODY_BYTES);
  if (!bytes) return errorAnswer("PAYLOAD_TOO_LARGE", `A console request is a few hundred bytes at most. ${hint}`);
  let body: unknown;
  try {
    body = JSON.parse(bytes.toString("utf8"));
  } catch {
    return errorAnswer("BAD_REQUEST", `The body is not JSON. ${hint}`);
  }
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const fields = fieldsOf(parsed.error);
  return errorAnswer("VALIDATION_ERROR", `Invalid field${Object.keys(fields).length > 1 ? "s" : ""}: ${Object.keys(fields).join(", ")}. ${hint}`, {}, fields);
}

/** Each bad field by its path, or "body" for the body as a whole. */
function issueFields(error: z.ZodError): Record<string, string> {
  return Object.fromEntries(error.issues.map((i) => [i.path.join(".") || "body", i.message]));
}
