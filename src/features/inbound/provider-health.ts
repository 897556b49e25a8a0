import { z } from "zod";
import type { ServiceDeps } from "../../core/deps.js";
import type { HealthSignal } from "../../core/channels/channel.js";
import { applySignal } from "../accounts/index.js";

// What providers' webhooks say about a number's health, read from the same verified body as
// receipts and inbound messages: Meta's phone_number_quality_update and account_update, and WAHA's
// session.status. Each becomes a signal of the rule table (accounts/signal-rules.ts). Parsing is
// lenient: a health part the gateway does not understand is skipped, never the whole request.

interface CloudHealth {
  phone?: string | undefined;
  wabaId?: string | undefined;
  signal?: HealthSignal | undefined;
  quality?: "GREEN" | "YELLOW" | "RED" | undefined;
  /** Meta's messaging limit, when reported (null: unlimited). */
  tier?: number | null | undefined;
  until?: Date | undefined;
  event: string;
}

const text = z.string().max(256).optional().catch(undefined);
const MAX_CHANGES = 100;

const change = z.looseObject({
  field: text,
  value: z
    .looseObject({
      display_phone_number: text,
      phone_number: text,
      event: text,
      current_limit: text,
      quality_rating: text,
      current_quality_rating: text,
      restriction_info: z.array(z.looseObject({ expiration: z.union([z.number(), z.string()]).optional().catch(undefined) })).max(MAX_CHANGES).optional().catch(undefined),
      ban_info: z.looseObject({ waba_ban_state: text }).optional().catch(undefined),
    })
    .optional()
    .catch(undefined),
});
const cloudBody = z.looseObject({ entry: z.array(z.looseObject({ id: text, changes: z.array(change).max(MAX_CHANGES).optional().catch(undefined) })).max(MAX_CHANGES) });

const TIERS: Record<string, number | null> = { TIER_50: 50, TIER_250: 250, TIER_1K: 1000, TIER_2K: 2000, TIER_10K: 10_000, TIER_100K: 100_000, TIER_UNLIMITED: null };
const digits = (s: string | undefined) => (s ? s.replace(/\D/g, "") || undefined : undefined);

function qualitySignal(rating: string | undefined, event: string | undefined): { signal?: HealthSignal; quality?: CloudHealth["quality"] } {
  if (rating === "RED" || (!rating && event === "FLAGGED")) return { signal: "quality_red", quality: "RED" };
  if (rating === "YELLOW" || (!rating && event === "DOWNGRADE")) return { signal: "quality_yellow", quality: "YELLOW" };
  if (rating === "GREEN" || (!rating && (event === "UNFLAGGED" || event === "UPGRADE"))) return { signal: "quality_green", quality: "GREEN" };
  return {};
}

function accountSignal(v: z.output<typeof change>["value"]): { signal?: HealthSignal; until?: Date } {
  const event = v?.event;
  if (event === "ACCOUNT_RESTRICTION") {
    const ends = (v?.restriction_info ?? []).map((r) => Number(r.expiration) * 1000).filter((ms) => Number.isFinite(ms) && ms > 0);
    if ((v?.restriction_info ?? []).length === 0) return { signal: "account_reinstated" };
    return ends.length > 0 ? { signal: "account_restricted", until: new Date(Math.max(...ends)) } : { signal: "account_restricted" };
  }
  const ban = v?.ban_info?.waba_ban_state;
  if (event === "ACCOUNT_VIOLATION" || event === "ACCOUNT_DELETED" || (event === "DISABLED_UPDATE" && ban === "DISABLE")) return { signal: "account_banned" };
  if (event === "DISABLED_UPDATE" && ban === "REINSTATE") return { signal: "account_reinstated" };
  return {};
}

/** Meta's health changes in a verified Cloud webhook body. */
export function cloudHealthChanges(json: unknown): CloudHealth[] {
  const parsed = cloudBody.safeParse(json);
  if (!parsed.success) return [];
  return parsed.data.entry.flatMap((entry) =>
    (entry.changes ?? []).flatMap((c): CloudHealth[] => {
      const v = c.value;
      if (c.field === "phone_number_quality_update") {
        const limit = v?.current_limit;
        const tier = limit !== undefined && limit in TIERS ? TIERS[limit] : undefined;
        return [{ phone: digits(v?.display_phone_number), event: `${v?.event ?? "quality"}`, tier, ...qualitySignal(v?.quality_rating ?? v?.current_quality_rating, v?.event) }];
      }
      if (c.field === "account_update") return [{ phone: digits(v?.phone_number), wabaId: entry.id, event: `${v?.event ?? "account_update"}`, ...accountSignal(v) }];
      return [];
    }),
  );
}

const wahaBody = z.looseObject({ event: text, session: text, payload: z.looseObject({ status: text }).optional().catch(undefined) });

/** WAHA's session.status in a verified WAHA event. */
export function wahaHealthChange(json: unknown): { session: string; signal: HealthSignal; event: string } | undefined {
  const parsed = wahaBody.safeParse(json);
  if (!parsed.success || parsed.data.event !== "session.status" || !parsed.data.session) return undefined;
  const status = parsed.data.payload?.status;
  const signal: HealthSignal | undefined = status === "WORKING" ? "session_working" : status === "STOPPED" || status === "FAILED" || status === "SCAN_QR_CODE" ? "session_lost" : undefined;
  return signal ? { session: parsed.data.session, signal, event: status ?? "" } : undefined;
}

/** Applies what a verified provider body says about numbers' health; returns how many signals it held. */
export async function applyProviderHealth(deps: ServiceDeps, driver: "whatsapp-cloud" | "waha", json: unknown): Promise<number> {
  const channel = deps.channels.defaultName;
  if (driver === "waha") {
    const change = wahaHealthChange(json);
    if (!change) return 0;
    const rows = await deps.db.$queryRaw<Array<{ id: number }>>`
      SELECT id FROM account WHERE COALESCE(channel, ${channel}) = 'waha' AND settings->'waha'->>'session' = ${change.session}`;
    await applySignal(deps, rows.map((r) => r.id), change.signal, { code: change.event });
    return 1;
  }
  const changes = cloudHealthChanges(json);
  for (const c of changes) {
    const rows = await deps.db.$queryRaw<Array<{ id: number }>>`
      SELECT id FROM account WHERE COALESCE(channel, ${channel}) = 'whatsapp-cloud'
        AND ((${c.phone ?? null}::text IS NOT NULL AND phone_number = ${c.phone ?? null}::text)
          OR (${c.phone ?? null}::text IS NULL AND ${c.wabaId ?? null}::text IS NOT NULL AND settings->'whatsappCloud'->>'wabaId' = ${c.wabaId ?? null}::text))`;
    const ids = rows.map((r) => r.id);
    if (ids.length === 0) continue;
    if (c.quality !== undefined || c.tier !== undefined) {
      await deps.db.$executeRaw`
        UPDATE account SET quality = COALESCE(${c.quality ?? null}::text, quality),
          messaging_tier = CASE WHEN ${c.tier !== undefined}::boolean THEN ${c.tier ?? null}::int ELSE messaging_tier END
        WHERE id = ANY (${ids}::int[])`;
    }
    if (c.signal) await applySignal(deps, ids, c.signal, { code: c.event, until: c.until ?? null });
  }
  return changes.length;
}
