import { z } from "zod";
import type { ServiceDeps } from "../../core/deps.js";
import type { Principal } from "../../core/principal.js";
import { ServiceError } from "../../core/errors.js";
import type { AccountChannelSettings } from "../../core/channels/channel.js";
import { graphApiOf } from "../../core/channels/graph-api.js";
import type { TemplateShape } from "./registration-input.js";
import { upsertSyncedTemplates, type SyncedTemplate } from "./registration-sql.js";
import { audited, authorIn, type Author } from "../../core/audit/audited.js";
import type { DbClient } from "../../core/db/database.js";

// A tenant's WhatsApp templates as Meta holds them (GET /{WABA-ID}/message_templates, paged;
// test/kit/references/waha-sessions-and-graph.md, B.3): synced when a Cloud number connects and on
// demand; Meta's webhooks keep them current in between (template-status.ts). A template this
// gateway cannot send (a location header, a flow or catalogue button) is left out and counted.

const metaButton = z.looseObject({ type: z.string(), url: z.string().optional() });
export const metaComponent = z.looseObject({ type: z.string(), format: z.string().optional(), text: z.string().optional(), buttons: z.array(metaButton).optional() });
const metaTemplate = z.looseObject({
  name: z.string().min(1).max(512),
  language: z.string().min(1).max(20),
  category: z.string(),
  status: z.string(),
  components: z.array(metaComponent).default([]),
  quality_score: z.looseObject({ score: z.string() }).optional(),
  rejected_reason: z.string().optional(),
});
const templatePage = z.looseObject({
  data: z.array(z.unknown()),
  paging: z.looseObject({ cursors: z.looseObject({ after: z.string().optional() }).optional(), next: z.string().optional() }).optional(),
});

const FIELDS = "id,name,language,category,status,components,quality_score,rejected_reason";
/** At most this many pages of 100 a sync reads (a business account holds at most a few hundred templates). */
const MAX_PAGES = 50;

export interface SyncResult {
  synced: number;
  skipped: number;
}

/** Reads every template of a business account and stores those this gateway can send. */
export async function syncTemplatesOf(deps: ServiceDeps, tenantId: number, source: { wabaId: string; token: string }, by?: Author): Promise<SyncResult> {
  const graph = graphApiOf(deps.config.channel);
  const found: SyncedTemplate[] = [];
  let skipped = 0;
  let after: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const query = { fields: FIELDS, limit: "100", ...(after ? { after } : {}) };
    const answer = await graph.get(source.token, `/${encodeURIComponent(source.wabaId)}/message_templates`, query, templatePage);
    for (const item of answer.data) {
      const template = synced(item);
      if (template) found.push(template);
      else skipped += 1;
    }
    after = answer.paging?.next ? answer.paging.cursors?.after : undefined;
    if (!after) break;
  }
  const store = (db: DbClient) => upsertSyncedTemplates(db, tenantId, found, deps.clock.now());
  // A caller's sync is a change of its own; the one a new number's connection starts is part of that connection.
  if (!by) return { synced: await store(deps.db), skipped };
  const stored = await audited(deps.db, by, store, (n) => ({ tenantId, action: "whatsapp_templates.synced", target: `waba:${source.wabaId}`, after: { synced: n, skipped } }));
  return { synced: stored, skipped };
}

/** Syncs from every business account of the tenant's Cloud numbers (GraphQL syncWhatsAppTemplates, POST /whatsapp-templates/sync). */
export async function syncTenantTemplates(deps: ServiceDeps, principal: Principal): Promise<SyncResult> {
  const sources = await businessAccountsOf(deps, principal.tenantId, null);
  if (sources.size === 0) throw new ServiceError("VALIDATION_ERROR", "None of your numbers is a Cloud API number with a WhatsApp Business Account to sync from.");
  const total: SyncResult = { synced: 0, skipped: 0 };
  for (const [wabaId, token] of sources) {
    const r = await syncTemplatesOf(deps, principal.tenantId, { wabaId, token }, authorIn(deps, principal));
    total.synced += r.synced;
    total.skipped += r.skipped;
  }
  return total;
}

/** The business accounts of the tenant's live Cloud numbers (of the one number `accountId`, if given): WABA id → a token that reaches it. */
export async function businessAccountsOf(deps: ServiceDeps, tenantId: number, accountId: number | null): Promise<Map<string, string>> {
  const accounts = await deps.db.account.findMany({
    where: { tenantId, removedAt: null, channel: "whatsapp-cloud", ...(accountId === null ? {} : { id: accountId }) },
    select: { settings: true },
  });
  const sources = new Map<string, string>();
  for (const a of accounts) {
    const cloud = (a.settings as AccountChannelSettings).whatsappCloud;
    if (cloud?.wabaId && !sources.has(cloud.wabaId)) sources.set(cloud.wabaId, cloud.accessToken);
  }
  return sources;
}

const CATEGORIES = { MARKETING: "marketing", UTILITY: "utility", AUTHENTICATION: "authentication" } as const;

/** One of Meta's templates in this gateway's shape; undefined for one it cannot send. */
function synced(raw: unknown): SyncedTemplate | undefined {
  const parsed = metaTemplate.safeParse(raw);
  if (!parsed.success) return undefined;
  const t = parsed.data;
  const category = CATEGORIES[t.category.toUpperCase() as keyof typeof CATEGORIES];
  const components = shapeOf(t.components);
  if (!category || !components) return undefined;
  const reason = t.rejected_reason && t.rejected_reason !== "NONE" ? t.rejected_reason : null;
  return { name: t.name, language: t.language, category, components, status: t.status.toUpperCase(), statusReason: reason, quality: t.quality_score?.score.toUpperCase() ?? null };
}

/** Distinct placeholders, {{1}} or {{name}}: what a send fills in. */
const placeholders = (text: string | undefined): number => new Set([...(text ?? "").matchAll(/\{\{\s*([^}]+?)\s*\}\}/g)].map((m) => m[1])).size;

const HEADERS: Record<string, TemplateShape["header"]["format"]> = { TEXT: "text", IMAGE: "image", VIDEO: "video", DOCUMENT: "document" };
const BUTTONS: Record<string, TemplateShape["buttons"][number]["type"]> = {
  QUICK_REPLY: "quick_reply",
  URL: "url",
  COPY_CODE: "copy_code",
  OTP: "copy_code",
  PHONE_NUMBER: "phone_number",
};

export function shapeOf(components: Array<z.output<typeof metaComponent>>): TemplateShape | undefined {
  const header = components.find((c) => c.type.toUpperCase() === "HEADER");
  const format = header ? HEADERS[(header.format ?? "TEXT").toUpperCase()] : "none";
  if (!format) return undefined;
  const buttons: TemplateShape["buttons"] = [];
  for (const b of components.find((c) => c.type.toUpperCase() === "BUTTONS")?.buttons ?? []) {
    const type = BUTTONS[b.type.toUpperCase()];
    if (!type) return undefined;
    // A URL button takes a parameter when its link has one; a copy code always takes the code; the others none.
    buttons.push({ type, parameters: type === "url" ? Math.min(placeholders(b.url), 1) : type === "copy_code" ? 1 : 0 });
  }
  return {
    header: { format, parameters: format === "none" ? 0 : format === "text" ? Math.min(placeholders(header?.text), 1) : 1 },
    body: { parameters: placeholders(components.find((c) => c.type.toUpperCase() === "BODY")?.text) },
    buttons,
  };
}
