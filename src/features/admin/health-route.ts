import type { ServiceDeps } from "../../core/deps.js";
import { noStore, operatorRefusal } from "./operator-answers.js";
import { Response } from "../../core/http/fetch-api.js";
import { checkReadiness } from "../operations/index.js";
import { operatorOfRequest } from "../operators/index.js";

// GET /admin/health: the service's health for the operator console's Health page, from the same
// figures /metrics shows (read from this instance's registry, so each database figure is read the
// way a scrape reads it) and this instance's readiness. Every role may read it; to anyone but a
// signed-in operator it is not found.

export const OPERATOR_HEALTH_PATH = "/admin/health";

type Sample = { labels: Record<string, string | number>; value: number };

/** The samples of each metric by name, as a scrape would read them now. */
async function figures(deps: ServiceDeps): Promise<Map<string, Sample[]>> {
  const metrics = await deps.metrics.registry.getMetricsAsJSON();
  return new Map(metrics.map((m) => [m.name, m.values as Sample[]]));
}

/** One metric's samples as { label value: sample value } by `label`, or its one value when it has no label. */
const byLabel = (all: Map<string, Sample[]>, name: string, label: string) =>
  Object.fromEntries((all.get(name) ?? []).filter((s) => s.labels[label] !== undefined).map((s) => [String(s.labels[label]), s.value]));
const single = (all: Map<string, Sample[]>, name: string) => all.get(name)?.[0]?.value ?? 0;

async function healthOf(deps: ServiceDeps) {
  const [all, readiness] = await Promise.all([figures(deps), checkReadiness(deps)]);
  const backlog = byLabel(all, "gateway_chatwoot_backlog", "direction");
  const backlogAge = byLabel(all, "gateway_chatwoot_backlog_oldest_age_seconds", "direction");
  return {
    success: true,
    at: deps.clock.now().toISOString(),
    instance: { id: deps.instanceId, ...readiness, websockets: single(all, "gateway_websocket_connections") },
    messages: byLabel(all, "gateway_messages", "status"),
    queue: { due: single(all, "gateway_queue_depth"), oldest_seconds: single(all, "gateway_queue_oldest_pending_age_seconds") },
    webhooks: { backlog: single(all, "gateway_webhook_backlog"), oldest_seconds: single(all, "gateway_webhook_backlog_oldest_age_seconds") },
    chatwoot: Object.fromEntries(Object.keys(backlog).map((d) => [d, { backlog: backlog[d], oldest_seconds: backlogAge[d] ?? 0 }])),
    exports: byLabel(all, "gateway_exports", "status"),
    mails_pending: single(all, "gateway_mails_pending"),
    numbers: byLabel(all, "gateway_numbers", "state"),
    lost_answers: single(all, "gateway_message_lost_answers"),
    housekeeping_passes: byLabel(all, "gateway_housekeeping_passes_total", "outcome"),
    loop_passes: byLabel(all, "gateway_loop_passes_total", "loop"),
  };
}

/** Answers /admin/health. */
export function createHealthHandler(deps: ServiceDeps) {
  return async (request: Request): Promise<Response> => {
    if (!(await operatorOfRequest(deps, request.headers, { csrf: false }))) return operatorRefusal("NOT_FOUND", "Not found.");
    if (request.method !== "GET" && request.method !== "HEAD") return operatorRefusal("METHOD_NOT_ALLOWED", "Use GET.");
    return Response.json(await healthOf(deps), { headers: noStore });
  };
}
