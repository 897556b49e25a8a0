import type { SessionInfo } from "./api.js";
import type { TextKey } from "./i18n.js";
import {
  BatchesQuery,
  ContactsQuery,
  InboxQuery,
  MessagesQuery,
  NumbersQuery,
  OverviewQuery,
  SendSetupQuery,
  SettingsQuery,
  TemplatesQuery,
  WhatsAppTemplatesQuery,
} from "./queries.js";
import { ApiKeysQuery, AuditEventsQuery, UsersQuery } from "./queries-access.js";
import { ChatwootBridgeQuery } from "./queries-chatwoot.js";
import { ExportsQuery } from "./pages/exports/queries.js";
import { AutomationRulesQuery } from "./pages/automation/queries.js";
import { BillingQuery, InvoicesQuery, PlansQuery } from "./pages/billing/queries.js";

// Which pages a session may open. A page needs every scope its opening queries need (each root
// field's description in schema.graphql names it; test/console-access.test.ts checks the table
// against the schema), plus, for a page that exists to change something, that change's scope
// (`changes`): Send sends (messages:send), and the template pages are where templates are written
// (campaigns:manage; a reader sees the templates in Send anyway). The shell shows only these pages and refuses the others by address
// before asking anything; the server checks every request regardless.

export interface Section {
  id: string;
  label: TextKey;
  scopes: string[];
  /** The scope of the change the page exists for, when it is one; also in `scopes`. */
  changes?: string;
  /** The queries that fill the page when it opens. */
  reads: Array<{ toString(): string }>;
  /** The group of the navigation it is in (GROUPS). */
  group: GroupId;
  /** Only for a staff user: a key has no password or second factor of its own. */
  staffOnly?: boolean;
}

/**
 * The navigation's groups, in its order; each lists its sections in SECTIONS' order. A group with one
 * page the session may open shows as that page's link (bar.tsx), so Integrations is Chatwoot's link
 * until a second integration joins it. New groups go here.
 */
export const GROUPS = [
  { id: "overview", label: "overview" },
  { id: "messaging", label: "groupMessaging" },
  { id: "contacts", label: "contacts" },
  { id: "numbers", label: "numbers" },
  { id: "integrations", label: "groupIntegrations" },
  { id: "settings", label: "settings" },
  { id: "billing", label: "groupBilling" },
  { id: "access", label: "accessNav" },
] as const satisfies ReadonlyArray<{ id: string; label: TextKey }>;

export type GroupId = (typeof GROUPS)[number]["id"];

export const SECTIONS: Section[] = [
  { id: "overview", label: "overview", group: "overview", scopes: ["messages:read", "accounts:read"], reads: [OverviewQuery] },
  { id: "send", label: "send", group: "messaging", scopes: ["messages:send", "messages:read", "accounts:read"], changes: "messages:send", reads: [SendSetupQuery] },
  { id: "batches", label: "batches", group: "messaging", scopes: ["messages:read"], reads: [BatchesQuery] },
  { id: "messages", label: "messages", group: "messaging", scopes: ["messages:read"], reads: [MessagesQuery] },
  { id: "inbox", label: "inbox", group: "messaging", scopes: ["inbox:read"], reads: [InboxQuery] },
  { id: "contacts", label: "contacts", group: "contacts", scopes: ["contacts:read"], reads: [ContactsQuery] },
  { id: "templates", label: "templates", group: "messaging", scopes: ["messages:read", "campaigns:manage"], changes: "campaigns:manage", reads: [TemplatesQuery] },
  {
    id: "whatsapp-templates",
    label: "whatsappTemplates",
    group: "messaging",
    scopes: ["messages:read", "accounts:read", "campaigns:manage"],
    changes: "campaigns:manage",
    reads: [WhatsAppTemplatesQuery],
  },
  // Automation: the rules that answer contacts; the numbers to limit a rule to are read only with accounts:read too.
  { id: "automation", label: "automation", group: "messaging", scopes: ["automation:manage"], changes: "automation:manage", reads: [AutomationRulesQuery] },
  { id: "numbers", label: "numbers", group: "numbers", scopes: ["accounts:read"], reads: [NumbersQuery] },
  // Exports: reading messages; an inbound export is offered with inbox:read too.
  { id: "exports", label: "exports", group: "messaging", scopes: ["messages:read"], reads: [ExportsQuery] },
  { id: "settings", label: "settings", group: "settings", scopes: ["messages:read", "contacts:read", "webhooks:manage"], reads: [SettingsQuery] },
  // Chatwoot: the bridge (settings:manage, which connecting needs too) and the numbers to tick.
  {
    id: "chatwoot",
    label: "chatwoot",
    group: "integrations",
    scopes: ["settings:manage", "accounts:read"],
    changes: "settings:manage",
    reads: [ChatwootBridgeQuery, NumbersQuery],
  },
  // Billing: the plan, the meters, the card, the invoices (billing:read), and paying (billing:manage). The
  // plans are public, but comparing them is for whoever may change the plan.
  { id: "billing", label: "billing", group: "billing", scopes: ["billing:manage", "billing:read"], changes: "billing:manage", reads: [BillingQuery, InvoicesQuery] },
  { id: "plans", label: "plans", group: "billing", scopes: ["billing:manage"], changes: "billing:manage", reads: [PlansQuery] },
  { id: "users", label: "users", group: "access", scopes: ["users:manage"], reads: [UsersQuery] },
  { id: "keys", label: "keys", group: "access", scopes: ["keys:manage"], reads: [ApiKeysQuery] },
  { id: "audit", label: "audit", group: "access", scopes: ["audit:read"], reads: [AuditEventsQuery] },
  { id: "security", label: "security", group: "access", scopes: [], reads: [], staffOnly: true },
];

/** Whether `session` may open `section`. */
export const allows = (session: SessionInfo, section: Section) =>
  (!section.staffOnly || session.signed_in_as.kind === "user") && section.scopes.every((s) => session.scopes.includes(s));

/** The page and its item from the address (`#/batches/12` is batch 12); an unknown or empty address is the first page the session may open. */
export function pageOf(session: SessionInfo): { section: Section | undefined; item: string | undefined } {
  // A query after the page (`#/billing?payment=paid`, where a payment's return lands) is the page's own.
  const [id = "", item] = location.hash.replace(/^#\/?/, "").split("?")[0]!.split("/");
  const named = SECTIONS.find((s) => s.id === id);
  if (named) return { section: named, item: item || undefined };
  // The overview when the session may see it, else the inbox (an agent's work), else the first it may open.
  const home = ["overview", "inbox"].map((h) => SECTIONS.find((s) => s.id === h)!).find((s) => allows(session, s));
  return { section: home ?? SECTIONS.find((s) => allows(session, s)), item: undefined };
}

/** The text key of a staff role's name. */
export const roleKey = (role: string) => `role_${role}` as TextKey;
