import { Prisma } from "../../generated/prisma/client.js";
import type { Message } from "../../generated/prisma/client.js";
import type { Db } from "../../core/db/database.js";
import type { ChannelRegistry } from "../../core/channels/registry.js";
import type { ContentKind } from "../../core/content/message-content.js";
import { customerWindowClosesSql, customerWindowOpenSql, optedOutSql, OPTED_OUT } from "../contacts/index.js";
import { releaseQuotaCte, releaseSenderCte } from "../accounts/index.js";
import { messageColumns } from "./columns-sql.js";
import { CANCELLED, cancelRequestedSql } from "./cancel-requests-sql.js";

// Which of a tenant's numbers may send a given message: the one rule behind acceptance (a single
// send's statement, a bulk's per-recipient choices), the sender choice, and the worker's check
// before sending. A number fits when its channel carries the message's kind (capabilities.ts) and,
// for a free-form message on a channel with Meta's customer-service window, the contact wrote to
// that very number within the window.

/** The stable `error` of a queued free-form message whose customer-service window closed before it went out. */
export const OUTSIDE_MESSAGING_WINDOW = "outside_messaging_window";

export interface SenderNeeds {
  kind: ContentKind;
  /** Anything but a template message: kept to the window on channels that have one. */
  freeForm: boolean;
  /** The recipient: a number, or SQL naming it (a column). */
  to: Prisma.Sql | string;
  /** When it goes out (the window is judged then). */
  at: Date;
}

const channelOf = (channels: ChannelRegistry, a: string) => Prisma.sql`COALESCE(${Prisma.raw(`${a}.channel`)}, ${channels.defaultName}::text)`;

/** A condition on the account aliased `a`; `TRUE` when every channel fits whatever the contact did. */
export function senderFitsSql(channels: ChannelRegistry, needs: SenderNeeds, a = "a"): Prisma.Sql {
  const conditions: Prisma.Sql[] = [];
  const carrying = channels.carrying(needs.kind);
  const all = channels.carrying("text");
  if (all.some((c) => !carrying.includes(c))) conditions.push(Prisma.sql`${channelOf(channels, a)} = ANY (${carrying}::text[])`);
  const windowed = channels.windowed();
  if (needs.freeForm && windowed.length > 0) {
    conditions.push(Prisma.sql`(${channelOf(channels, a)} <> ALL (${windowed}::text[])
      OR ${customerWindowOpenSql(Prisma.raw(`${a}.id`), typeof needs.to === "string" ? Prisma.sql`${needs.to}::text` : needs.to, Prisma.sql`${needs.at}::timestamptz`)})`);
  }
  return conditions.length === 0 ? Prisma.sql`TRUE` : Prisma.join(conditions, " AND ");
}

/** When the latest customer-service window between `to` and any of `accountIds` closes (or closed); null: `to` never wrote to them. */
export async function windowClosesAt(db: Db, accountIds: number[], to: string): Promise<Date | null> {
  const [row] = await db.$queryRaw<Array<{ closes: Date | null }>>`
    -- window_closes_at
    SELECT max(${customerWindowClosesSql(Prisma.sql`a.id`, Prisma.sql`${to}::text`)}) AS closes FROM account a WHERE a.id = ANY (${accountIds}::int[])`;
  return row?.closes ?? null;
}

/** True when the condition holds for every sender, so nothing needs checking. */
export const fitsAnySender = (fit: Prisma.Sql) => fit.sql === "TRUE";

export interface RecipientFit {
  /** The connected numbers (of those allowed) that fit; empty: none does. */
  fitting: number[];
  /** Every connected number allowed for the send, fitting or not. */
  allowed: number[];
}

/**
 * For each recipient of a queued send, the numbers that fit it, read in one statement before
 * acceptance (as consent is). `accountIds`: the numbers the send may use (null: any connected).
 * Most recipients fit every allowed number, so the statement returns the allowed numbers once
 * (the row without a phone) and then only the recipients some of them do not fit: a 500-number
 * bulk reads one row instead of 500 pairs of arrays. No allowed number: an empty map.
 */
export async function fitOfRecipients(
  db: Db,
  channels: ChannelRegistry,
  o: { tenantId: number; accountIds: number[] | null; kind: ContentKind; freeForm: boolean; recipients: string[]; at: Date },
): Promise<Map<string, RecipientFit>> {
  const fit = senderFitsSql(channels, { kind: o.kind, freeForm: o.freeForm, to: Prisma.sql`r.phone`, at: o.at });
  const rows = await db.$queryRaw<Array<{ phone: string | null; fitting: number[] }>>`
    -- fit_of_recipients
    WITH allowed AS (
      SELECT a.id, a.channel FROM account a
      WHERE a.tenant_id = ${o.tenantId} AND a.status = 'connected' AND (${o.accountIds}::int[] IS NULL OR a.id = ANY (${o.accountIds}::int[]))
    )
    SELECT NULL::text AS phone, COALESCE((SELECT array_agg(id ORDER BY id) FROM allowed), '{}') AS fitting
    UNION ALL
    SELECT r.phone, COALESCE(array_agg(p.id ORDER BY p.id) FILTER (WHERE p.fits), '{}')
    FROM unnest(${o.recipients}::text[]) AS r(phone)
    CROSS JOIN LATERAL (SELECT a.id, ${fit} AS fits FROM allowed a) AS p
    GROUP BY r.phone HAVING NOT bool_and(p.fits)`;
  const allowed = rows.find((r) => r.phone === null)?.fitting ?? [];
  if (allowed.length === 0) return new Map();
  const misfits = new Map(rows.map((r) => [r.phone, r.fitting]));
  return new Map(o.recipients.map((phone) => [phone, { fitting: misfits.get(phone) ?? allowed, allowed }]));
}

/**
 * Fails, of the messages `owner` just claimed, those their sender asked to cancel meanwhile
 * (`cancelled`, see cancel-requests.ts), those whose recipient opted out (`opted_out`) and the
 * free-form ones whose sender keeps the customer-service window when it has closed
 * (`outside_messaging_window`), giving back what they held; returns them. The last statement
 * before the sends, so a cancel, an opt-out or a window that closed by then stops them. A message with a part
 * already sent is left to finish (half a message is worse than a whole one); the opt-out notice
 * answers the contact's own message, so its window is open.
 */
export async function failUnsendableClaimed(db: Db, channels: ChannelRegistry, owner: string, ids: bigint[], now: Date): Promise<Message[]> {
  if (ids.length === 0) return [];
  const windowed = channels.windowed();
  const outside = Prisma.sql`(m.content IS NULL OR m.content->>'kind' <> 'template')
    AND EXISTS (SELECT 1 FROM account a WHERE a.id = m.account_id AND ${channelOf(channels, "a")} = ANY (${windowed}::text[]))
    AND NOT ${customerWindowOpenSql(Prisma.sql`m.account_id`, Prisma.sql`m."to"`, Prisma.sql`${now}::timestamptz`)}`;
  const optedOut = optedOutSql(Prisma.sql`m.tenant_id`, Prisma.sql`m."to"`);
  return db.$queryRaw<Message[]>`
    -- fail_unsendable_claimed
    WITH failed AS (
      UPDATE message AS m SET status = 'failed',
        error = CASE WHEN ${cancelRequestedSql} THEN ${CANCELLED} WHEN ${optedOut} THEN ${OPTED_OUT} ELSE ${OUTSIDE_MESSAGING_WINDOW} END,
        provider_error_code = NULL, locked_by = NULL, locked_until = NULL
      WHERE m.id = ANY (${ids.map(String)}::text[]::bigint[]) AND m.locked_by = ${owner} AND m.status = 'sending'
        AND NOT m.consent_notice AND m.sent_parts = '[]'::jsonb
        AND (${cancelRequestedSql} OR ${optedOut} OR (${outside}))
      RETURNING ${messageColumns("m")}
    ),
    quota AS (${releaseQuotaCte("failed")}),
    sender AS (${releaseSenderCte("failed")})
    SELECT * FROM failed ORDER BY id`;
}
