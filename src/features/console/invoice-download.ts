import type { ServiceDeps } from "../../core/deps.js";
import { admitSession, sessionTokenFromHeaders } from "../../core/auth/console-session.js";
import { requireScope } from "../../core/auth/scope-check.js";
import { Response } from "../../core/http/fetch-api.js";
import { invoicePdf, invoicePdfHeaders } from "../invoices/index.js";
import { errorAnswer, refusal } from "./console-http.js";

// An invoice's PDF for the console: the same file as GET /api/v1/invoices/{id}/pdf, signed in by
// the session cookie instead of a key, so that the billing page's plain links download it (as an
// export's file, export-download.ts). A GET that only reads needs no CSRF header: the cookie is
// SameSite=Strict, so another site's page never sends it.

export const CONSOLE_INVOICES_PATH = "/console/invoices";
const PDF = /^\/console\/invoices\/([^/]+)\/pdf$/;

export function createInvoiceDownloadHandler(deps: ServiceDeps) {
  return async (request: Request): Promise<Response> => {
    if (request.method !== "GET") return errorAnswer("METHOD_NOT_ALLOWED", "Use GET.", { allow: "GET" });
    const url = new URL(request.url);
    const id = PDF.exec(url.pathname)?.[1];
    if (!id) return errorAnswer("NOT_FOUND", "No such invoice.");
    const lang = url.searchParams.get("lang") ?? undefined;
    if (lang !== undefined && lang !== "ar" && lang !== "en") return errorAnswer("VALIDATION_ERROR", "lang is ar or en.", {}, { lang: "must be ar or en" });
    const token = sessionTokenFromHeaders(request.headers);
    if (!token) return errorAnswer("UNAUTHORIZED", "Sign in to the console first.");
    try {
      const principal = await admitSession(deps, token, () => undefined);
      requireScope(principal, "billing:read");
      const { number, pdf } = await invoicePdf(deps, principal, id, lang);
      return new Response(new Uint8Array(pdf), { headers: invoicePdfHeaders(number, pdf) });
    } catch (err) {
      return refusal(err);
    }
  };
}
