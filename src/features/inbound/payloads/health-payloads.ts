import { z } from "zod";
import { messagingTier, phoneDigits } from "../../../core/numbers/meta-numbers.js";
import type { HealthSignal } from "../../../core/channels/channel.js";
import { lenient } from "./inbound-payloads.js";

// What providers' webhooks say about a number's health, read from a body the endpoint has already
// authenticated (the same one that carries receipts and inbound messages). Like
// inbound-payloads.ts these functions only parse: they never look anything up or throw. A part
// they do not understand is skipped, never the whole request: a new Meta event or field must not
// cost the receipts and messages beside it.
//
// Shapes, as documented by the providers:
// - Meta WhatsApp Cloud API, webhooks reference: entry[].changes[] with
//   field "phone_number_quality_update", value { display_phone_number, event, current_limit and
//   old_limit (TIER_…; removed in February 2026), max_daily_conversations_per_business (TIER_…, the
//   business portfolio's limit, which its numbers share) }; the events are ONBOARDING and
//   THROUGHPUT_UPGRADE today, FLAGGED, UNFLAGGED, DOWNGRADE and UPGRADE in older versions, which
//   also sent quality_rating / current_quality_rating and a numeric max_daily_conversation_per_phone.
//   Field "business_capability_update", value { max_daily_conversations_per_business (a count, -1
//   unlimited; from webhooks v24.0), max_daily_conversation_per_phone (the same, v23.0 and older,
//   until February 2026), max_phone_numbers_per_business, max_phone_numbers_per_waba }: the
//   portfolio's new limit, so about every number of the business account (entry.id).
//   Field "account_update", value
//   { event, phone_number?, restriction_info?: [{ restriction_type, expiration }], ban_info?:
//   { waba_ban_state, waba_ban_date } }. entry.id is the WhatsApp Business Account (WABA).
// - WAHA, "Events" page: { event: "session.status", session, payload: { status } }.

export type Quality = "GREEN" | "YELLOW" | "RED";

export interface CloudHealthChange {
  driver: "whatsapp-cloud";
  /** The number it concerns (digits); absent on an account_update about the whole WABA. */
  phone?: string;
  /** entry.id: the business account; an account_update without a phone concerns all its numbers. */
  wabaId?: string;
  signal?: HealthSignal;
  /** Only when the provider reports a rating (never inferred from the event). */
  quality?: Quality;
  /** Meta's messaging limit: undefined when not reported, null for unlimited. */
  tier?: number | null;
  /** When a restriction ends by itself (its latest expiration). */
  until?: Date;
  /** The provider's event, for the state change's `signal` text. */
  event: string;
}

export interface WahaHealthChange {
  driver: "waha";
  session: string;
  signal: HealthSignal;
  event: string;
}

export type HealthChange = CloudHealthChange | WahaHealthChange;

/** At most this many health changes are read from one body (and no list in it may be longer): each costs statements. */
export const MAX_HEALTH_CHANGES = 100;

const word = lenient(z.string().max(256));
/** A list that, when it is not one or too long, counts as absent; an item in it that is not what is expected, as undefined. */
const list = <T extends z.ZodType>(item: T) => lenient(z.array(lenient(item)).max(MAX_HEALTH_CHANGES));
const count = lenient(
  z.union([
    z.number().int().nonnegative(),
    z
      .string()
      .regex(/^\d{1,12}$/)
      .transform(Number),
  ]),
);

/** A messaging limit as Meta writes it: a tier's name (TIER_2K), or a count of recipients where -1 is unlimited. */
const limit = lenient(z.union([z.string().max(256), z.number().int().min(-1).max(1_000_000_000)]));

const cloudValue = z.looseObject({
  display_phone_number: word,
  phone_number: word,
  event: word,
  current_limit: word,
  max_daily_conversations_per_business: limit,
  quality_rating: word,
  current_quality_rating: word,
  max_daily_conversation_per_phone: limit,
  restriction_info: list(z.looseObject({ expiration: count })),
  ban_info: lenient(z.looseObject({ waba_ban_state: word })),
});
type CloudValue = z.output<typeof cloudValue>;

/** One change of a Cloud webhook body: its field, its value as `value` reads it, and its business account (entry.id). */
export interface CloudChange<V> {
  wabaId: string | undefined;
  field: string | undefined;
  value: V;
}

/**
 * A reader of a verified Cloud webhook body's changes whose value `value` can read, in order, at
 * most MAX_HEALTH_CHANGES; [] when the body is not Meta's shape. The health and template readers
 * each make one when loaded, so a webhook builds no schema.
 */
export function cloudChangesReader<V extends z.ZodType>(value: V): (json: unknown) => Array<CloudChange<z.output<V> & {}>> {
  const body = z.looseObject({ entry: list(z.looseObject({ id: word, changes: list(z.looseObject({ field: word, value: lenient(value) })) })) });
  return (json) => {
    const parsed = body.safeParse(json);
    if (!parsed.success) return [];
    const changes: Array<CloudChange<z.output<V> & {}>> = [];
    for (const entry of parsed.data.entry ?? []) {
      for (const c of entry?.changes ?? []) {
        if (c?.value !== undefined && c.value !== null) changes.push({ wabaId: entry?.id, field: c.field, value: c.value });
        if (changes.length >= MAX_HEALTH_CHANGES) return changes;
      }
    }
    return changes;
  };
}

const QUALITY_SIGNALS: Record<Quality, HealthSignal> = { RED: "quality_red", YELLOW: "quality_yellow", GREEN: "quality_green" };
const EVENT_QUALITY: Record<string, Quality> = { FLAGGED: "RED", DOWNGRADE: "YELLOW", UNFLAGGED: "GREEN", UPGRADE: "GREEN" };

/** The rating, when it is one of Meta's three (a rating beats the event: it says where the number is now). */
const ratingOf = (v: CloudValue): Quality | undefined => {
  const rating = (v.quality_rating ?? v.current_quality_rating)?.toUpperCase();
  return rating === "GREEN" || rating === "YELLOW" || rating === "RED" ? rating : undefined;
};

/** A limit's recipients (null: unlimited), or undefined when it names none (TIER_NOT_SET, 0, a tier we do not know). */
function limitTier(value: string | number | undefined): number | null | undefined {
  if (typeof value === "string") return /^\d{1,10}$/.test(value) ? limitTier(Number(value)) : messagingTier(value);
  if (value === -1) return null;
  return value !== undefined && value > 0 ? value : undefined;
}

/** The business's limit first: current_limit is gone from payloads since February 2026, max_daily_conversation_per_phone with it. */
function tierOf(v: CloudValue): number | null | undefined {
  for (const named of [v.max_daily_conversations_per_business, v.current_limit, v.max_daily_conversation_per_phone]) {
    const tier = limitTier(named);
    if (tier !== undefined) return tier;
  }
  return undefined;
}

function qualityChange(v: CloudValue, wabaId: string | undefined): CloudHealthChange | undefined {
  const phone = phoneDigits(v.display_phone_number);
  if (!phone) return undefined; // a quality update is about one number: without it, about none
  const event = v.event?.toUpperCase();
  const quality = ratingOf(v);
  const level = quality ?? (event !== undefined && Object.hasOwn(EVENT_QUALITY, event) ? EVENT_QUALITY[event] : undefined);
  const change: CloudHealthChange = { driver: "whatsapp-cloud", phone, event: event ?? quality ?? "quality_update" };
  if (wabaId) change.wabaId = wabaId;
  if (level) change.signal = QUALITY_SIGNALS[level];
  if (quality) change.quality = quality;
  const tier = tierOf(v);
  if (tier !== undefined) change.tier = tier;
  return level !== undefined || tier !== undefined ? change : undefined; // nothing to act on or keep
}

/** The latest end of the restrictions, when any gives one (unix seconds). */
function restrictionEnd(v: CloudValue): Date | undefined {
  const ends = (v.restriction_info ?? []).map((r) => (r?.expiration ?? 0) * 1000).filter((ms) => ms > 0 && Number.isFinite(ms));
  return ends.length > 0 ? new Date(Math.max(...ends)) : undefined;
}

function accountSignal(v: CloudValue, event: string | undefined): { signal?: HealthSignal; until?: Date } {
  const ban = v.ban_info?.waba_ban_state?.toUpperCase();
  if (event === "ACCOUNT_RESTRICTION") {
    // Meta announces the end of a restriction as the same event with nothing restricted.
    if ((v.restriction_info ?? []).length === 0) return { signal: "account_reinstated" };
    const until = restrictionEnd(v);
    return until ? { signal: "account_restricted", until } : { signal: "account_restricted" };
  }
  if (event === "ACCOUNT_VIOLATION" || event === "ACCOUNT_DELETED" || (event === "DISABLED_UPDATE" && ban === "DISABLE")) return { signal: "account_banned" };
  if (event === "DISABLED_UPDATE" && ban === "REINSTATE") return { signal: "account_reinstated" };
  return {};
}

function accountChange(v: CloudValue, wabaId: string | undefined): CloudHealthChange | undefined {
  const phone = phoneDigits(v.phone_number);
  if (!phone && !wabaId) return undefined;
  const event = v.event?.toUpperCase();
  const { signal, until } = accountSignal(v, event);
  if (!signal) return undefined; // other account_update events (verification, partner changes) say nothing about health
  const change: CloudHealthChange = { driver: "whatsapp-cloud", event: event ?? "account_update", signal };
  if (phone) change.phone = phone;
  if (wabaId) change.wabaId = wabaId;
  if (until) change.until = until;
  return change;
}

/** A portfolio's new messaging limit, for every number of the business account the webhook came from. */
function capabilityChange(v: CloudValue, wabaId: string | undefined): CloudHealthChange | undefined {
  const tier = tierOf(v);
  return wabaId && tier !== undefined ? { driver: "whatsapp-cloud", wabaId, event: "BUSINESS_CAPABILITY_UPDATE", tier } : undefined;
}

const READERS: Record<string, (v: CloudValue, wabaId: string | undefined) => CloudHealthChange | undefined> = {
  phone_number_quality_update: qualityChange,
  account_update: accountChange,
  business_capability_update: capabilityChange,
};

const healthChangesOf = cloudChangesReader(cloudValue);

/** Meta's health changes in a verified Cloud webhook body, in order; [] when it holds none. */
export function cloudHealthChanges(json: unknown): CloudHealthChange[] {
  return healthChangesOf(json).flatMap(({ field, value, wabaId }) => {
    const change = field !== undefined && Object.hasOwn(READERS, field) ? READERS[field]!(value, wabaId) : undefined;
    return change ? [change] : [];
  });
}

const wahaBody = z.looseObject({ event: word, session: lenient(z.string().min(1).max(256)), payload: lenient(z.looseObject({ status: word })) });

/** STARTING says nothing yet: the session is either about to work or about to fail, and that event follows. */
const SESSION_SIGNALS: Record<string, HealthSignal> = { STOPPED: "session_lost", FAILED: "session_lost", SCAN_QR_CODE: "session_lost", WORKING: "session_working" };

/** WAHA's session.status in a verified WAHA event, as a list (none or one) like the Cloud changes. */
export function wahaHealthChanges(json: unknown): WahaHealthChange[] {
  const parsed = wahaBody.safeParse(json);
  if (!parsed.success || parsed.data.event !== "session.status" || !parsed.data.session) return [];
  const status = parsed.data.payload?.status?.toUpperCase();
  const signal = status !== undefined && Object.hasOwn(SESSION_SIGNALS, status) ? SESSION_SIGNALS[status] : undefined;
  return signal && status ? [{ driver: "waha", session: parsed.data.session, signal, event: status }] : [];
}

/** The health changes in a verified body from `driver`. */
export const healthChanges = (driver: "whatsapp-cloud" | "waha", json: unknown): HealthChange[] => (driver === "waha" ? wahaHealthChanges(json) : cloudHealthChanges(json));
