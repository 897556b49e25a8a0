import type { Engine } from "./waha-session-events.js";

// What the WAHA sessions stand-in (test/kit/waha-sessions.ts) answers as one WAHA edition or
// another (test/kit/references/waha-sessions-and-graph.md, A.8): by default WAHA Core 2026.7.1,
// which holds sessions of any name; a WAHA Core before 2026.6.1 holds only `default` and answers
// 422 for any other name, with the NestJS body WAHA's OnlyDefaultSessionIsAllowed gives
// (src/core/manager.core.ts). GET /api/server/version answers WAHAEnvironment.

/** `version` as WAHA writes it (YYYY.MM.BUILD) and `tier` (WAHAEnvironment). */
export interface Edition {
  version: string;
  tier: "CORE" | "PLUS";
}

export const DEFAULT_EDITION: Edition = { version: "2026.7.1", tier: "CORE" };

type Answer = { status: number; body: unknown };
type Named = { method: string; body: unknown };

/** WAHA Core before 2026.6.1: one session, `default` (reference A.8). */
function onlyDefault(edition: Edition): boolean {
  const [year = 0, month = 0, build = 0] = edition.version.split(".").map(Number);
  return edition.tier === "CORE" && year * 10_000 + month * 100 + build < 2026_06_01;
}

/** OnlyDefaultSessionIsAllowed (an UnprocessableEntityException): its message, in NestJS's `{message, error, statusCode}`. */
function notDefault(name: string): Answer {
  const encoded = Buffer.from(name, "utf-8").toString("base64");
  const message =
    `WAHA Core support only 'default' session. You tried to access '${name}' session (base64: ${encoded}). ` +
    "If you want to run more then one WhatsApp account - please get WAHA PLUS version. Check this out: https://waha.devlike.pro/";
  return { status: 422, body: { message, error: "Unprocessable Entity", statusCode: 422 } };
}

/** The session a request names: in the path (/api/sessions/{name}…, /api/{name}/auth/…) or the body (create, send…). */
function sessionNamed(req: Named, first: string, name: string | undefined): unknown {
  const body = req.body as { name?: unknown; session?: unknown } | undefined;
  if (first === "sessions") return name ?? (req.method === "POST" ? (body?.name ?? "default") : undefined);
  if (name === "auth") return first;
  return first.startsWith("send") ? body?.session : undefined;
}

/**
 * What the edition answers before any route of the stand-in's (the path split after /api/ into
 * `first` and `name`): the server's version, or an old Core's refusal of a session's name; undefined
 * when the request goes on to its route.
 */
export function editionAnswer(edition: Edition, engine: Engine, req: Named, first: string, name: string | undefined): Answer | undefined {
  if (first === "server" && name === "version" && req.method === "GET") {
    // WAHAEnvironment {version, engine, tier, browser, platform, worker {id}} (W-OAS); the last three are made up.
    return { status: 200, body: { version: edition.version, engine, tier: edition.tier, browser: "/usr/bin/chromium", platform: "linux/x64", worker: { id: null } } };
  }
  if (!onlyDefault(edition)) return undefined;
  // Core checks the name before anything else, for every call that names a session.
  const named = sessionNamed(req, first, name);
  return typeof named === "string" && named !== "default" ? notDefault(named) : undefined;
}
