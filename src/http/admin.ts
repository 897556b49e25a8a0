import { timingSafeEqual, createHash } from "node:crypto";
import type { Db } from "../db/database.js";
import { runAdminCommand, type AdminSettings } from "../services/admin.js";
import { ServiceError } from "../services/errors.js";
import { restError } from "../rest/errors.js";

// POST /admin/commands {"command": "...", "args": {...}} with `Authorization: Bearer <ADMIN_TOKEN>`:
// how the admin CLI reaches a running server that holds the embedded database.

const digest = (s: string) => createHash("sha256").update(s).digest();

export function createAdminHandler(db: Db, adminToken: string, settings: AdminSettings) {
  const expected = digest(adminToken);
  return async (request: Request): Promise<Response> => {
    const json = (status: number, body: unknown) => Response.json(body, { status });
    const presented = request.headers.get("authorization")?.match(/^Bearer\s+(\S+)$/i)?.[1] ?? "";
    if (!timingSafeEqual(digest(presented), expected)) {
      const e = restError("UNAUTHORIZED", "The admin token is missing or wrong.");
      return json(e.status, e.body);
    }
    if (new URL(request.url).pathname !== "/admin/commands" || request.method !== "POST") {
      const e = restError("NOT_FOUND", "Use POST /admin/commands.");
      return json(e.status, e.body);
    }
    let payload: { command?: unknown; args?: unknown };
    try {
      payload = (await request.json()) as typeof payload;
    } catch {
      const e = restError("INVALID_JSON", "The body must be a JSON object.");
      return json(e.status, e.body);
    }
    try {
      const result = await runAdminCommand(db, String(payload.command), (payload.args ?? {}) as Record<string, unknown>, settings);
      return new Response(JSON.stringify({ success: true, result }, (_, v: unknown) => (typeof v === "bigint" ? Number(v) : v)), {
        headers: { "content-type": "application/json" },
      });
    } catch (err) {
      if (!(err instanceof ServiceError)) throw err;
      const e = restError(err.code, err.message, err.fields);
      return json(e.status, e.body);
    }
  };
}
