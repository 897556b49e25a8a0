import { Readable } from "node:stream";
import type { ServiceDeps } from "../../core/deps.js";
import { admitSession, sessionTokenFromHeaders } from "../../core/auth/console-session.js";
import { requireScope } from "../../core/auth/scope-check.js";
import { Response } from "../../core/http/fetch-api.js";
import { exportFileHeaders, openExportFile } from "../exports/index.js";
import { errorAnswer, refusal } from "./console-http.js";

// An export's file for the console: the same file as GET /api/v1/exports/{id}/download, signed in
// by the session cookie instead of a key, so that a plain link downloads it. A GET that only reads
// needs no CSRF header: the cookie is SameSite=Strict, so another site's page never sends it.

export const CONSOLE_EXPORTS_PATH = "/console/exports";
const DOWNLOAD = /^\/console\/exports\/([^/]+)\/download$/;

export function createExportDownloadHandler(deps: ServiceDeps) {
  return async (request: Request): Promise<Response> => {
    if (request.method !== "GET") return errorAnswer("METHOD_NOT_ALLOWED", "Use GET.", { allow: "GET" });
    const id = DOWNLOAD.exec(new URL(request.url).pathname)?.[1];
    if (!id) return errorAnswer("NOT_FOUND", "No such export.");
    const token = sessionTokenFromHeaders(request.headers);
    if (!token) return errorAnswer("UNAUTHORIZED", "Sign in to the console first.");
    try {
      const principal = await admitSession(deps, token, () => undefined);
      requireScope(principal, "messages:read");
      const { job, body } = await openExportFile(deps, principal, id);
      return new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, { headers: exportFileHeaders(job) });
    } catch (err) {
      return refusal(err);
    }
  };
}
