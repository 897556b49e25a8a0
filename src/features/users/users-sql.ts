import type { StaffUser } from "../../generated/prisma/client.js";
import type { Role } from "../../core/staff/roles.js";

// A tenant's staff users as this feature shows them. The staff_user table's writes are the
// core's (core/staff/staff-user-sql.ts), beside the sign-in that also writes it.

export type UserRow = Omit<StaffUser, "passwordHash" | "totpSecret" | "recoveryCodeHashes">;

export interface UserView {
  id: number;
  email: string;
  role: Role;
  /** invited: has not chosen a password yet; active; disabled. */
  state: "invited" | "active" | "disabled";
  twoFactor: boolean;
  createdAt: Date;
  lastSignInAt: Date | null;
  disabledAt: Date | null;
}

export const userView = (row: UserRow & { hasPassword: boolean }): UserView => ({
  id: row.id,
  email: row.email,
  role: row.role,
  state: row.disabledAt ? "disabled" : row.hasPassword ? "active" : "invited",
  twoFactor: row.totpEnabledAt !== null,
  createdAt: row.createdAt,
  lastSignInAt: row.lastSignInAt,
  disabledAt: row.disabledAt,
});
