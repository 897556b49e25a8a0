import { randomToken } from "../../core/auth/auth.js";
import { CSRF_HEADER, SESSION_LIFETIME_MS, sessionCookie, sessionTokenFromHeaders, throttleSignIn, tokenHash } from "../../core/auth/console-session.js";
import type { ServiceDeps } from "../../core/deps.js";
import { ServiceError } from "../../core/errors.js";
import type { Actor } from "../../core/principal.js";
import { verifyPassword } from "../../core/staff/passwords.js";
import { acceptedTotpStep, recoveryCodeHash } from "../../core/staff/totp.js";
import { recordOperatorEvent } from "./operator-audit.js";
import type { OperatorRole } from "./operator-roles.js";
import { endOperatorSessionOf, insertOperatorSession, operatorSecrets, spendOperatorRecoveryCode, spendOperatorTotpStep, touchOperatorSignIn } from "./operator-sql.js";

// An operator's sign-in: email, password and always the second factor (a TOTP code or a recovery
// code), throttled per address and per email before the password is hashed, an unknown email
// costing the same hashing time as a known one. The browser then holds an opaque token in its own
// HttpOnly, SameSite=Strict cookie (not the business console's), the database its SHA-256 only.
// A session lasts as long as a console session and ends at sign-out, when its operator is
// disabled or reset, and is checked on every request.

export const OPERATOR_COOKIE = "gw_operator";

export interface OperatorPrincipal {
  operatorId: number;
  email: string;
  role: OperatorRole;
  sessionId: number;
  expiresAt: Date;
  actor: Actor;
}

export interface OperatorCredentialsTyped {
  email: string;
  password: string;
  code?: string | undefined;
}

const actorOf = (o: { email: string; role: OperatorRole }): Actor => ({ kind: "operator", name: o.email, label: o.role });

const findOperator = (deps: ServiceDeps, email: string) => deps.db.operatorUser.findUnique({ where: { email } });
type FoundOperator = NonNullable<Awaited<ReturnType<typeof findOperator>>>;

/** Signs an operator in: a new session's token and principal, or the refusal (401, 429) and its audit event. */
export async function startOperatorSession(deps: ServiceDeps, typed: OperatorCredentialsTyped): Promise<{ token: string; principal: OperatorPrincipal }> {
  const email = typed.email.trim().toLowerCase();
  await throttleSignIn(deps, { email });
  const operator = await findOperator(deps, email);
  const now = deps.clock.now();
  const refuse = async (reason: string, error: ServiceError): Promise<never> => {
    if (operator) await recordOperatorEvent(deps.db, actorOf(operator), now, { action: "operator.sign_in_failed", target: `operator:${operator.id}`, after: { reason } });
    throw error;
  };
  if (!(await verifyPassword(typed.password, operator?.passwordHash ?? null)) || !operator) {
    return refuse("password", new ServiceError("UNAUTHORIZED", "The email or the password is wrong."));
  }
  if (operator.disabledAt) return refuse("disabled", new ServiceError("UNAUTHORIZED", "This operator is disabled."));
  const method = await secondFactor(deps, operator, typed.code, now);
  if (method === "missing") throw new ServiceError("SECOND_FACTOR_REQUIRED", "Enter the 6-digit code from your authenticator app, or a recovery code.");
  if (method === "wrong") return refuse("second_factor", new ServiceError("SECOND_FACTOR_REQUIRED", "The code is wrong or has been used already."));
  const token = randomToken(32);
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
  const session = await deps.db.$transaction(async (tx) => {
    await touchOperatorSignIn(tx, operator.id, now);
    const created = await insertOperatorSession(tx, { tokenHash: tokenHash(token), operatorId: operator.id, createdAt: now, expiresAt });
    await recordOperatorEvent(tx, actorOf(operator), now, { action: "operator.signed_in", target: `operator_session:${created.id}`, after: { method, expiresAt } });
    return created;
  });
  return { token, principal: { operatorId: operator.id, email, role: operator.role, sessionId: session.id, expiresAt, actor: actorOf(operator) } };
}

async function secondFactor(deps: ServiceDeps, operator: FoundOperator, code: string | undefined, now: Date): Promise<"totp" | "recovery_code" | "missing" | "wrong"> {
  const typed = code?.trim();
  if (!typed) return "missing";
  if (/^\d{6}$/.test(typed)) {
    const step = acceptedTotpStep(operator.totpSecret, typed, now, operator.totpLastStep);
    return step !== undefined && (await spendOperatorTotpStep(deps.db, operator.id, step)) ? "totp" : "wrong";
  }
  return (await spendOperatorRecoveryCode(deps.db, operator.id, recoveryCodeHash(typed))) ? "recovery_code" : "wrong";
}

/** The operator a session token stands for, or undefined: unknown, ended, expired, or its operator disabled. */
export async function operatorOfSession(deps: ServiceDeps, token: string): Promise<OperatorPrincipal | undefined> {
  const session = await deps.db.operatorSession.findUnique({
    relationLoadStrategy: "join",
    where: { tokenHash: tokenHash(token) },
    include: { operator: { omit: operatorSecrets } },
  });
  if (!session || session.endedAt || session.expiresAt <= deps.clock.now() || session.operator.disabledAt) return undefined;
  const { operator } = session;
  return { operatorId: operator.id, email: operator.email, role: operator.role, sessionId: session.id, expiresAt: session.expiresAt, actor: actorOf(operator) };
}

/**
 * The operator a request's cookie signs in, or undefined; with `csrf`, only when it also carries the
 * CSRF header (every method that may change something). The one gate of every operator route.
 */
export async function operatorOfRequest(deps: ServiceDeps, headers: { get(name: string): string | null }, { csrf }: { csrf: boolean }): Promise<OperatorPrincipal | undefined> {
  const token = operatorTokenFromHeaders(headers);
  if (token === undefined || (csrf && !headers.get(CSRF_HEADER))) return undefined;
  return operatorOfSession(deps, token);
}

/** Signs out: the session stops passing at once, whoever holds its token. */
export async function endOperatorSession(deps: ServiceDeps, principal: OperatorPrincipal, token: string): Promise<void> {
  const at = deps.clock.now();
  await deps.db.$transaction(async (tx) => {
    await endOperatorSessionOf(tx, tokenHash(token), at);
    await recordOperatorEvent(tx, principal.actor, at, { action: "operator.signed_out", target: `operator_session:${principal.sessionId}` });
  });
}

/** The operator session token a request's cookies carry, if any. */
export const operatorTokenFromHeaders = (headers: { get(name: string): string | null }) => sessionTokenFromHeaders(headers, OPERATOR_COOKIE);

/** Set-Cookie for an operator session (or, with no token, one that clears it): HttpOnly, SameSite=Strict, Secure over HTTPS, as the console's. */
export const operatorCookie = (token: string | undefined, https: boolean) => sessionCookie(token, https, OPERATOR_COOKIE);
