import { z } from "zod";
import type { Db } from "../../../core/db/database.js";
import { ROLES, type Role } from "../../../core/staff/roles.js";
import type { RunBy } from "../../../core/audit/audited.js";
import { changeRoleAsOperator, createUserAsOperator, disableUserAsOperator, passwordLinkAsOperator } from "../../users/index.js";

// The operator's staff-user commands (docs/access.md): each prints a one-time link where a person
// chooses a password, shown once.

const user = z.string().min(1).max(254);
const role = z.enum(ROLES);
const tenant = z.coerce.number().int().positive();

interface Settings extends RunBy {
  consoleUrl?: string | undefined;
}

export const userCommands = {
  "user:create": {
    help: `--tenant <id> --email <address> --role ${ROLES.join("|")} (prints the invitation link, valid 72 h)`,
    args: z.object({ tenant, email: z.string(), role: z.string() }),
    run: (db: Db, a: { tenant: number; email: string; role: string }, settings: Settings) =>
      createUserAsOperator(db, a.tenant, { email: a.email, role: a.role }, settings.consoleUrl, settings),
  },
  "user:role": {
    help: `--user <id or email> --role ${ROLES.join("|")} (their console sessions end)`,
    args: z.object({ user, role }),
    run: (db: Db, a: { user: string; role: Role }, settings: Settings) => changeRoleAsOperator(db, a.user, a.role, settings),
  },
  "user:disable": {
    help: "--user <id or email> [--enable true] (their console sessions end at once)",
    args: z.object({ user, enable: z.enum(["true", "false"]).optional() }),
    run: (db: Db, a: { user: string; enable?: "true" | "false" | undefined }, settings: Settings) => disableUserAsOperator(db, a.user, a.enable !== "true", settings),
  },
  "user:reset-password": {
    help: "--user <id or email> (prints a one-time link to choose a new password, valid 72 h)",
    args: z.object({ user }),
    run: (db: Db, a: { user: string }, settings: Settings) => passwordLinkAsOperator(db, a.user, settings.consoleUrl, settings),
  },
} as const;
