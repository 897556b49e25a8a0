import type { ServiceDeps } from "../../core/deps.js";
import { applySignal, storeQualityReport } from "../accounts/index.js";
import type { HealthChange } from "./payloads/health-payloads.js";
import { cloudAccountsOf, wahaAccountsOf } from "./health-signals-sql.js";

// What a verified provider webhook says about numbers' health (health-payloads.ts), applied through
// the rule table (accounts/signal-rules.ts) to the numbers it concerns (health-signals-sql.ts).

/** Applies the changes in order; `health` counts the signals that reached at least one number. */
export async function applyHealthSignals(deps: ServiceDeps, changes: HealthChange[]): Promise<{ health: number }> {
  const defaultChannel = deps.channels.defaultName;
  let health = 0;
  for (const c of changes) {
    const ids = c.driver === "waha" ? await wahaAccountsOf(deps.db, c, defaultChannel) : await cloudAccountsOf(deps.db, c, defaultChannel);
    if (ids.length === 0) continue;
    // A quality update's rating and tier are kept; only a change is written (storeQualityReport).
    if (c.driver === "whatsapp-cloud" && (c.quality !== undefined || c.tier !== undefined)) await storeQualityReport(deps.db, ids, c);
    if (!c.signal) continue;
    await applySignal(deps, ids, c.signal, { code: c.event, until: c.driver === "whatsapp-cloud" ? (c.until ?? null) : null });
    health += 1;
  }
  return { health };
}
