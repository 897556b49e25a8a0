import type { ServiceDeps } from "../../core/deps.js";
import { readMigrationStatus } from "./readiness-sql.js";

// /readyz: whether this instance can do its work now, as a load balancer or orchestrator asks it.
// /healthz only says the process is alive.

/** "ok", "not configured", or "failed: <why>". */
export type CheckResult = string;

export interface Readiness {
  ready: boolean;
  checks: { database: CheckResult; migrations: CheckResult; redis: CheckResult };
}

const failure = (err: unknown) => `failed: ${err instanceof Error ? err.message.split("\n")[0] : String(err)}`;

export async function checkReadiness(deps: ServiceDeps): Promise<Readiness> {
  const checks: Readiness["checks"] = { database: "ok", migrations: "ok", redis: "not configured" };
  try {
    const { pending } = await readMigrationStatus(deps.db);
    if (pending.length) checks.migrations = `failed: not applied: ${pending.join(", ")}`;
  } catch (err) {
    checks.database = failure(err);
    checks.migrations = "failed: database unreachable";
  }
  if (deps.events.usesRedis) {
    try {
      await deps.events.ping();
      checks.redis = "ok";
    } catch (err) {
      checks.redis = failure(err);
    }
  }
  const ready = Object.values(checks).every((c) => c === "ok" || c === "not configured");
  return { ready, checks };
}
