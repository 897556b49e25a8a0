import { randomToken } from "../../core/auth/auth.js";
import { tokenHash } from "../../core/auth/console-session.js";
import { endConsoleSessionsOfUser } from "../../core/auth/console-session-sql.js";
import { missingScope } from "../../core/auth/scope-check.js";
import { audited, type Author } from "../../core/audit/audited.js";
import type { ServiceClock } from "../../core/clock.js";
import type { Db } from "../../core/db/database.js";
import { isUniqueViolation } from "../../core/db/unique-violation.js";
import { notFound, ServiceError, validationError } from "../../core/errors.js";
import type { Principal } from "../../core/principal.js";
import { mayManageRole, type Role, roleScopes } from "../../core/staff/roles.js";
import { insertStaffLink, insertStaffUser, lockTenantForUsers, updateStaffDisabled, updateStaffRole } from "../../core/staff/staff-user-sql.js";
import type { Invitation } from "./user-input.js";
import { enqueueLinkMail } from "./user-mails.js";
import { type UserRow, userView, type UserView } from "./users-sql.js";

// A tenant's staff users: invited by a caller with users:manage, given another role, disabled and
// enabled again, sent a link to choose a new password. One rule throughout, as for keys: a caller
// never gives a role with more than it has, and only an owner changes an owner. A change of role
// or a disabling ends the user's console sessions in the same transaction as the change.

/** How long an invitation or a password link works. */
export const LINK_LIFETIME_MS = 72 * 3_600_000;

export interface UserDeps {
  db: Db;
  clock: Pick<ServiceClock, "now">;
}

/** Who manages users: a caller's powers, or the operator's. */
export type Manager = Pick<Principal, "tenantId" | "scopes" | "role" | "actor" | "userId">;

/** A one-time link's token, shown once, and when it stops working. */
export interface IssuedLink {
  user: UserView;
  token: string;
  expiresAt: Date;
}

const viewOf = (row: UserRow & { passwordHash?: string | null }, hasPassword = row.passwordHash != null) => userView({ ...row, hasPassword });

/** The tenant's users, by email. */
export async function listUsers(deps: UserDeps, manager: Manager): Promise<UserView[]> {
  const rows = await deps.db.staffUser.findMany({ where: { tenantId: manager.tenantId }, omit: { totpSecret: true, recoveryCodeHashes: true }, orderBy: { email: "asc" } });
  return rows.map((row) => viewOf(row));
}

/** Refuses (422 naming `role`) a manager that may not give `role`: as with keys, never more than the caller has. */
function requireMayGive(manager: Manager, role: Role): void {
  if (mayManageRole(manager, role)) return;
  if (role === "owner") throw validationError({ role: "only an owner may make an owner" });
  const lacking = roleScopes(role).filter((s) => !manager.scopes.has(s));
  throw validationError({ role: `gives scopes the caller lacks: ${lacking.join(", ")}` });
}

/** Refuses (403) a manager that may not change a user of `role`, naming a scope it lacks. */
function requireMayTouch(manager: Manager, role: Role): void {
  if (mayManageRole(manager, role)) return;
  if (role === "owner") throw new ServiceError("INSUFFICIENT_SCOPE", "Only an owner may change or disable an owner.");
  throw missingScope(roleScopes(role).find((s) => !manager.scopes.has(s))!);
}

/**
 * Refuses (422 USER_LIMIT_REACHED, as a number past the plan's numbers is NUMBER_LIMIT_REACHED) one
 * more user that is not disabled (invited or active) when the plan's `max_users` are all taken.
 * Counted under the tenant's lock (lockTenantForUsers), so racing invitations cannot both take the
 * last seat.
 */
function requireUserSeat(seats: { users: number; maxUsers: number }): void {
  if (seats.users < seats.maxUsers) return;
  throw new ServiceError(
    "USER_LIMIT_REACHED",
    `The plan allows ${seats.maxUsers} users that are not disabled and ${seats.users} are invited or active; disable one or change plan.`,
  );
}

const emailTaken = () => new ServiceError("EMAIL_TAKEN", "A user with this email exists already.", { email: "is taken" });

/**
 * Invites someone: a new user of `role` with no password, and the link (72 h) that lets them
 * choose one, mailed to them in the same transaction when the console's origin is known.
 */
export async function inviteUser(deps: UserDeps, manager: Manager, invitation: Invitation, linkOrigin: string | undefined): Promise<IssuedLink> {
  requireMayGive(manager, invitation.role);
  const author: Author = { actor: manager.actor, at: deps.clock.now() };
  const token = randomToken(32);
  const expiresAt = new Date(author.at.getTime() + LINK_LIFETIME_MS);
  const user = await audited(
    deps.db,
    author,
    async (tx) => {
      requireUserSeat(await lockTenantForUsers(tx, manager.tenantId));
      if (await tx.staffUser.findUnique({ where: { email: invitation.email }, select: { id: true } })) throw emailTaken();
      const row = await insertStaffUser(tx, { tenantId: manager.tenantId, email: invitation.email, role: invitation.role, createdAt: author.at });
      const link = await insertStaffLink(tx, { userId: row.id, purpose: "invitation", tokenHash: tokenHash(token), createdAt: author.at, expiresAt });
      const mail = { tenantId: manager.tenantId, linkId: link.id, email: row.email, role: row.role, token, at: author.at };
      await enqueueLinkMail(tx, linkOrigin, { ...mail, purpose: "invitation" });
      return row;
    },
    (row) => ({ tenantId: manager.tenantId, action: "user.invited", target: `user:${row.id}`, after: { email: row.email, role: row.role, linkExpiresAt: expiresAt } }),
    { isolationLevel: "ReadCommitted" },
  ).catch((err: unknown) => {
    // Another tenant's invitation of the same email committed first (emails are unique across tenants).
    throw isUniqueViolation(err) ? emailTaken() : err;
  });
  return { user: viewOf(user, false), token, expiresAt };
}

/** The tenant's user `id` (a string from a path or GraphQL), or 404. */
async function userOf(deps: UserDeps, manager: Manager, id: string | number) {
  const userId = typeof id === "number" ? id : /^[1-9]\d{0,8}$/.test(id) ? Number(id) : undefined;
  const row =
    userId === undefined ? null : await deps.db.staffUser.findFirst({ where: { id: userId, tenantId: manager.tenantId }, omit: { totpSecret: true, recoveryCodeHashes: true } });
  if (!row) throw notFound("User");
  return row;
}

/** Gives a user another role; their sessions end. The tenant always keeps an enabled owner. */
export async function changeUserRole(deps: UserDeps, manager: Manager, id: string | number, role: Role): Promise<UserView> {
  const before = await userOf(deps, manager, id);
  requireMayTouch(manager, before.role);
  requireMayGive(manager, role);
  if (before.role === role) return viewOf(before);
  const at = deps.clock.now();
  const row = await audited(
    deps.db,
    { actor: manager.actor, at },
    async (tx) => {
      const { owners } = await lockTenantForUsers(tx, manager.tenantId);
      if (before.role === "owner" && !before.disabledAt && owners <= 1) throw lastOwner();
      await endConsoleSessionsOfUser(tx, before.id, at);
      return updateStaffRole(tx, before.id, role);
    },
    () => ({ tenantId: manager.tenantId, action: "user.role_changed", target: `user:${before.id}`, before: { role: before.role }, after: { role } }),
    { isolationLevel: "ReadCommitted" },
  );
  return viewOf(row, before.passwordHash !== null);
}

const lastOwner = () => validationError({ role: "the account's last enabled owner keeps that role; make another owner first" });

/** Disables a user (their sessions end at once) or enables them again. */
export async function setUserDisabled(deps: UserDeps, manager: Manager, id: string | number, disabled: boolean): Promise<UserView> {
  const before = await userOf(deps, manager, id);
  requireMayTouch(manager, before.role);
  if (disabled === (before.disabledAt !== null)) return viewOf(before);
  if (disabled && before.id === manager.userId) throw validationError({ id: "you cannot disable yourself" });
  const at = deps.clock.now();
  const row = await audited(
    deps.db,
    { actor: manager.actor, at },
    async (tx) => {
      const seats = await lockTenantForUsers(tx, manager.tenantId);
      if (disabled && before.role === "owner" && seats.owners <= 1) throw lastOwner();
      if (!disabled) requireUserSeat(seats);
      if (disabled) await endConsoleSessionsOfUser(tx, before.id, at);
      return updateStaffDisabled(tx, before.id, disabled ? at : null);
    },
    () => ({ tenantId: manager.tenantId, action: disabled ? "user.disabled" : "user.enabled", target: `user:${before.id}` }),
    { isolationLevel: "ReadCommitted" },
  );
  return viewOf(row, before.passwordHash !== null);
}

/** A new one-time link (72 h) for the user to choose a password, mailed to them; earlier links stop working. */
export async function issuePasswordLink(deps: UserDeps, manager: Manager, id: string | number, linkOrigin: string | undefined): Promise<IssuedLink> {
  const user = await userOf(deps, manager, id);
  requireMayTouch(manager, user.role);
  if (user.disabledAt) throw validationError({ id: "the user is disabled; enable them first" });
  const at = deps.clock.now();
  const token = randomToken(32);
  const expiresAt = new Date(at.getTime() + LINK_LIFETIME_MS);
  const purpose = user.passwordHash === null ? "invitation" : "password_reset";
  await audited(
    deps.db,
    { actor: manager.actor, at },
    async (tx) => {
      const link = await insertStaffLink(tx, { userId: user.id, purpose, tokenHash: tokenHash(token), createdAt: at, expiresAt });
      await enqueueLinkMail(tx, linkOrigin, { tenantId: manager.tenantId, linkId: link.id, email: user.email, purpose, role: user.role, token, at });
    },
    () => ({
      tenantId: manager.tenantId,
      action: purpose === "invitation" ? "user.invited" : "user.password_link_issued",
      target: `user:${user.id}`,
      after: { linkExpiresAt: expiresAt },
    }),
  );
  return { user: viewOf(user), token, expiresAt };
}
