import { z } from "zod";
import type { Db } from "../../../core/db/database.js";
import { CLI_ACTOR, createOperator, listOperators, OPERATOR_ROLES, resetOperator, setOperatorDisabled, type OperatorAuthor } from "../../operators/index.js";

// admin operator:create, operator:list, operator:reset, operator:disable, operator:enable: the
// people who run the gateway (docs/operators.md). The command line is the way in when no operator
// can sign in; what it does is recorded in the operators' chain as the command line's.

const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: "must be an email address" }).max(254));

/** What these commands read of the admin settings (admin.ts's AdminSettings). */
interface RunBy {
  actor?: OperatorAuthor["actor"] | undefined;
  clock?: { now(): Date } | undefined;
}

const authorOf = (settings: RunBy): OperatorAuthor => ({ actor: settings.actor ?? CLI_ACTOR, at: settings.clock?.now() ?? new Date() });

export const operatorCommands = {
  "operator:create": {
    help: `--email <address> --role ${OPERATOR_ROLES.join("|")} (prints a password, a TOTP secret and recovery codes, once)`,
    args: z.object({ email, role: z.enum(OPERATOR_ROLES) }),
    run: (db: Db, a: { email: string; role: (typeof OPERATOR_ROLES)[number] }, settings: RunBy) => createOperator(db, authorOf(settings), a.email, a.role),
  },
  "operator:list": {
    help: "",
    args: z.object({}),
    run: (db: Db) => listOperators(db),
  },
  "operator:reset": {
    help: "--email <address> (a new password, TOTP secret and recovery codes, printed once; the operator's sessions end)",
    args: z.object({ email }),
    run: (db: Db, a: { email: string }, settings: RunBy) => resetOperator(db, authorOf(settings), a.email),
  },
  "operator:disable": {
    help: "--email <address> (the operator's sessions end at once)",
    args: z.object({ email }),
    run: (db: Db, a: { email: string }, settings: RunBy) => setOperatorDisabled(db, authorOf(settings), a.email, true),
  },
  "operator:enable": {
    help: "--email <address>",
    args: z.object({ email }),
    run: (db: Db, a: { email: string }, settings: RunBy) => setOperatorDisabled(db, authorOf(settings), a.email, false),
  },
};
