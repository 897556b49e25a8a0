import type { Edition } from "./waha-editions.js";

// What the WAHA sessions stand-in (test/kit/waha-sessions.ts) answers about the server itself, and
// where it keeps its sessions' authentication (test/kit/references/waha-sessions-and-graph.md, A.9):
// - `GET /health` (https://waha.devlike.pro/docs/how-to/other/, "Health Check"; NestJS terminus):
//   200 `{status: "ok", info, error: {}, details}`; a failed indicator makes `status` "error", listed
//   under `error` with terminus's `{status: "down", message}` (HTTP 503); "shutting_down" while it
//   stops (503 too: terminus's, the page gives no status for it). Indicators: mediaFiles.space,
//   sessionsFiles.space (and mongodb, on a MongoDB storage: not here). Served by WAHA Plus, and by
//   Core from 2026.6.1 (every former Plus feature, A.8); an older Core answers 404, NestJS's body.
// - `GET /ping` → `{"message": "pong"}` (https://waha.devlike.pro/docs/how-to/observability/), every edition.
// - Session storage (https://waha.devlike.pro/docs/how-to/storages/): local by default, each
//   server its own; a PostgreSQL (or MongoDB) storage two servers share holds a session's
//   authentication for both, so the same session name started on the other server resumes
//   without a scan. `sharedStorage()` makes one to give two stand-ins.

export type HealthState = "ok" | "error" | "shutting_down" | "down";

/** The sessions' authentication (WAHA's `me` once a phone linked), by session name. */
export interface SessionStorage {
  auth: Map<string, { id: string; pushName: string }>;
}

/** A session storage for two stand-ins or more (PostgreSQL's, say); each stand-in otherwise has its own. */
export const sharedStorage = (): SessionStorage => ({ auth: new Map() });

type Reply = { status: number; body?: unknown };

/** Terminus's disk indicator that failed (its StorageExceededError's message). */
const DISK_DOWN = { status: "down", message: "Used disk storage exceeded the set threshold" };
const UP = { status: "up" };

/** Whether the edition has the health check: Plus, or Core from 2026.6.1. */
function hasHealthCheck(edition: Edition): boolean {
  const [year = 0, month = 0, build = 0] = edition.version.split(".").map(Number);
  return edition.tier === "PLUS" || year * 10_000 + month * 100 + build >= 2026_06_01;
}

/** The answer to GET /health or GET /ping, or undefined for any other request. */
export function serverHealthAnswer(state: HealthState, edition: Edition, method: string, path: string): Reply | undefined {
  if (method !== "GET") return undefined;
  const pathname = path.split("?")[0];
  if (pathname === "/ping") return { status: 200, body: { message: "pong" } };
  if (pathname !== "/health") return undefined;
  if (!hasHealthCheck(edition)) return { status: 404, body: { message: "Cannot GET /health", error: "Not Found", statusCode: 404 } };
  if (state === "error") {
    return {
      status: 503,
      body: {
        status: "error",
        info: { "mediaFiles.space": UP },
        error: { "sessionsFiles.space": DISK_DOWN },
        details: { "mediaFiles.space": UP, "sessionsFiles.space": DISK_DOWN },
      },
    };
  }
  const indicators = { "mediaFiles.space": UP, "sessionsFiles.space": UP };
  if (state === "shutting_down") return { status: 503, body: { status: "shutting_down", info: indicators, error: {}, details: indicators } };
  return { status: 200, body: { status: "ok", info: indicators, error: {}, details: indicators } };
}
