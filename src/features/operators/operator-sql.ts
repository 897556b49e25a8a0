import type { DbClient, SqlClient } from "../../core/db/database.js";
import type { Prisma } from "../../generated/prisma/client.js";
import type { OperatorRole } from "./operator-roles.js";

// The statements that write operator users, their sessions and their audit chain. The chain's id,
// link and hash are the insert trigger's (migration operator_users), whoever inserts.

type Writer = Pick<DbClient, "operatorUser" | "operatorSession" | "operatorAuditEvent" | "$executeRaw" | "$queryRaw">;

/** What an operator's row holds that no read outside the sign-in needs: left out with `omit`. */
export const operatorSecrets = { passwordHash: true, totpSecret: true, recoveryCodeHashes: true } as const;

export interface NewOperatorSecrets {
  passwordHash: string;
  totpSecret: string;
  recoveryCodeHashes: string[];
}

export const insertOperator = (db: Writer, operator: { email: string; role: OperatorRole; createdAt: Date } & NewOperatorSecrets) =>
  db.operatorUser.create({ data: { ...operator, totpLastStep: null }, omit: operatorSecrets });

/** New password, TOTP secret and recovery codes (a reset): the old second factor stops at once. */
export const replaceOperatorSecrets = (db: Writer, id: number, secrets: NewOperatorSecrets) =>
  db.operatorUser.update({ where: { id }, data: { ...secrets, totpLastStep: null }, omit: operatorSecrets });

export const updateOperatorDisabled = (db: Writer, id: number, disabledAt: Date | null) => db.operatorUser.update({ where: { id }, data: { disabledAt }, omit: operatorSecrets });

export const touchOperatorSignIn = (db: Writer, id: number, at: Date) => db.operatorUser.update({ where: { id }, data: { lastSignInAt: at }, select: { id: true } });

/** Spends a TOTP step: true once, and only for a step after the last one spent. */
export async function spendOperatorTotpStep(db: Writer, id: number, step: number): Promise<boolean> {
  const spent = await db.$executeRaw`-- spend_operator_totp_step
    UPDATE operator_user SET totp_last_step = ${step}
    WHERE id = ${id} AND (totp_last_step IS NULL OR totp_last_step < ${step})`;
  return spent === 1;
}

/** Spends a recovery code by its hash: true once, for the first caller. */
export async function spendOperatorRecoveryCode(db: Writer, id: number, hash: string): Promise<boolean> {
  const spent = await db.$executeRaw`-- spend_operator_recovery_code
    UPDATE operator_user SET recovery_code_hashes = array_remove(recovery_code_hashes, ${hash})
    WHERE id = ${id} AND ${hash} = ANY(recovery_code_hashes)`;
  return spent === 1;
}

export const insertOperatorSession = (db: Writer, session: { tokenHash: string; operatorId: number; createdAt: Date; expiresAt: Date }) =>
  db.operatorSession.create({ data: session, select: { id: true } });

/** Ends the session whose token hashes to `tokenHash`, unless it has ended already. */
export const endOperatorSessionOf = (db: Writer, tokenHash: string, at: Date) => db.operatorSession.updateMany({ where: { tokenHash, endedAt: null }, data: { endedAt: at } });

/** Ends every open session of an operator: disabled or reset. */
export const endOperatorSessions = (db: Writer, operatorId: number, at: Date) => db.operatorSession.updateMany({ where: { operatorId, endedAt: null }, data: { endedAt: at } });

/** Forgets up to `limit` sessions that ended or expired before `before` (the housekeeper's). */
export const deleteEndedOperatorSessions = (db: Pick<DbClient, "$executeRaw">, before: Date, limit: number) =>
  db.$executeRaw`-- delete_ended_operator_sessions
    DELETE FROM operator_session WHERE id IN (
      SELECT id FROM operator_session WHERE ended_at < ${before} OR expires_at < ${before} ORDER BY id LIMIT ${limit})`;

export interface OperatorAuditRow {
  at: Date;
  actorKind: string;
  actorName: string;
  actorLabel: string | null;
  action: string;
  target: string | null;
  after: Prisma.InputJsonValue | undefined;
  address: string | null;
  userAgent: string | null;
  requestId: string | null;
}

// The trigger overwrites hash; Prisma's create needs a value for the required column.
export const insertOperatorAuditEvent = (db: Pick<Writer, "operatorAuditEvent">, event: OperatorAuditRow) =>
  db.operatorAuditEvent.create({ data: { ...event, hash: "" }, select: { id: true } });

/** Up to `limit` events after `after`, in chain order, each with its hash recomputed by the trigger's function. */
export const operatorChainPage = (db: SqlClient, after: bigint, limit: number) =>
  db.$queryRaw<{ id: bigint; prev_hash: string | null; hash: string; recomputed: string }[]>`-- operator_audit_chain_page
    SELECT e.id, e.prev_hash, e.hash, operator_audit_event_hash(e, e.prev_hash) AS recomputed
    FROM operator_audit_event e WHERE e.id > ${after} ORDER BY e.id LIMIT ${limit}`;
