import type { Db } from "../../core/db/database.js";
import { ALL_SCOPES } from "../../core/auth/scopes.js";
import { byOperator, type RunBy } from "../../core/audit/audited.js";
import { notFound } from "../../core/errors.js";
import type { Role } from "../../core/staff/roles.js";
import { changeUserRole, type IssuedLink, inviteUser, issuePasswordLink, type Manager, setUserDisabled, type UserDeps } from "./users.js";
import { linkAddress } from "./user-mails.js";
import { parseInvitation } from "./user-input.js";
import type { UserView } from "./users-sql.js";

// The operator's user commands (admin user:create, user:role, user:disable, user:reset-password):
// the same service and rules as a tenant's own, with every power (owners included), recorded in
// the tenant's audit log as the operator's who ran it (or the command line's). A user is named by id or by email.

const operatorOf = (tenantId: number, by: RunBy): Manager => ({ tenantId, scopes: ALL_SCOPES, role: null, actor: byOperator(by).actor, userId: null });
const systemTime = (db: Db, by: RunBy): UserDeps => ({ db, clock: { now: () => byOperator(by).at } });

async function tenantOfUser(db: Db, user: string): Promise<{ id: number; tenantId: number }> {
  const where = /^\d{1,9}$/.test(user) ? { id: Number(user) } : { email: user.trim().toLowerCase() };
  const row = await db.staffUser.findUnique({ where, select: { id: true, tenantId: true } });
  if (!row) throw notFound("User");
  return row;
}

/** A link as the CLI prints it: the whole address when CONSOLE_URL is set, else the console's path. */
const printed = (issued: IssuedLink, consoleUrl: string | undefined) => ({
  ...issued.user,
  link: linkAddress(consoleUrl ?? "", issued.token),
  linkExpiresAt: issued.expiresAt,
  note: consoleUrl
    ? "The link has been emailed to the person; it is shown only now and works once, for 72 hours."
    : "The link is shown only now and works once, for 72 hours: send it to the person (with CONSOLE_URL set it is emailed).",
});

export async function createUserAsOperator(db: Db, tenantId: number, raw: { email: string; role: string }, consoleUrl: string | undefined, by: RunBy = {}) {
  return printed(await inviteUser(systemTime(db, by), operatorOf(tenantId, by), parseInvitation(raw), consoleUrl), consoleUrl);
}

export async function changeRoleAsOperator(db: Db, user: string, role: Role, by: RunBy = {}): Promise<UserView> {
  const row = await tenantOfUser(db, user);
  return changeUserRole(systemTime(db, by), operatorOf(row.tenantId, by), row.id, role);
}

export async function disableUserAsOperator(db: Db, user: string, disabled: boolean, by: RunBy = {}): Promise<UserView> {
  const row = await tenantOfUser(db, user);
  return setUserDisabled(systemTime(db, by), operatorOf(row.tenantId, by), row.id, disabled);
}

export async function passwordLinkAsOperator(db: Db, user: string, consoleUrl: string | undefined, by: RunBy = {}) {
  const row = await tenantOfUser(db, user);
  return printed(await issuePasswordLink(systemTime(db, by), operatorOf(row.tenantId, by), row.id, consoleUrl), consoleUrl);
}
