import type { Db, SqlClient } from "../../core/db/database.js";
import type { WebhookEndpoint } from "../../generated/prisma/client.js";

// The statements that write a tenant's webhook endpoints (webhooks.ts says when).

/** An endpoint as listed: never its secret. */
export type WebhookEndpointView = Omit<WebhookEndpoint, "secret">;

/**
 * Locks the tenant's row, so that its endpoint registrations take turns (createWebhookEndpoint);
 * yields nothing for an unknown tenant. NO KEY UPDATE does not conflict with the KEY SHARE locks
 * that the foreign keys of the tenant's sends take.
 */
export const lockTenantForEndpoints = (db: SqlClient, tenantId: number) =>
  db.$queryRaw<Array<{ id: number }>>`-- lock_tenant_for_endpoints
    SELECT id FROM tenant WHERE id = ${tenantId} FOR NO KEY UPDATE`;

/** Adds an endpoint while the tenant has fewer than `cap`; nothing otherwise. */
export const insertEndpointUnderCap = (db: SqlClient, e: { tenantId: number; url: string; events: string[]; secret: string }, cap: number) =>
  db.$queryRaw<WebhookEndpointView[]>`-- insert_endpoint_under_cap
    INSERT INTO webhook_endpoint (tenant_id, url, events, secret)
    SELECT t.id, ${e.url}, ${e.events}::text[], ${e.secret} FROM tenant t
    WHERE t.id = ${e.tenantId}
      AND (SELECT count(*) FROM webhook_endpoint WHERE tenant_id = ${e.tenantId}) < ${cap}
    RETURNING id, tenant_id AS "tenantId", url, events, enabled, created_at AS "createdAt"`;

/** Deletes an endpoint; its deliveries go with it (the foreign key cascades). */
export const deleteEndpoint = (db: Pick<Db, "webhookEndpoint">, id: number) => db.webhookEndpoint.deleteMany({ where: { id } });

/** Turns an endpoint on or off; `tenantId` null: any tenant's. Says how many changed (0: none such). */
export const setEndpointEnabled = (db: Pick<Db, "webhookEndpoint">, where: { id: number; tenantId?: number }, enabled: boolean) =>
  db.webhookEndpoint.updateMany({ where, data: { enabled } });
