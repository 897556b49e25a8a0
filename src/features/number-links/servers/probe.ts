import { z } from "zod";
import { SessionHostError } from "../sessions.js";
import { wahaAnswer, type WahaServerAddress } from "../waha-session-host.js";

// Whether a WAHA server answers, as the operator's list shows it: WAHA's own health check
// (`GET /health`, NestJS terminus: 200 `{status: "ok", info, error, details}`, 503 with status
// `error` naming the indicators that are down, `shutting_down` while it stops), or `GET /ping`
// (`{"message": "pong"}`) on a WAHA without the health check, which answers 404 to it
// (test/kit/references/waha-sessions-and-graph.md, A.9). Every server is asked at once, each with
// a short timeout, so one server down does not hold the list.

export type ServerAnswerStatus = "ok" | "error" | "shutting_down" | "unreachable";

export interface ServerAnswer {
  status: ServerAnswerStatus;
  /** What was wrong, in WAHA's words where it gave some; null when it is fine. */
  message: string | null;
  /** The endpoint that answered: health, or ping on a WAHA without the health check; null when none did. */
  via: "health" | "ping" | null;
}

/** Long enough for a busy server, short enough for an operator's page. */
const PROBE_TIMEOUT_MS = 3_000;

const indicator = z.looseObject({ status: z.string().optional(), message: z.string().optional() });
const healthBody = z.looseObject({
  status: z.enum(["ok", "error", "shutting_down"]),
  error: z.record(z.string(), indicator).nullish(),
});
const pong = z.looseObject({ message: z.literal("pong") });

/** The indicators that are down, each with WAHA's message: `sessionsFiles.space: Used disk storage exceeded the set threshold`. */
function downIndicators(error: Record<string, z.infer<typeof indicator>> | null | undefined): string | null {
  const down = Object.entries(error ?? {}).map(([name, i]) => (i.message ? `${name}: ${i.message}` : name));
  return down.length > 0 ? down.join("; ").slice(0, 500) : null;
}

const refusedKey = (status: number) => ({ status: "error" as const, message: `WAHA refused the API key (${status}): update the server's key.`, via: null });

/** One server's answer; never throws. */
export async function probeWahaServer(address: WahaServerAddress): Promise<ServerAnswer> {
  try {
    const health = await wahaAnswer(address, PROBE_TIMEOUT_MS, "GET", "/health");
    if (health.status === 401 || health.status === 403) return refusedKey(health.status);
    if (health.status === 404) return await ping(address);
    const body = healthBody.safeParse(health.json);
    if (!body.success) return { status: "error", message: `WAHA answered ${health.status} to GET /health, not in the shape WAHA documents.`, via: "health" };
    const { status, error } = body.data;
    if (status === "ok") return { status, message: null, via: "health" };
    if (status === "shutting_down") return { status, message: "WAHA is shutting down.", via: "health" };
    return { status, message: downIndicators(error) ?? `WAHA answered ${health.status}: unhealthy.`, via: "health" };
  } catch (err) {
    if (err instanceof SessionHostError) return { status: "unreachable", message: err.message, via: null };
    throw err;
  }
}

async function ping(address: WahaServerAddress): Promise<ServerAnswer> {
  const answer = await wahaAnswer(address, PROBE_TIMEOUT_MS, "GET", "/ping");
  if (answer.status === 401 || answer.status === 403) return refusedKey(answer.status);
  if (answer.status === 200 && pong.safeParse(answer.json).success) return { status: "ok", message: null, via: "ping" };
  return { status: "error", message: `WAHA answered ${answer.status} to GET /ping, not "pong".`, via: "ping" };
}
