import { Prisma } from "../../generated/prisma/client.js";
import type { WhatsAppTemplate } from "../../generated/prisma/client.js";
import type { Db, DbClient } from "../../core/db/database.js";

// The statements that write a tenant's WhatsApp template registrations (registrations.ts).

/**
 * Stores a registration; undefined when the tenant has that name and language registered already
 * (the unique index; ON CONFLICT DO NOTHING, so a transaction it runs in goes on).
 */
export async function insertRegistration(db: DbClient, data: Prisma.WhatsAppTemplateCreateManyInput): Promise<WhatsAppTemplate | undefined> {
  const [created] = await db.whatsAppTemplate.createManyAndReturn({ data: [data], skipDuplicates: true });
  return created;
}

/** Removes a registration; says how many went (0: removed meanwhile). */
export const deleteRegistration = (db: DbClient, id: number) => db.whatsAppTemplate.deleteMany({ where: { id } });

/**
 * Meta's report on a template of a business account, applied to every registration of that name and
 * language of a tenant with a number in that account (a registration for one number: only if it is
 * that account's). Meta writes languages as en-US as well as en_US. A status, when given, replaces
 * the reason too; a quality alone leaves the status as it is.
 */
export async function applyTemplateReport(
  db: Db,
  r: { wabaId: string; name: string; language: string; status: string | null; reason: string | null; quality: string | null; at: Date },
): Promise<number> {
  return db.$executeRaw`
    -- apply_template_report
    UPDATE whatsapp_template wt SET
      status = COALESCE(${r.status}::text, wt.status),
      status_reason = CASE WHEN ${r.status}::text IS NULL THEN wt.status_reason ELSE ${r.reason}::text END,
      status_changed_at = CASE WHEN ${r.status}::text IS NULL THEN wt.status_changed_at ELSE ${r.at} END,
      quality = COALESCE(${r.quality}::text, wt.quality)
    FROM account a
    WHERE a.settings -> 'whatsappCloud' ->> 'wabaId' = ${r.wabaId}
      AND wt.tenant_id = a.tenant_id AND (wt.account_id IS NULL OR wt.account_id = a.id)
      AND wt.name = ${r.name} AND replace(wt.language, '-', '_') = replace(${r.language}, '-', '_')`;
}

/** A template as Meta's business account holds it, in this gateway's shape (template-sync.ts). */
export interface SyncedTemplate {
  name: string;
  language: string;
  category: "marketing" | "utility" | "authentication";
  components: object;
  status: string;
  statusReason: string | null;
  quality: string | null;
}

/**
 * Stores the templates Meta holds for the tenant: each name and language once, new or replacing
 * what was registered (by hand or by an earlier sync); the time of a status is kept when it did
 * not change. Answers how many rows it wrote.
 */
export async function upsertSyncedTemplates(db: DbClient, tenantId: number, templates: SyncedTemplate[], at: Date): Promise<number> {
  if (templates.length === 0) return 0;
  const rows = JSON.stringify(templates);
  return db.$executeRaw`-- upsert_synced_templates
    INSERT INTO whatsapp_template (tenant_id, name, language, category, components, status, status_reason, quality, status_changed_at)
    SELECT ${tenantId}, t.name, t.language, t.category::"WhatsAppTemplateCategory", t.components, t.status, t."statusReason", t.quality, ${at}
    FROM jsonb_to_recordset(${rows}::jsonb) AS t(name text, language text, category text, components jsonb, status text, "statusReason" text, quality text)
    ON CONFLICT (tenant_id, name, language) DO UPDATE SET
      category = EXCLUDED.category, components = EXCLUDED.components, status = EXCLUDED.status,
      status_reason = EXCLUDED.status_reason, quality = COALESCE(EXCLUDED.quality, whatsapp_template.quality),
      status_changed_at = CASE WHEN whatsapp_template.status IS DISTINCT FROM EXCLUDED.status THEN EXCLUDED.status_changed_at ELSE whatsapp_template.status_changed_at END`;
}
