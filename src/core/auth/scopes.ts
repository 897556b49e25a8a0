// What a caller may do, as a small fixed set of `resource:action` scopes. Each GraphQL root field
// and each REST operation needs exactly one of them (stated on the field with the scope-auth
// plugin; the REST facade and the OpenAPI document read it from there).

export const SCOPES = [
  "messages:send",
  "messages:read",
  "campaigns:manage",
  "contacts:read",
  "contacts:manage",
  "inbox:read",
  "accounts:read",
  "accounts:manage",
  "webhooks:manage",
  "keys:manage",
  "users:manage",
  "audit:read",
  "settings:manage",
  "billing:manage",
  "billing:read",
  "automation:manage",
] as const;

export type Scope = (typeof SCOPES)[number];

const known = new Set<string>(SCOPES);
export const isScope = (s: string): s is Scope => known.has(s);

export const ALL_SCOPES: ReadonlySet<Scope> = new Set(SCOPES);
