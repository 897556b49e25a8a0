import { z } from "zod";
import type { SqlClient } from "../../core/db/raw-rows.js";
import { TimeZone } from "../../core/clock.js";
import { normalizePhoneNumber } from "../../core/input/phone.js";
import { dateOnly } from "../../core/clock.js";
import { searchBusinessRows, type BusinessRow, type BusinessSearch } from "./sql/search-businesses.js";

// Finding a business the way an operator remembers it: its id, a number it sends from, an email
// of its staff, or words of its name. One box takes any of them; the words say which they are.

export const BUSINESS_STATUSES = ["trial", "active", "past_due", "suspended", "canceled"] as const;
export type BusinessStatus = (typeof BUSINESS_STATUSES)[number];

/** The most a page holds; the console asks for 25. */
export const MAX_BUSINESS_PAGE = 100;

export const businessSearchArgs = z.object({
  q: z.string().trim().max(100).optional(),
  status: z.enum(BUSINESS_STATUSES).optional(),
  after: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(MAX_BUSINESS_PAGE).default(25),
});
export type BusinessSearchArgs = z.infer<typeof businessSearchArgs>;

/** What the words are: #12 an id; digits an id, a number or words of a name at once; text with an @ an email's beginning; the rest, a name. */
export function searchTerms(q: string | undefined): Pick<BusinessSearch, "id" | "phone" | "email" | "name"> {
  const words = q?.trim() ?? "";
  if (words === "") return { id: null, phone: null, email: null, name: null };
  // #12 is the id alone; 12 may also be words of a name.
  if (/^#\d{1,9}$/.test(words)) return { id: Number(words.slice(1)), phone: null, email: null, name: null };
  const digits = /^\d{1,9}$/.test(words) ? Number(words) : null;
  const phone = normalizePhoneNumber(words) ?? null;
  if (words.includes("@")) return { id: null, phone: null, email: words.toLowerCase(), name: null };
  // A LIKE pattern: the words' own % and _ are matched as themselves.
  const name = `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return { id: digits !== null && digits <= 2_147_483_647 ? digits : null, phone, email: null, name };
}

export interface Business {
  id: number;
  name: string;
  status: BusinessStatus;
  /** Suspended by an operator (tenant:resume lifts it), not by billing. */
  suspendedByOperator: boolean;
  suspensionReason: string | null;
  plan: { id: number; name: string; version: number; interval: "month" | "year" | null };
  paidThrough: string;
  graceUntil: string | null;
  month: { month: string; used: number; allowance: number };
  numbers: Array<{ id: number; phoneNumber: string | null; name: string; status: string }>;
  ownerEmail: string | null;
  lastActivityAt: string | null;
  /** Halalas a month, VAT not included. */
  monthlyRevenue: number;
  createdAt: string;
}

const shown = (r: BusinessRow, month: string): Business => ({
  id: r.id,
  name: r.name,
  status: r.status as BusinessStatus,
  suspendedByOperator: r.suspended_by_operator,
  suspensionReason: r.suspension_reason,
  plan: { id: r.plan_id, name: r.plan_name, version: r.plan_version, interval: r.interval as "month" | "year" | null },
  paidThrough: dateOnly(r.paid_through),
  graceUntil: r.grace_until ? dateOnly(r.grace_until) : null,
  month: { month, used: r.used, allowance: r.allowance },
  numbers: r.numbers.map((n) => ({ id: n.id, phoneNumber: n.phone_number, name: n.name, status: n.status })),
  ownerEmail: r.owner_email,
  lastActivityAt: r.last_activity_at?.toISOString() ?? null,
  monthlyRevenue: Number(r.monthly_revenue),
  createdAt: r.created_at.toISOString(),
});

/** A page of businesses matching `args`, by id; `next` is the `after` of the following page (null: none). */
export async function searchBusinesses(db: SqlClient, now: Date, timeZone: string, args: BusinessSearchArgs): Promise<{ businesses: Business[]; next: number | null }> {
  const month = new TimeZone(timeZone).local(now).slice(0, 7);
  const rows = await searchBusinessRows(db, { ...searchTerms(args.q), status: args.status ?? null, after: args.after, limit: args.limit + 1, month });
  const page = rows.slice(0, args.limit).map((r) => shown(r, month));
  return { businesses: page, next: rows.length > args.limit ? (page.at(-1)?.id ?? null) : null };
}
