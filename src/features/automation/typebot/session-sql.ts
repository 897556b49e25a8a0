import type { Db, DbClient } from "../../../core/db/database.js";
import type { Choice } from "./typebot-replies.js";

// The statements of a contact's Typebot conversations (automation_typebot_session): one row per
// contact and rule while the flow waits for the contact, gone when the flow ends, when the rule is
// deleted, when the contact is erased (erasure-sql.ts), or once it expired (the housekeeper's prune).

export interface TypebotSession {
  ruleId: number;
  botUrl: string;
  sessionId: string;
  choices: Choice[] | null;
}

const key = (s: { tenantId: number; phone: string; ruleId: number }) => ({ tenantId_phone_ruleId: { tenantId: s.tenantId, phone: s.phone, ruleId: s.ruleId } });

/** The contact's conversation with the rule's bot, unless it expired. */
export async function readSession(db: Db, s: { tenantId: number; phone: string; ruleId: number; now: Date }): Promise<TypebotSession | null> {
  const row = await db.automationTypebotSession.findUnique({ where: key(s), select: { ruleId: true, botUrl: true, sessionId: true, choices: true, expiresAt: true } });
  if (!row || row.expiresAt <= s.now) return null;
  return { ruleId: row.ruleId, botUrl: row.botUrl, sessionId: row.sessionId, choices: (row.choices as Choice[] | null) ?? null };
}

/** The rule whose bot the contact is talking to now (the latest conversation that has not expired), if any. */
export async function ruleInConversation(db: Db, tenantId: number, phone: string, now: Date): Promise<number | null> {
  const [row] = await db.$queryRaw<Array<{ ruleId: number }>>`-- typebot_rule_in_conversation
    SELECT rule_id AS "ruleId" FROM automation_typebot_session
    WHERE tenant_id = ${tenantId} AND phone = ${phone} AND expires_at > ${now}::timestamptz
    ORDER BY updated_at DESC LIMIT 1`;
  return row?.ruleId ?? null;
}

/** The flow waits for the contact in `sessionId` until `expiresAt`. */
export const keepSession = (
  db: Db,
  s: { tenantId: number; phone: string; ruleId: number; botUrl: string; sessionId: string; choices: Choice[] | null; now: Date; expiresAt: Date },
) =>
  db.$executeRaw`-- keep_typebot_session
    INSERT INTO automation_typebot_session (tenant_id, phone, rule_id, bot_url, session_id, choices, updated_at, expires_at)
    VALUES (${s.tenantId}, ${s.phone}, ${s.ruleId}, ${s.botUrl}, ${s.sessionId}, ${s.choices === null ? null : JSON.stringify(s.choices)}::jsonb,
      ${s.now}::timestamptz, ${s.expiresAt}::timestamptz)
    ON CONFLICT (tenant_id, phone, rule_id) DO UPDATE SET bot_url = EXCLUDED.bot_url, session_id = EXCLUDED.session_id, choices = EXCLUDED.choices,
      updated_at = EXCLUDED.updated_at, expires_at = EXCLUDED.expires_at`;

/** The flow ended: the contact's next message starts a new chat. */
export const endSession = (db: Db, s: { tenantId: number; phone: string; ruleId: number }) =>
  db.automationTypebotSession.deleteMany({ where: { tenantId: s.tenantId, phone: s.phone, ruleId: s.ruleId } });

/** The rule is deleted: its conversations go with it, so none holds a contact for a rule that is gone. */
export const endSessionsOfRule = (db: DbClient, tenantId: number, ruleId: number) => db.automationTypebotSession.deleteMany({ where: { tenantId, ruleId } });

/** Deletes at most `limit` conversations that expired; answers how many went. */
export const pruneExpiredTypebotSessions = (db: Db, now: Date, limit: number) =>
  db.$executeRaw`-- prune_typebot_sessions
    DELETE FROM automation_typebot_session WHERE (tenant_id, phone, rule_id) IN (
      SELECT tenant_id, phone, rule_id FROM automation_typebot_session WHERE expires_at <= ${now}::timestamptz LIMIT ${limit})`;
