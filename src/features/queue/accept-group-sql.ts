import { Prisma } from "../../generated/prisma/client.js";
import type { Message } from "../../generated/prisma/client.js";
import type { Db } from "../../core/db/database.js";
import { rowsOf } from "../../core/db/raw-rows.js";
import { needsPerSendCheckSql, releaseQuota, reserveQuotaForTenantsCtes, senderPlacementCtes } from "../accounts/index.js";
import type { AcceptSingleArgs } from "./accept-sql.js";
import { messageColumns } from "./columns-sql.js";
import { optedOutSql } from "../contacts/index.js";
import { noteReservation } from "./quota-watch.js";

/** One single send in a group: what acceptSingleMessage takes for one message, and whose it is. */
export type GroupedSend = Pick<AcceptSingleArgs, "tenantId" | "monthlyLimit" | "accountId" | "to" | "text" | "imageUrl" | "templateId" | "traceParent"> & { now: Date };

export interface AcceptGroupArgs {
  day: string;
  month: string;
  lockOwner: string;
  leaseSeconds: number;
  /** Channels that keep the customer-service window, and the default channel (ChannelRegistry). */
  windowChannels: string[];
  defaultChannel: string;
  sends: GroupedSend[];
}

/**
 * Per send, in order: its message, or why it has none here. A message comes with its sender's
 * version as the accepting statement read it, which lets the delivery skip asking again (senders.ts).
 */
export type GroupOutcome = { message: Message; senderVersion: number | undefined } | { optedOut: true } | { alone: true };

export interface GroupResult {
  outcomes: GroupOutcome[];
  /** Tenants with a number that needs a per-send check (a window, a warm-up, a tier): their sends went alone. */
  windowedTenants: number[];
}

type GroupRow = Message & { taken: number[]; quotas: string[]; windowed: number[]; optedOut: number[]; placed: number[]; senders: string[] };

/**
 * The single sends that arrived together, of one tenant or many, accepted in one statement: each
 * tenant's allowance for all its consented sends at once (reserveQuotaForTenantsCtes: its row
 * updated once), senders counted for all of them (senderPlacementCtes: each number's usage row
 * updated once), and their rows inserted already held (`sending`) by the inline owner, as
 * acceptSingleMessage does for one. Tenants never share a unit or a number: each tenant's sends
 * are placed on its own numbers only.
 *
 * What the statement cannot settle for a send, it hands back as `alone`, for the single statement
 * to decide exactly as if there had been no group, tenant by tenant: every consented send of a
 * tenant whose allowance does not cover them all (so the last units go to sends one by one, never
 * overspent) or whose allowance row is busy in another statement or not made yet this month; a
 * send no sender had room for; every send of a tenant while one of its numbers has no usage row
 * yet (the single statement creates it). Their allowance units are given back first. An opted-out
 * recipient takes nothing. A tenant with a number that keeps the customer-service window, warms up
 * or holds a messaging tier takes nothing here either (`windowedTenants`): its sends need a
 * per-sender check, which the single statement does.
 */
export async function acceptGroup(db: Db, a: AcceptGroupArgs): Promise<GroupResult> {
  const rows = await rowsOf<GroupRow>(db, acceptGroupSql(a));
  const head = rows[0]!;
  const s = a.sends;
  const outcomes: GroupOutcome[] = s.map(() => ({ alone: true }));
  for (const position of head.optedOut) outcomes[position - 1] = { optedOut: true };
  // Ids are drawn in insertion order, which is position order: the i-th row is the i-th placed send.
  const messages = rows.filter((r) => r.id !== null).map(({ taken: _t, quotas: _q, windowed: _w, optedOut: _o, placed: _p, senders: _s, ...m }) => m);
  if (messages.length !== head.placed.length) throw new Error(`group accept inserted ${messages.length} rows for ${head.placed.length} placed sends`);
  const versions = new Map(head.senders.map((pair) => pair.split(":").map(Number) as [number, number]));
  head.placed.forEach((position, i) => {
    const message = messages[i]!;
    outcomes[position - 1] = { message, senderVersion: message.accountId === null ? undefined : versions.get(message.accountId) };
  });
  const unplaced = await releaseUnplaced(db, a, outcomes, new Set(head.taken));
  const at = new Date(Math.max(...a.sends.map((x) => x.now.getTime())));
  await noteReservations(db, { month: a.month, at }, head.quotas, unplaced);
  return { outcomes, windowedTenants: head.windowed };
}

/** Gives back the units a tenant took for sends that found no sender: they go alone, and take their own. Returns them by tenant. */
async function releaseUnplaced(db: Db, a: AcceptGroupArgs, outcomes: GroupOutcome[], taken: Set<number>): Promise<Map<number, number>> {
  const unplaced = new Map<number, number>();
  a.sends.forEach((send, i) => {
    if (taken.has(send.tenantId) && "alone" in outcomes[i]!) unplaced.set(send.tenantId, (unplaced.get(send.tenantId) ?? 0) + 1);
  });
  for (const [tenantId, count] of unplaced) await releaseQuota(db, tenantId, a.month, count);
  return unplaced;
}

/** The quota warnings of each tenant's reservation (`tenant:used:bonus:k:lim`), less the units given back. */
async function noteReservations(db: Db, when: { month: string; at: Date }, quotas: string[], unplaced: Map<number, number>): Promise<void> {
  for (const quota of quotas) {
    const [tenantId, used, bonus, k, lim] = quota.split(":").map(Number) as [number, number, number, number, number];
    const back = unplaced.get(tenantId) ?? 0;
    await noteReservation({ db }, { tenantId, ...when, used: used - back, bonus, taken: k - back, monthlyLimit: lim });
  }
}

/** The sends' traceparents; none traced (tracing off) goes as an empty array, which unnest pads with NULLs. */
const traceParents = (sends: GroupedSend[]) => (sends.some((x) => x.traceParent) ? sends.map((x) => x.traceParent ?? null) : []);

function acceptGroupSql(a: AcceptGroupArgs): Prisma.Sql {
  const s = a.sends;
  const acceptedAt = new Date(Math.max(...s.map((x) => x.now.getTime())));
  const lockedUntil = new Date(acceptedAt.getTime() + a.leaseSeconds * 1000);
  return Prisma.sql`
    -- accept_group
    WITH input AS (
      SELECT n.position::int AS id, n.tenant_id, n.lim, n.recipient, n.text, n.image_url, n.template_id, n.account_id, n.created_at, n.trace_parent
      FROM unnest(${s.map((x) => x.tenantId)}::int[], ${s.map((x) => x.monthlyLimit)}::int[], ${s.map((x) => x.to)}::text[],
        ${s.map((x) => x.text)}::text[], ${s.map((x) => x.imageUrl)}::text[], ${s.map((x) => x.templateId)}::int[],
        ${s.map((x) => x.accountId)}::int[], ${s.map((x) => x.now)}::timestamptz[], ${traceParents(s)}::text[])
        WITH ORDINALITY AS n(tenant_id, lim, recipient, text, image_url, template_id, account_id, created_at, trace_parent, position)
    ),
    consented AS (SELECT * FROM input WHERE NOT ${optedOutSql(Prisma.sql`input.tenant_id`, Prisma.sql`input.recipient`)}),
    plain AS (
      SELECT c.tenant_id, count(*)::int AS k, min(c.lim) AS lim FROM consented c
      WHERE NOT EXISTS (SELECT 1 FROM account a WHERE a.tenant_id = c.tenant_id AND a.status = 'connected'
        AND (COALESCE(a.channel, ${a.defaultChannel}::text) = ANY (${a.windowChannels}::text[]) OR ${needsPerSendCheckSql("a")}))
      GROUP BY c.tenant_id
    ),
    ${reserveQuotaForTenantsCtes("plain", a.month)},
    -- Placement reads only usage rows that exist (it locks them), so while a connected number of
    -- a tenant has none yet it would look fuller than it is: that tenant's sends go alone until
    -- the single statement has made it.
    ready AS (
      SELECT q.tenant_id FROM quota q WHERE NOT EXISTS (
        SELECT 1 FROM account a LEFT JOIN account_usage u ON u.account_id = a.id
        WHERE a.tenant_id = q.tenant_id AND a.status = 'connected' AND u.account_id IS NULL)
    ),
    want AS (
      SELECT c.id, c.tenant_id, COALESCE(c.account_id, 0) AS pinned, '{}'::int[] AS choices,
        row_number() OVER (PARTITION BY c.tenant_id, COALESCE(c.account_id, 0) ORDER BY c.id) - 1 AS n
      FROM consented c WHERE c.tenant_id IN (SELECT tenant_id FROM ready)
    ),
    ${senderPlacementCtes({ day: a.day, month: a.month, now: acceptedAt })},
    inserted AS (
      INSERT INTO message AS m (tenant_id, account_id, account_pinned, "to", body, image_url, priority, template_id, status,
        attempts, reserved_on, account_counted_on, locked_by, locked_until, created_at, run_at, trace_parent)
      SELECT c.tenant_id, chosen.account_id, c.account_id IS NOT NULL, c.recipient, c.text, c.image_url, 'high', c.template_id,
        'sending', 1, ${a.day}::date, ${a.day}::date, ${a.lockOwner}::text, ${lockedUntil}::timestamptz, c.created_at, c.created_at, c.trace_parent
      FROM chosen JOIN consented c ON c.id = chosen.id
      ORDER BY c.id
      RETURNING ${messageColumns("m")}
    )
    SELECT ARRAY(SELECT tenant_id FROM quota) AS taken,
      ARRAY(SELECT concat_ws(':', tenant_id, used, bonus, k, lim) FROM quota) AS quotas,
      ARRAY(SELECT DISTINCT tenant_id FROM consented WHERE tenant_id NOT IN (SELECT tenant_id FROM plain)) AS windowed,
      ARRAY(SELECT id FROM input WHERE id NOT IN (SELECT id FROM consented) ORDER BY id) AS "optedOut",
      ARRAY(SELECT id FROM chosen ORDER BY id) AS "placed",
      ARRAY(SELECT a.id::text || ':' || a.version::text FROM account a WHERE a.id IN (SELECT account_id FROM chosen)) AS senders,
      inserted.*
    FROM (SELECT 1) AS one LEFT JOIN inserted ON true ORDER BY inserted.id`;
}
