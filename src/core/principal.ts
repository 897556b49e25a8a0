import type { SendWindow } from "../generated/prisma/client.js";
import type { Scope } from "./auth/scopes.js";
import type { Role } from "./staff/roles.js";
import type { ServiceError } from "./errors.js";

/** A tenant's send window as a rule: the days and the minutes of the day, in its time zone. */
export type WindowRule = Pick<SendWindow, "timeZone" | "days" | "startMinute" | "endMinute">;

/** The caller, once its API key has been checked: every service call is scoped to its tenant. */
export interface Principal {
  tenantId: number;
  /** The API key it came with; null for a staff user's console session. */
  apiKeyId: number | null;
  /** The staff user signed in to the console; null for an API key. */
  userId: number | null;
  /** The staff user's role; null for an API key. */
  role: Role | null;
  /** Whose rate limit and live-subscription slots the caller spends: its key's, or its user's. */
  limitKey: number | string;
  plan: { name: string; monthlyMessageLimit: number; maxAccounts: number; requestsPerSecond: number; requestBurst: number };
  /** Whether the tenant's owner proved its email address (sign-up); until then it sends nothing (key-standing.ts's sendRefusal). */
  emailVerified: boolean;
  /** The tenant's send window as the request found it (read with the key, in the same query); null: none. */
  sendWindow: WindowRule | null;
  /** What the caller may do: its key's scopes (core/auth/scopes.ts), read with the key. */
  scopes: ReadonlySet<Scope>;
  /** The sender numbers the caller may use and see; null: every number of the tenant. */
  accountIds: readonly number[] | null;
  /** When the caller's key stops passing (its own expiry); null: never by itself. */
  expiresAt: Date | null;
  /** Who acts, as the audit log names them. */
  actor: Actor;
  /**
   * The tenant is suspended or its subscription ended, and the caller holds billing:manage: it is
   * let in for billing alone (to read, check out and pay) and every other operation gets this
   * refusal (key-standing.ts, scope-check.ts).
   */
  heldRefusal?: ServiceError;
  /**
   * An operator's read-only look at the tenant ("view as"): the operator's email. Every page can be
   * read and no mutation runs (core/graphql/server.ts refuses them before execution).
   */
  viewedBy?: string;
}

/** Who made a change: a key (by its visible prefix and label), a staff user, or the admin CLI. */
export interface Actor {
  /** operator and cli act in the operators' chain (features/operators). */
  kind: "key" | "user" | "admin" | "operator" | "cli";
  /** The key's prefix, the user's (or operator's) email, "admin" or "cli". */
  name: string;
  label: string | null;
}
