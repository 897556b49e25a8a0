// What each operator role may do. Every admin command is of one kind (the admin feature's
// command-kinds.ts says which), and a role may run the kinds listed here: `operator` everything,
// `support` reads and suspending or resuming a business (no money), `finance` reads, plans,
// renewals and refunds.

export const OPERATOR_ROLES = ["operator", "support", "finance"] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/**
 * read: lists and checks that change nothing; standing: suspend and resume; money: plans, packs,
 * renewals, refunds; change: everything else that changes a business (keys, numbers, webhooks,
 * users, retention, erasure); operators: the operators themselves.
 */
export type CommandKind = "read" | "standing" | "money" | "change" | "operators";

const allowed: Record<OperatorRole, ReadonlySet<CommandKind>> = {
  operator: new Set(["read", "standing", "money", "change", "operators"]),
  support: new Set(["read", "standing"]),
  finance: new Set(["read", "money"]),
};

export const roleMay = (role: OperatorRole, kind: CommandKind) => allowed[role].has(kind);

/** The kinds a role may run, for a page that offers only what its operator may do (the server checks regardless). */
export const kindsOf = (role: OperatorRole): CommandKind[] => [...allowed[role]];
