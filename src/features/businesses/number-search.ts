import { z } from "zod";
import type { SqlClient } from "../../core/db/raw-rows.js";
import { normalizePhoneNumber } from "../../core/input/phone.js";
import { NUMBER_STATES } from "../../core/numbers/number-state-sql.js";
import { searchNumberRows } from "./sql/search-numbers.js";

// Finding numbers across every business: by the number in any form, by the business (#id), by
// state or by WAHA server; a page at a time by id.

export const numberSearchArgs = z.object({
  q: z.string().trim().max(40).optional(),
  state: z.enum(NUMBER_STATES).optional(),
  server: z.string().trim().min(1).max(100).optional(),
  after: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type NumberSearchArgs = z.infer<typeof numberSearchArgs>;

export interface FoundNumber {
  id: number;
  business: { id: number; name: string };
  phoneNumber: string | null;
  name: string;
  channel: string | null;
  state: string;
  reason: string | null;
  until: string | null;
  messagingTier: number | null;
  quality: string | null;
  wahaServer: string | null;
  linkState: string | null;
}

/** `q` as what it names: #12 the business with id 12; anything else a number, in any form. */
function terms(q: string | undefined): { phone: string | null; tenantId: number | null } {
  const words = q?.trim() ?? "";
  if (words === "") return { phone: null, tenantId: null };
  if (/^#\d{1,9}$/.test(words)) return { phone: null, tenantId: Number(words.slice(1)) };
  // Words that make no number find none, rather than every number.
  return { phone: normalizePhoneNumber(words) ?? "", tenantId: null };
}

export async function searchNumbers(db: SqlClient, args: NumberSearchArgs): Promise<{ numbers: FoundNumber[]; next: number | null }> {
  const rows = await searchNumberRows(db, { ...terms(args.q), state: args.state ?? null, server: args.server ?? null, after: args.after, limit: args.limit + 1 });
  const numbers = rows.slice(0, args.limit).map((r) => ({
    id: r.id,
    business: { id: r.tenant_id, name: r.tenant_name },
    phoneNumber: r.phone_number,
    name: r.name,
    channel: r.channel,
    state: r.state,
    reason: r.status_reason,
    until: r.status_until?.toISOString() ?? null,
    messagingTier: r.messaging_tier,
    quality: r.quality,
    wahaServer: r.server,
    linkState: r.link_state,
  }));
  return { numbers, next: rows.length > args.limit ? (numbers.at(-1)?.id ?? null) : null };
}
