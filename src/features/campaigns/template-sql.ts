import type { Template } from "../../generated/prisma/client.js";
import type { DbClient } from "../../core/db/database.js";

// The statements that write a tenant's message templates (templates.ts says when).

/** What callers never see of a template: whose it is. */
export const omitTenant = { tenantId: true } as const;

/** A template as callers see it. */
export type TemplateView = Omit<Template, "tenantId">;

/**
 * Locks the tenant's row, so that its template creations take turns (createTemplate). NO KEY
 * UPDATE does not conflict with the KEY SHARE locks of the foreign keys of the tenant's sends.
 */
export const lockTenantForTemplates = (db: DbClient, tenantId: number) =>
  db.$queryRaw<Array<{ id: number }>>`-- lock_tenant_for_templates
    SELECT id FROM tenant WHERE id = ${tenantId} FOR NO KEY UPDATE`;

export interface NewTemplateRow {
  tenantId: number;
  name: string;
  text: string;
  imageUrl: string | null;
  variables: string[];
  now: Date;
}

/** Adds a template while the tenant has fewer than `cap`, and while its name is free; nothing otherwise. */
export const insertTemplateUnderCap = (db: DbClient, t: NewTemplateRow, cap: number) =>
  db.$queryRaw<TemplateView[]>`-- insert_template_under_cap
    INSERT INTO template (tenant_id, name, body, image_url, variables, created_at, updated_at)
    SELECT ${t.tenantId}, ${t.name}, ${t.text}, ${t.imageUrl}, ${t.variables}::text[], ${t.now}, ${t.now}
    WHERE (SELECT count(*) FROM template WHERE tenant_id = ${t.tenantId}) < ${cap}
    ON CONFLICT (tenant_id, name) DO NOTHING
    RETURNING id, name, body, image_url AS "imageUrl", variables, created_at AS "createdAt", updated_at AS "updatedAt"`;

/** Rewrites a tenant's template (an image left undefined stays); none when it is gone. */
export const updateTemplateContent = (
  db: DbClient,
  tenantId: number,
  id: number,
  change: { body: string; variables: string[]; imageUrl?: string | null | undefined; updatedAt: Date },
) =>
  db.template.updateManyAndReturn({
    where: { id, tenantId },
    data: {
      body: change.body,
      variables: change.variables,
      ...(change.imageUrl !== undefined ? { imageUrl: change.imageUrl } : {}),
      updatedAt: change.updatedAt,
    },
    omit: omitTenant,
  });

/** Deletes a tenant's template; says how many went (0: it was gone already). */
export const deleteTemplateById = (db: DbClient, tenantId: number, id: number) => db.template.deleteMany({ where: { id, tenantId } });
