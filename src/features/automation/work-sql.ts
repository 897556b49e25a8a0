import type { Db } from "../../core/db/database.js";

// The statements of the answering loop: the work the database queues as a contact's message is
// stored (trigger inbound_enqueue_automation), claimed under a lease as the Chatwoot outbox is,
// the facts a message is matched on, and what an answer leaves behind (a rule's cooldown, a
// contact in a person's hands).

export interface ClaimedWork {
  inboundMessageId: bigint;
  tenantId: number;
  accountId: number;
  phone: string;
  /** When an earlier attempt began whose holder died: its answer may have been queued. */
  triedBefore: Date | null;
}

/**
 * Claims up to `limit` due rows, each the head of its contact's queue, so one contact's messages
 * are answered in the order they came however many loops run; a `working` head whose lease ran
 * out (its holder died) is taken again.
 */
export const claimWork = (db: Db, c: { owner: string; limit: number; leaseMs: number; now: Date }) =>
  db.$queryRaw<ClaimedWork[]>`-- claim_automation_work
    WITH heads AS (
      SELECT DISTINCT ON (tenant_id, phone) inbound_message_id
      FROM automation_work WHERE status IN ('pending', 'working')
      ORDER BY tenant_id, phone, inbound_message_id
    ), due AS (
      SELECT w.inbound_message_id, w.tried_at FROM automation_work w JOIN heads h USING (inbound_message_id)
      WHERE w.status = 'pending' OR w.locked_until < ${c.now}::timestamptz
      ORDER BY w.created_at, w.inbound_message_id
      LIMIT ${c.limit}
      FOR UPDATE OF w SKIP LOCKED
    )
    UPDATE automation_work w SET status = 'working', attempts = w.attempts + 1, locked_by = ${c.owner},
      locked_until = ${new Date(c.now.getTime() + c.leaseMs)}::timestamptz, tried_at = ${c.now}::timestamptz
    FROM due WHERE w.inbound_message_id = due.inbound_message_id
    RETURNING w.inbound_message_id AS "inboundMessageId", w.tenant_id AS "tenantId", w.account_id AS "accountId", w.phone,
      due.tried_at AS "triedBefore"`;

export type Outcome =
  | "answered"
  | "handed_over"
  | "no_rule"
  | "opted_out"
  | "business_number"
  | "with_a_person"
  | "refused"
  | "gone"
  | "bot_failed"
  | "bot_silent"
  /** The answer's content kind cannot go from the number written to (rich/answer-content.ts): nothing queued or charged. */
  | "unsendable";

/** The work is done as `outcome`; false: the lease was no longer ours. */
export async function finishWork(db: Db, id: bigint, owner: string, f: { outcome: Outcome; ruleId: number | null; messageId: bigint | null; now: Date }): Promise<boolean> {
  const changed = await db.$executeRaw`-- finish_automation_work
    UPDATE automation_work SET status = 'done', outcome = ${f.outcome}, rule_id = ${f.ruleId}::int, message_id = ${f.messageId}::bigint,
      done_at = ${f.now}::timestamptz, locked_by = NULL, locked_until = NULL
    WHERE inbound_message_id = ${id} AND locked_by = ${owner} AND status = 'working'`;
  return changed > 0;
}

/** Hands back what a stopping loop still holds; answers how many. */
export const releaseWorkHeldBy = (db: Db, owner: string) =>
  db.$executeRaw`-- release_automation_work
    UPDATE automation_work SET status = 'pending', locked_by = NULL, locked_until = NULL
    WHERE locked_by = ${owner} AND status = 'working'`;

export interface MatchFacts {
  text: string | null;
  kind: string;
  choiceId: string | null;
  receivedAt: Date;
  /** No earlier message from the contact to the business. */
  firstMessage: boolean;
  /** The contact's number is one of the gateway's own numbers (any business's): never answered. */
  businessNumber: boolean;
  /** A person has the contact until then. */
  handedOverUntil: Date | null;
}

/** What a claimed message is matched on; null when it is gone (erased or pruned). */
export async function readMatchFacts(db: Db, w: ClaimedWork): Promise<MatchFacts | null> {
  const [row] = await db.$queryRaw<MatchFacts[]>`-- read_automation_facts
    SELECT i.text, i.kind::text AS kind, i.choice_id AS "choiceId", i.received_at AS "receivedAt",
      NOT EXISTS (SELECT 1 FROM inbound_message e WHERE e.tenant_id = i.tenant_id AND e.from_number = i.from_number AND e.id < i.id) AS "firstMessage",
      EXISTS (SELECT 1 FROM account a WHERE a.phone_number = i.from_number) AS "businessNumber",
      (SELECT h.until FROM automation_handover h WHERE h.tenant_id = i.tenant_id AND h.phone = i.from_number) AS "handedOverUntil"
    FROM inbound_message i WHERE i.id = ${w.inboundMessageId} AND i.tenant_id = ${w.tenantId} AND i.from_number = ${w.phone}`;
  return row ?? null;
}

/** When each rule last answered the contact. */
export async function readCooldowns(db: Db, tenantId: number, phone: string): Promise<Map<number, Date>> {
  const rows = await db.automationAnswer.findMany({ where: { tenantId, phone }, select: { ruleId: true, answeredAt: true } });
  return new Map(rows.map((r) => [r.ruleId, r.answeredAt]));
}

/** The rule answered the contact now: its cooldown starts. */
export const recordAnswer = (db: Db, a: { ruleId: number; tenantId: number; phone: string; now: Date }) =>
  db.$executeRaw`-- record_automation_answer
    INSERT INTO automation_answer (rule_id, phone, tenant_id, answered_at) VALUES (${a.ruleId}, ${a.phone}, ${a.tenantId}, ${a.now}::timestamptz)
    ON CONFLICT (rule_id, phone) DO UPDATE SET answered_at = EXCLUDED.answered_at`;

/** The contact is in a person's hands until `until`: no rule answers them before. */
export const handOver = (db: Db, h: { tenantId: number; phone: string; until: Date; ruleId: number | null }) =>
  db.$executeRaw`-- hand_over_contact
    INSERT INTO automation_handover (tenant_id, phone, until, rule_id) VALUES (${h.tenantId}, ${h.phone}, ${h.until}::timestamptz, ${h.ruleId}::int)
    ON CONFLICT (tenant_id, phone) DO UPDATE SET until = EXCLUDED.until, rule_id = EXCLUDED.rule_id`;

/** Rules may answer the contact again (a person closed the conversation). */
export const endHandover = (db: Db, tenantId: number, phone: string) => db.automationHandover.deleteMany({ where: { tenantId, phone } });

/**
 * The answer an earlier attempt queued before its holder died, if it did: a message of an
 * automation rule to the contact, made since that attempt began.
 */
export async function answerQueuedSince(db: Db, w: ClaimedWork, since: Date): Promise<{ id: bigint; ruleId: number } | null> {
  const [row] = await db.$queryRaw<Array<{ id: bigint; ruleId: number }>>`-- find_automation_answer
    SELECT id, automation_rule_id AS "ruleId" FROM message
    WHERE tenant_id = ${w.tenantId} AND "to" = ${w.phone} AND automation_rule_id IS NOT NULL AND created_at >= ${since}::timestamptz
    ORDER BY id LIMIT 1`;
  return row ?? null;
}

/** Deletes at most `limit` rows of work that ended more than `days` ago; answers how many went. */
export const pruneEndedAutomationWork = (db: Db, days: number, now: Date, limit: number) =>
  db.$executeRaw`-- prune_automation_work
    DELETE FROM automation_work WHERE inbound_message_id IN (
      SELECT inbound_message_id FROM automation_work
      WHERE status = 'done' AND done_at < ${new Date(now.getTime() - days * 86_400_000)}::timestamptz
      LIMIT ${limit})`;

/** What the rules made of a contact's message: null when none looked at it (no enabled rule then). */
export const lookAt = (db: Db, inboundMessageId: bigint) =>
  db.automationWork.findUnique({ where: { inboundMessageId }, select: { status: true, outcome: true, ruleId: true, messageId: true } });

/** How many messages each of the tenant's rules answered (or handed over) since `since`. */
export async function answersSince(db: Db, tenantId: number, since: Date): Promise<Map<number, number>> {
  const rows = await db.automationWork.groupBy({
    by: ["ruleId"],
    where: { tenantId, ruleId: { not: null }, doneAt: { gte: since }, outcome: { not: "refused" } },
    _count: { _all: true },
  });
  return new Map(rows.map((r) => [r.ruleId!, r._count._all]));
}
