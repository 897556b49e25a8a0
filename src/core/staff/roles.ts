import type { Scope } from "../auth/scopes.js";
import { SCOPES } from "../auth/scopes.js";

// A staff user's role is a fixed set of the same scopes API keys carry, so one check serves both.
// Owners and admins hold every scope; an admin cannot make, change or disable an owner (roles.ts
// says so in `mayManageRole`), so a tenant's owners answer only to each other and to the operator.

export const ROLES = ["owner", "admin", "campaigns", "agent", "viewer"] as const;
export type Role = (typeof ROLES)[number];

const READS: readonly Scope[] = ["messages:read", "contacts:read", "inbox:read", "accounts:read"];

const ROLE_SCOPES: Record<Role, readonly Scope[]> = {
  owner: SCOPES,
  admin: SCOPES,
  campaigns: ["messages:send", "messages:read", "campaigns:manage", "contacts:read", "accounts:read"],
  agent: ["inbox:read", "messages:send", "messages:read", "contacts:read"],
  viewer: READS,
};

const scopeSets = new Map(ROLES.map((role) => [role, new Set(ROLE_SCOPES[role]) as ReadonlySet<Scope>]));

export const isRole = (s: string): s is Role => (ROLES as readonly string[]).includes(s);

/** The scopes a role grants (one set per role, shared by every principal of it). */
export const scopesOfRole = (role: Role): ReadonlySet<Scope> => scopeSets.get(role)!;

/** The scopes of a role, in the documented order of all scopes. */
export const roleScopes = (role: Role): readonly Scope[] => SCOPES.filter((s) => scopeSets.get(role)!.has(s));

/**
 * Whether a caller holding `callerScopes` (and, when it is a user, `callerRole`) may give `role`
 * to someone or change someone who has it: the role's scopes must be the caller's own, and only an
 * owner (or a key or the operator, which hold no role) touches an owner.
 */
export function mayManageRole(caller: { scopes: ReadonlySet<Scope>; role: Role | null }, role: Role): boolean {
  if (role === "owner" && caller.role !== null && caller.role !== "owner") return false;
  return ROLE_SCOPES[role].every((s) => caller.scopes.has(s));
}
