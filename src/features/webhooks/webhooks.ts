import { randomBytes } from "node:crypto";
import type { WebhookDelivery, WebhookDeliveryStatus } from "../../generated/prisma/client.js";
import type { Config } from "../../core/config.js";
import type { Db } from "../../core/db/database.js";
import type { Principal } from "../../core/principal.js";
import type { ServiceDeps } from "../../core/deps.js";
import { ServiceError, notFound, validationError } from "../../core/errors.js";
import { parseId } from "../../core/input/ids.js";
import { checkWebhookAddress } from "./webhook-addresses.js";
import type { NewWebhookEndpoint } from "./endpoint-input.js";
import { insertWebhookReplay } from "./webhook-queue-sql.js";
import { audited, type Author } from "../../core/audit/audited.js";
import { deleteEndpoint, insertEndpointUnderCap, lockTenantForEndpoints, setEndpointEnabled, type WebhookEndpointView } from "./webhook-endpoint-sql.js";

// A tenant's webhook endpoints and the log of what was sent to them. Used by the tenant (GraphQL)
// and by operators (admin commands); every read and change is scoped to one tenant, and another
// tenant's id is answered exactly like an unknown one.

/** Enough for several environments or consumers; a bound so one tenant cannot multiply the outbox. */
export const MAX_ENDPOINTS_PER_TENANT = 10;

export type { WebhookEndpointView } from "./webhook-endpoint-sql.js";

/** 32 random bytes; the prefix says what it is when it turns up in a config file or a leak scan. */
const generateSecret = () => `whsec_${randomBytes(32).toString("base64url")}`;

/**
 * Registers an endpoint for `tenantId` and returns it with its signing secret, which is shown
 * only now (listings never include it).
 *
 * The cap holds under concurrent registrations: the first statement locks the tenant's row, so
 * registrations of one tenant take turns, and the insert is a statement of its own, so under READ
 * COMMITTED its count sees a fresh snapshot that includes every endpoint committed by the turns
 * before it. (In one statement the count would use a snapshot taken before the lock was granted.)
 * NO KEY UPDATE rather than UPDATE: it does not conflict with the KEY SHARE locks that foreign-key
 * checks take on the tenant's row (every message the tenant sends), so sends are not held up.
 */
export async function createWebhookEndpoint(
  db: Db,
  settings: Pick<Config["webhooks"], "allowPrivateAddresses">,
  tenantId: number,
  input: NewWebhookEndpoint,
  by: Author,
): Promise<{ endpoint: WebhookEndpointView; secret: string }> {
  const { url, events } = input;
  await checkWebhookAddress(url, settings.allowPrivateAddresses);
  const secret = generateSecret();
  const endpoint = await audited(
    db,
    by,
    async (tx) => {
      if (!(await lockTenantForEndpoints(tx, tenantId)).length) throw notFound("Tenant");
      const [inserted] = await insertEndpointUnderCap(tx, { tenantId, url: url.toString(), events, secret }, MAX_ENDPOINTS_PER_TENANT);
      if (!inserted) throw validationError({ url: `a tenant may have at most ${MAX_ENDPOINTS_PER_TENANT} webhook endpoints; delete one first` });
      return inserted;
    },
    (made) => ({ tenantId, action: "webhook.created", target: `webhook_endpoint:${made.id}`, after: made }),
    // The fresh snapshot per statement that the cap relies on, whatever the server's default.
    { isolationLevel: "ReadCommitted" },
  );
  return { endpoint, secret };
}

export async function listWebhookEndpoints(db: Db, tenantId: number): Promise<WebhookEndpointView[]> {
  return db.webhookEndpoint.findMany({ where: { tenantId }, omit: { secret: true }, orderBy: { id: "asc" } });
}

/** Parses an endpoint id as the caller wrote it; anything that is not one is unknown. */
function parseEndpointId(raw: string | number): number | undefined {
  const id = parseId(raw);
  return id !== undefined && id <= 2_147_483_647n ? Number(id) : undefined;
}

/**
 * Deletes an endpoint and, with it, its delivery log and anything still queued for it. `tenantId`
 * null: any tenant's (operators).
 */
export async function deleteWebhookEndpoint(db: Db, tenantId: number | null, rawId: string | number, by: Author): Promise<WebhookEndpointView> {
  const id = parseEndpointId(rawId);
  const endpoint = id && (await db.webhookEndpoint.findFirst({ where: { id, ...(tenantId === null ? {} : { tenantId }) }, omit: { secret: true } }));
  if (!endpoint) throw notFound("Webhook endpoint");
  const { count } = await audited(
    db,
    by,
    (tx) => deleteEndpoint(tx, endpoint.id),
    // Deleted meanwhile by another request: that request's event tells it.
    (deleted) => (deleted.count ? { tenantId: endpoint.tenantId, action: "webhook.deleted", target: `webhook_endpoint:${endpoint.id}`, before: endpoint } : null),
  );
  if (!count) throw notFound("Webhook endpoint");
  return endpoint;
}

/**
 * Turns an endpoint on or off. While off, no new events are queued for it (the outbox trigger
 * only writes for enabled endpoints); deliveries already queued finish or fail as usual.
 * `tenantId` null: any tenant's (operators).
 */
export async function setWebhookEndpointEnabled(db: Db, tenantId: number | null, rawId: string | number, enabled: boolean, by: Author): Promise<WebhookEndpointView> {
  const id = parseEndpointId(rawId);
  const before = id && (await db.webhookEndpoint.findFirst({ where: { id, ...(tenantId === null ? {} : { tenantId }) }, omit: { secret: true } }));
  if (!before) throw notFound("Webhook endpoint");
  // Turning on an endpoint that is on changes nothing, and records nothing.
  if (before.enabled === enabled) return before;
  return audited(
    db,
    by,
    async (tx) => {
      await setEndpointEnabled(tx, { id: before.id }, enabled);
      return tx.webhookEndpoint.findUniqueOrThrow({ where: { id: before.id }, omit: { secret: true } });
    },
    (after) => ({ tenantId: before.tenantId, action: enabled ? "webhook.enabled" : "webhook.disabled", target: `webhook_endpoint:${before.id}`, before, after }),
  );
}

export interface DeliveryPage {
  /** Only ids below this one (the next page of a newest-first list). */
  olderThan?: bigint | undefined;
  /** Only ids above this one (the previous page). */
  newerThan?: bigint | undefined;
  limit: number;
  /** Oldest first instead of newest first (paging backwards). */
  ascending?: boolean;
  endpointId?: string | null | undefined;
  messageId?: string | null | undefined;
  statuses?: WebhookDeliveryStatus[] | null | undefined;
}

/** The tenant's webhook deliveries, newest first, optionally for one endpoint, message or statuses. */
export async function listWebhookDeliveries(deps: ServiceDeps, principal: Principal, page: DeliveryPage): Promise<WebhookDelivery[]> {
  const endpointId = page.endpointId == null ? undefined : parseEndpointId(page.endpointId);
  const messageId = page.messageId == null ? undefined : parseId(page.messageId);
  if ((page.endpointId != null && endpointId === undefined) || (page.messageId != null && messageId === undefined)) return [];
  return deps.readDb.webhookDelivery.findMany({
    where: {
      tenantId: principal.tenantId,
      ...(endpointId !== undefined ? { endpointId } : {}),
      ...(messageId !== undefined ? { messageId } : {}),
      ...(page.statuses?.length ? { status: { in: page.statuses } } : {}),
      id: {
        ...(page.olderThan !== undefined ? { lt: page.olderThan } : {}),
        ...(page.newerThan !== undefined ? { gt: page.newerThan } : {}),
      },
    },
    orderBy: { id: page.ascending ? "asc" : "desc" },
    take: page.limit,
  });
}

/**
 * Sends a delivered or failed event to its endpoint again, as a new delivery (same event id and
 * payload, signed afresh when sent). One still queued or being sent is refused: it will be sent
 * anyway.
 */
export async function replayWebhookDelivery(deps: ServiceDeps, principal: Principal, rawId: string): Promise<WebhookDelivery> {
  const id = parseId(rawId);
  const original = id && (await deps.db.webhookDelivery.findFirst({ where: { id, tenantId: principal.tenantId } }));
  if (!original) throw notFound("Webhook delivery");
  if (original.status === "pending" || original.status === "sending") {
    throw new ServiceError("DELIVERY_NOT_FINISHED", `Webhook delivery ${original.id} is still ${original.status}; it will be sent without a replay.`);
  }
  const replay = await audited(
    deps.db,
    { actor: principal.actor, at: deps.clock.now() },
    (tx) => insertWebhookReplay(tx, principal.tenantId, original.id, deps.clock.now()),
    (made) =>
      made ? { tenantId: principal.tenantId, action: "webhook_delivery.replayed", target: `webhook_delivery:${original.id}`, after: { id: made.id, eventId: made.eventId } } : null,
  );
  if (!replay) throw notFound("Webhook delivery");
  return replay;
}
