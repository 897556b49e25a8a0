import { randomBytes } from "node:crypto";
import type { Db } from "../../core/db/database.js";
import { ServiceError, notFound } from "../../core/errors.js";
import { isUniqueViolation } from "../../core/db/unique-violation.js";
import type { Actor } from "../../core/principal.js";
import { hashPassword } from "../../core/staff/passwords.js";
import { newRecoveryCodes, newTotpSecret, totpUri } from "../../core/staff/totp.js";
import { recordOperatorEvent } from "./operator-audit.js";
import type { OperatorRole } from "./operator-roles.js";
import { endOperatorSessions, insertOperator, operatorSecrets, replaceOperatorSecrets, updateOperatorDisabled, type NewOperatorSecrets } from "./operator-sql.js";

// Operator users as `admin operator:*` makes them. A new operator (or a reset one) gets a generated
// password, a TOTP secret and ten recovery codes, shown once to whoever ran the command and kept
// only as hashes: no operator exists, even for a minute, who could sign in without a second factor.

export interface OperatorView {
  id: number;
  email: string;
  role: OperatorRole;
  createdAt: Date;
  lastSignInAt: Date | null;
  disabledAt: Date | null;
}

/** What the person is handed once: the password, the authenticator's secret and address, the recovery codes. */
export interface OperatorCredentials {
  operator: OperatorView;
  password: string;
  totpSecret: string;
  totpUri: string;
  recoveryCodes: string[];
  note: string;
}

/** Who runs an operator command, and when. */
export interface OperatorAuthor {
  actor: Actor;
  at: Date;
}

async function newSecrets(email: string): Promise<{ secrets: NewOperatorSecrets; shown: Omit<OperatorCredentials, "operator" | "note"> }> {
  const password = randomBytes(18).toString("base64url");
  const totpSecret = newTotpSecret();
  const recovery = newRecoveryCodes();
  return {
    secrets: { passwordHash: await hashPassword(password), totpSecret, recoveryCodeHashes: recovery.hashes },
    shown: { password, totpSecret, totpUri: totpUri(totpSecret, email), recoveryCodes: recovery.codes },
  };
}

const NOTE = "Shown only now. Add the TOTP secret (or scan the otpauth address) in an authenticator app; keep the recovery codes apart from it.";

export async function createOperator(db: Db, by: OperatorAuthor, email: string, role: OperatorRole): Promise<OperatorCredentials> {
  const { secrets, shown } = await newSecrets(email);
  const operator = await db
    .$transaction(async (tx) => {
      const created = await insertOperator(tx, { email, role, createdAt: by.at, ...secrets });
      await recordOperatorEvent(tx, by.actor, by.at, { action: "operator.created", target: `operator:${created.id}`, after: { email, role } });
      return created;
    })
    .catch((err: unknown) => {
      throw isUniqueViolation(err) ? new ServiceError("VALIDATION_ERROR", "An operator with this email exists already.", { email: "is taken by another operator" }) : err;
    });
  return { operator, ...shown, note: NOTE };
}

async function operatorNamed(db: Db, email: string) {
  const row = await db.operatorUser.findUnique({ where: { email }, omit: operatorSecrets });
  if (!row) throw notFound("Operator");
  return row;
}

/** New password, TOTP secret and recovery codes; every session of the operator ends. */
export async function resetOperator(db: Db, by: OperatorAuthor, email: string): Promise<OperatorCredentials> {
  const { id } = await operatorNamed(db, email);
  const { secrets, shown } = await newSecrets(email);
  const operator = await db.$transaction(async (tx) => {
    const updated = await replaceOperatorSecrets(tx, id, secrets);
    await endOperatorSessions(tx, id, by.at);
    await recordOperatorEvent(tx, by.actor, by.at, { action: "operator.reset", target: `operator:${id}` });
    return updated;
  });
  return { operator, ...shown, note: NOTE };
}

/** Disables (every session ends at once) or enables an operator. */
export async function setOperatorDisabled(db: Db, by: OperatorAuthor, email: string, disabled: boolean): Promise<OperatorView> {
  const { id } = await operatorNamed(db, email);
  return db.$transaction(async (tx) => {
    const updated = await updateOperatorDisabled(tx, id, disabled ? by.at : null);
    if (disabled) await endOperatorSessions(tx, id, by.at);
    await recordOperatorEvent(tx, by.actor, by.at, { action: disabled ? "operator.disabled" : "operator.enabled", target: `operator:${id}` });
    return updated;
  });
}

export const listOperators = (db: Db): Promise<OperatorView[]> => db.operatorUser.findMany({ orderBy: { id: "asc" }, omit: operatorSecrets });
