import { Prisma } from "../../generated/prisma/client.js";
import type { Message } from "../../generated/prisma/client.js";
import type { Db } from "../../core/db/database.js";
import { needsPerSendCheckSql, releaseQuota, reserveQuotaCte } from "../accounts/index.js";
import { messageColumns } from "../../core/queue/message-columns.js";
import { optedOutSql } from "../contacts/index.js";
import { senderPlacementCtes } from "../delivery/index.js";

/** One single send in a group: what acceptSingleMessage takes for one message. */
export interface GroupedSend {
  accountId: number | null;
  to: string;
  text: string;
  imageUrl: string | null;
  templateId: number | null;
  now: Date;
}

export interface AcceptGroupArgs {
  tenantId: number;
  monthlyLimit: number;
  day: string;
  month: string;
  lockOwner: string;
  leaseSeconds: number;
  /** Channels that keep the customer-service window, and the default channel (ChannelRegistry). */
  windowChannels: string[];
  defaultChannel: string;
  sends: GroupedSend[];
}

/** Per send, in order: its message, or why it has none here. */
export type GroupOutcome = { message: Message } | { optedOut: true } | { alone: true };

/**
 * The single sends of one tenant that arrived together, accepted in one statement: the allowance
 * for every consented send at once, senders counted for all of them (senderPlacementCtes), and
 * their rows inserted already held (`sending`) by the inline owner, as acceptSingleMessage does
 * for one. The allowance is taken first and the usage rows locked after it, the same order as the
 * single statement, so the two never deadlock.
 *
 * What the group cannot settle for a send, it hands back as `alone`, for the single statement to
 * decide exactly as if there had been no group: every consented send when the allowance does not
 * cover them all (so the last units go to sends one by one, never overspent), and a send no sender
 * had room for, or every send while a number of the tenant has no usage row yet (the single
 * statement creates it); their allowance units are given back first. An opted-out recipient takes nothing.
 * A tenant with a number that keeps the customer-service window, warms up or holds a messaging tier
 * takes nothing here either (`windowed`): its sends need a per-sender check, which the single statement does.
 */
export async function acceptGroup(db: Db, a: AcceptGroupArgs): Promise<{ outcomes: GroupOutcome[]; windowed: boolean }> {
  const s = a.sends;
  const acceptedAt = new Date(Math.max(...s.map((x) => x.now.getTime())));
  const lockedUntil = new Date(acceptedAt.getTime() + a.leaseSeconds * 1000);
  const rows = await db.$queryRaw<Array<Message & { quotaTaken: boolean; windowed: boolean; optedOut: number[]; placed: number[] }>>`
    WITH input AS (
      SELECT n.position::int AS id, ${a.tenantId}::int AS tenant_id, n.recipient, n.text, n.image_url, n.template_id, n.account_id, n.created_at
      FROM unnest(${s.map((x) => x.to)}::text[], ${s.map((x) => x.text)}::text[], ${s.map((x) => x.imageUrl)}::text[],
        ${s.map((x) => x.templateId)}::int[], ${s.map((x) => x.accountId)}::int[], ${s.map((x) => x.now)}::timestamptz[])
        WITH ORDINALITY AS n(recipient, text, image_url, template_id, account_id, created_at, position)
    ),
    consented AS (SELECT * FROM input WHERE NOT ${optedOutSql(Prisma.sql`${a.tenantId}::int`, Prisma.sql`input.recipient`)}),
    plain AS (
      SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM account a WHERE a.tenant_id = ${a.tenantId}::int AND a.status = 'connected'
        AND (COALESCE(a.channel, ${a.defaultChannel}::text) = ANY (${a.windowChannels}::text[]) OR ${needsPerSendCheckSql("a")}))
    ),
    quota AS (${reserveQuotaCte(a.tenantId, a.month, Prisma.sql`(SELECT count(*) FROM consented)`, a.monthlyLimit, "plain")}),
    -- Placement reads only usage rows that exist (it locks them), so while a connected number of
    -- the tenant has none yet it would look fuller than it is: the sends go alone until the single
    -- statement has made it.
    ready AS (
      SELECT 1 FROM quota WHERE NOT EXISTS (
        SELECT 1 FROM account a LEFT JOIN account_usage u ON u.account_id = a.id
        WHERE a.tenant_id = ${a.tenantId}::int AND a.status = 'connected' AND u.account_id IS NULL)
    ),
    want AS (
      SELECT c.id, c.tenant_id, COALESCE(c.account_id, 0) AS pinned, '{}'::int[] AS choices,
        row_number() OVER (PARTITION BY COALESCE(c.account_id, 0) ORDER BY c.id) - 1 AS n
      FROM consented c
    ),
    ${senderPlacementCtes({ day: a.day, month: a.month, now: acceptedAt, gate: "ready" })},
    inserted AS (
      INSERT INTO message AS m (tenant_id, account_id, account_pinned, "to", body, image_url, priority, template_id, status,
        attempts, reserved_on, account_counted_on, locked_by, locked_until, created_at, run_at)
      SELECT c.tenant_id, chosen.account_id, c.account_id IS NOT NULL, c.recipient, c.text, c.image_url, 'high', c.template_id,
        'sending', 1, ${a.day}::date, ${a.day}::date, ${a.lockOwner}::text, ${lockedUntil}::timestamptz, c.created_at, c.created_at
      FROM chosen JOIN consented c ON c.id = chosen.id
      ORDER BY c.id
      RETURNING ${messageColumns("m")}
    )
    SELECT EXISTS (SELECT 1 FROM quota) AS "quotaTaken", NOT EXISTS (SELECT 1 FROM plain) AS windowed,
      ARRAY(SELECT id FROM input WHERE id NOT IN (SELECT id FROM consented) ORDER BY id) AS "optedOut",
      ARRAY(SELECT id FROM chosen ORDER BY id) AS "placed",
      inserted.*
    FROM (SELECT 1) AS one LEFT JOIN inserted ON true ORDER BY inserted.id`;
  const head = rows[0]!;
  const outcomes: GroupOutcome[] = s.map(() => ({ alone: true }));
  for (const position of head.optedOut) outcomes[position - 1] = { optedOut: true };
  if (!head.quotaTaken) return { outcomes, windowed: head.windowed };
  const unplaced = s.length - head.optedOut.length - head.placed.length;
  if (unplaced > 0) await releaseQuota(db, a.tenantId, a.month, unplaced);
  // Ids are drawn in insertion order, which is position order: the i-th row is the i-th placed send.
  const messages = rows.filter((r) => r.id !== null).map(({ quotaTaken: _q, windowed: _w, optedOut: _o, placed: _p, ...m }) => m);
  if (messages.length !== head.placed.length) throw new Error(`group accept inserted ${messages.length} rows for ${head.placed.length} placed sends`);
  head.placed.forEach((position, i) => (outcomes[position - 1] = { message: messages[i]! }));
  return { outcomes, windowed: false };
}
