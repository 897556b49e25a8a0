import type { Db, DbClient } from "../../core/db/database.js";
import type { ChatwootBridge } from "../../generated/prisma/client.js";
import { forgetConversations } from "./relay/outbox-sql.js";

// The statements that write a tenant's Chatwoot bridge (bridge.ts decides; this feature owns the table).

type Writer = Pick<DbClient, "chatwootBridge" | "$queryRaw" | "$executeRaw">;

/** A bridge as shown: never its access token nor either secret; whether its webhooks are verified. */
export type BridgeRow = Omit<ChatwootBridge, "accessToken" | "webhookTokenHash" | "webhookSecret" | "secretReadAt"> & { webhooksSigned: boolean };

const hidden = { accessToken: true, webhookTokenHash: true } as const;

function shown({ webhookSecret, secretReadAt: _read, ...row }: Omit<ChatwootBridge, keyof typeof hidden>): BridgeRow {
  return { ...row, webhooksSigned: webhookSecret !== null };
}

export interface BridgeSettings {
  tenantId: number;
  baseUrl: string;
  chatwootAccountId: number;
  inboxId: number;
  accessToken: string;
  webhookTokenHash: string;
  /** The inbox's own secret that signs its webhooks; null: Chatwoot showed none. */
  webhookSecret: string | null;
  accountIds: number[];
}

/** Where a bridge writes: an inbox of an account of a Chatwoot. */
type Place = Pick<BridgeSettings, "baseUrl" | "chatwootAccountId" | "inboxId">;

/**
 * Connects the tenant's bridge, or replaces its settings (and its webhook secret) when it has one.
 * A bridge moved to another inbox (or account, or Chatwoot) forgets its contacts' conversations
 * there, which belong to the old inbox: the next posts find or make them in the new one. The
 * row is locked first, so two connections at once see each other's place.
 */
export async function upsertBridge(db: Writer, settings: BridgeSettings, at: Date): Promise<BridgeRow> {
  const [before] = await db.$queryRaw<Array<Place & { id: number }>>`-- lock_chatwoot_bridge
    SELECT id, base_url AS "baseUrl", chatwoot_account_id AS "chatwootAccountId", inbox_id AS "inboxId"
    FROM chatwoot_bridge WHERE tenant_id = ${settings.tenantId} FOR UPDATE`;
  const row = await db.chatwootBridge.upsert({
    where: { tenantId: settings.tenantId },
    create: { ...settings, secretReadAt: at, createdAt: at, updatedAt: at },
    update: { ...settings, secretReadAt: at, updatedAt: at },
    omit: hidden,
  });
  if (before && !samePlace(before, settings)) await forgetConversations(db, before.id, null);
  return shown(row);
}

const samePlace = (a: Place, b: Place) => a.baseUrl === b.baseUrl && a.chatwootAccountId === b.chatwootAccountId && a.inboxId === b.inboxId;

/** Disconnects the tenant's bridge; null when it had none. */
export async function deleteBridge(db: Writer, tenantId: number): Promise<BridgeRow | null> {
  const [row] = await db.chatwootBridge.findMany({ where: { tenantId }, omit: hidden });
  if (!row) return null;
  await db.chatwootBridge.delete({ where: { tenantId } });
  return shown(row);
}

/** The tenant's bridge as shown, if any. */
export async function findBridge(db: Pick<DbClient, "chatwootBridge">, tenantId: number): Promise<BridgeRow | null> {
  const row = await db.chatwootBridge.findUnique({ where: { tenantId }, omit: hidden });
  return row ? shown(row) : null;
}

/** A bridge whose inbox's secret is due to be read from Chatwoot again. */
export interface SecretRead extends Place {
  id: number;
  accessToken: string;
  webhookSecret: string | null;
}

/**
 * Takes up to `limit` bridges whose inbox's secret was never read (connected before the bridge
 * read it) or not for `everyMs`, marking them read now, so one relay of many reads each.
 */
export async function claimSecretReads(db: Db, now: Date, everyMs: number, limit: number): Promise<SecretRead[]> {
  return db.$queryRaw<SecretRead[]>`-- claim_chatwoot_secret_reads
    UPDATE chatwoot_bridge b SET secret_read_at = ${now}::timestamptz
    WHERE b.id IN (
      SELECT id FROM chatwoot_bridge WHERE secret_read_at IS NULL OR secret_read_at < ${new Date(now.getTime() - everyMs)}::timestamptz
      ORDER BY secret_read_at NULLS FIRST LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING b.id, b.base_url AS "baseUrl", b.chatwoot_account_id AS "chatwootAccountId", b.inbox_id AS "inboxId",
      b.access_token AS "accessToken", b.webhook_secret AS "webhookSecret"`;
}

/** A read that failed (Chatwoot away): the bridge is due again at `dueAt` rather than a whole interval later. */
export async function readSecretAgainAt(db: Db, bridgeId: number, dueAt: Date, everyMs: number): Promise<void> {
  await db.$executeRaw`-- read_chatwoot_secret_again_at
    UPDATE chatwoot_bridge SET secret_read_at = ${new Date(dueAt.getTime() - everyMs)}::timestamptz WHERE id = ${bridgeId}`;
}

/** Keeps the secret read for the bridge, unless it was connected elsewhere (or with another token) meanwhile. */
export async function storeSecret(db: Db, read: SecretRead, secret: string): Promise<boolean> {
  const changed = await db.$executeRaw`-- store_chatwoot_secret
    UPDATE chatwoot_bridge SET webhook_secret = ${secret}
    WHERE id = ${read.id} AND base_url = ${read.baseUrl} AND chatwoot_account_id = ${read.chatwootAccountId}
      AND inbox_id = ${read.inboxId} AND access_token = ${read.accessToken}`;
  return changed > 0;
}

/** What the bridge's relay has still to do, and how its last calls to Chatwoot went. */
export interface RelayState {
  toChatwoot: number;
  toWhatsapp: number;
  /** Posts Chatwoot refused for good, waiting to be retried (listFailedPosts). */
  failedPosts: number;
  oldestWaitingAt: Date | null;
  lastPostedAt: Date | null;
  lastError: string | null;
  lastErrorAt: Date | null;
}

/** The bridge's backlog both ways (live rows only, read through the claims' partial indexes). */
export async function readRelayState(db: Db, bridgeId: number): Promise<RelayState> {
  const [row] = await db.$queryRaw<RelayState[]>`-- read_chatwoot_relay_state
    SELECT
      (SELECT count(*)::int FROM chatwoot_outbox WHERE bridge_id = b.id AND status IN ('pending', 'sending')) AS "toChatwoot",
      (SELECT count(*)::int FROM chatwoot_reply WHERE bridge_id = b.id AND status IN ('pending', 'sending')) AS "toWhatsapp",
      (SELECT count(*)::int FROM chatwoot_outbox WHERE bridge_id = b.id AND status = 'failed') AS "failedPosts",
      LEAST(
        (SELECT min(created_at) FROM chatwoot_outbox WHERE bridge_id = b.id AND status IN ('pending', 'sending')),
        (SELECT min(created_at) FROM chatwoot_reply WHERE bridge_id = b.id AND status IN ('pending', 'sending'))) AS "oldestWaitingAt",
      b.last_posted_at AS "lastPostedAt", b.last_error AS "lastError", b.last_error_at AS "lastErrorAt"
    FROM chatwoot_bridge b WHERE b.id = ${bridgeId}`;
  return row ?? { toChatwoot: 0, toWhatsapp: 0, failedPosts: 0, oldestWaitingAt: null, lastPostedAt: null, lastError: null, lastErrorAt: null };
}
