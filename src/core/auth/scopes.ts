// What a caller may do, as a small fixed set of `resource:action` scopes shared by API keys and by
// staff users' roles. Each GraphQL root field and each REST operation needs exactly one of them
// (stated on the field with the scope-auth plugin; the REST facade and the OpenAPI document read
// it from there).

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
] as const;

export type Scope = (typeof SCOPES)[number];

const known = new Set<string>(SCOPES);
export const isScope = (s: string): s is Scope => known.has(s);

/** What each scope lets a caller do, for the documentation and the console. */
export const SCOPE_DESCRIPTIONS: Record<Scope, string> = {
  "messages:send": "Send single and bulk messages (now or scheduled), preview bulk sends, retry failed messages.",
  "messages:read": "Read messages, batches, sending activity, templates and the send window; follow message events live.",
  "campaigns:manage": "Manage message templates, WhatsApp template registrations, the send window, and cancel messages and batches.",
  "contacts:read": "Read contacts and the consent settings.",
  "contacts:manage": "Opt contacts out and in, import suppression lists, name contacts.",
  "inbox:read": "Read what contacts write (replies, media) and follow it live.",
  "accounts:read": "Read the sender numbers, their health, connection and the balance.",
  "accounts:manage": "Connect, link, remove and resume numbers; set warm-up and health thresholds.",
  "webhooks:manage": "Register, change and remove webhook endpoints; read and replay deliveries.",
  "keys:manage": "Create, list, rotate and revoke API keys (never with more than the caller has).",
  "users:manage": "Invite staff users, change their roles, disable them.",
  "audit:read": "Read and export the audit log.",
  "settings:manage": "Change the tenant's settings (consent rules).",
};

export const ALL_SCOPES: ReadonlySet<Scope> = new Set(SCOPES);

/** The roles a staff user holds, each a set of the same scopes. */
export const ROLES = {
  owner: SCOPES,
  admin: SCOPES,
  campaigns: ["messages:send", "messages:read", "campaigns:manage", "contacts:read", "accounts:read", "inbox:read"],
  agent: ["inbox:read", "messages:send", "messages:read", "contacts:read"],
  viewer: ["messages:read", "contacts:read", "inbox:read", "accounts:read"],
} as const satisfies Record<string, readonly Scope[]>;

export type Role = keyof typeof ROLES;
