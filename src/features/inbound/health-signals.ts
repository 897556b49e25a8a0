import { Prisma } from "../../generated/prisma/client.js";
import type { ServiceDeps } from "../../core/deps.js";
import { applySignal } from "../accounts/index.js";
import type { CloudHealthChange, HealthChange, WahaHealthChange } from "./payloads/health-payloads.js";

// What a verified provider webhook says about numbers' health (health-payloads.ts), applied through
// the rule table (accounts/signal-rules.ts). A provider's number or session belongs to one
// provider account, so every tenant's number that matches it is the same number and is affected:
// there is no tenant to check the provider against.

/** The numbers a Cloud change concerns: the number it names, else every number of its WABA. */
function cloudAccountsSql(c: CloudHealthChange, defaultChannel: string): Prisma.Sql {
  const which = c.phone !== undefined ? Prisma.sql`phone_number = ${c.phone}` : Prisma.sql`settings->'whatsappCloud'->>'wabaId' = ${c.wabaId ?? null}::text`;
  return Prisma.sql`SELECT id FROM account WHERE COALESCE(channel, ${defaultChannel}) = 'whatsapp-cloud' AND ${which} ORDER BY id`;
}

const wahaAccountsSql = (c: WahaHealthChange, defaultChannel: string) =>
  Prisma.sql`SELECT id FROM account WHERE COALESCE(channel, ${defaultChannel}) = 'waha' AND settings->'waha'->>'session' = ${c.session} ORDER BY id`;

/**
 * Keeps the rating and messaging tier a quality update reports. Only a change is written: each
 * write bumps the account's version, which makes every sender re-read it.
 */
async function storeQuality(deps: ServiceDeps, ids: number[], c: CloudHealthChange): Promise<void> {
  if (c.quality === undefined && c.tier === undefined) return;
  const quality = c.quality ?? null;
  const tierReported = c.tier !== undefined;
  const tier = c.tier ?? null;
  await deps.db.$executeRaw`
    UPDATE account SET quality = COALESCE(${quality}::text, quality),
      messaging_tier = CASE WHEN ${tierReported}::boolean THEN ${tier}::int ELSE messaging_tier END
    WHERE id = ANY (${ids}::int[])
      AND (quality IS DISTINCT FROM COALESCE(${quality}::text, quality)
        OR (${tierReported}::boolean AND messaging_tier IS DISTINCT FROM ${tier}::int))`;
}

/** Applies the changes in order; `health` counts the signals that reached at least one number. */
export async function applyHealthSignals(deps: ServiceDeps, changes: HealthChange[]): Promise<{ health: number }> {
  const defaultChannel = deps.channels.defaultName;
  let health = 0;
  for (const c of changes) {
    const sql = c.driver === "waha" ? wahaAccountsSql(c, defaultChannel) : cloudAccountsSql(c, defaultChannel);
    const ids = (await deps.db.$queryRaw<Array<{ id: number }>>(sql)).map((r) => r.id);
    if (ids.length === 0) continue;
    if (c.driver === "whatsapp-cloud") await storeQuality(deps, ids, c);
    if (!c.signal) continue;
    await applySignal(deps, ids, c.signal, { code: c.event, until: c.driver === "whatsapp-cloud" ? (c.until ?? null) : null });
    health += 1;
  }
  return { health };
}
