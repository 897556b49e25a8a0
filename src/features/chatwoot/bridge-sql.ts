import type { Db, DbClient } from "../../core/db/database.js";
import type { ChatwootBridge } from "../../generated/prisma/client.js";

// The statements that write a tenant's Chatwoot bridge (bridge.ts decides; this feature owns the table).

type Writer = Pick<DbClient, "chatwootBridge">;

/** A bridge as shown: never its access token nor its webhook secret. */
export type BridgeRow = Omit<ChatwootBridge, "accessToken" | "webhookTokenHash">;

const hidden = { accessToken: true, webhookTokenHash: true } as const;

export interface BridgeSettings {
  tenantId: number;
  baseUrl: string;
  chatwootAccountId: number;
  inboxId: number;
  accessToken: string;
  webhookTokenHash: string;
  accountIds: number[];
}

/** Connects the tenant's bridge, or replaces its settings (and its webhook secret) when it has one. */
export const upsertBridge = (db: Writer, settings: BridgeSettings, at: Date) =>
  db.chatwootBridge.upsert({
    where: { tenantId: settings.tenantId },
    create: { ...settings, createdAt: at, updatedAt: at },
    update: { ...settings, updatedAt: at },
    omit: hidden,
  });

/** Disconnects the tenant's bridge; null when it had none. */
export async function deleteBridge(db: Writer, tenantId: number): Promise<BridgeRow | null> {
  const [row] = await db.chatwootBridge.findMany({ where: { tenantId }, omit: hidden });
  if (!row) return null;
  await db.chatwootBridge.delete({ where: { tenantId } });
  return row;
}

/** The tenant's bridge as shown, if any. */
export const findBridge = (db: Pick<DbClient, "chatwootBridge">, tenantId: number) => db.chatwootBridge.findUnique({ where: { tenantId }, omit: hidden });

/** What the bridge's relay has still to do, and how its last calls to Chatwoot went. */
export interface RelayState {
  toChatwoot: number;
  toWhatsapp: number;
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
      LEAST(
        (SELECT min(created_at) FROM chatwoot_outbox WHERE bridge_id = b.id AND status IN ('pending', 'sending')),
        (SELECT min(created_at) FROM chatwoot_reply WHERE bridge_id = b.id AND status IN ('pending', 'sending'))) AS "oldestWaitingAt",
      b.last_posted_at AS "lastPostedAt", b.last_error AS "lastError", b.last_error_at AS "lastErrorAt"
    FROM chatwoot_bridge b WHERE b.id = ${bridgeId}`;
  return row ?? { toChatwoot: 0, toWhatsapp: 0, oldestWaitingAt: null, lastPostedAt: null, lastError: null, lastErrorAt: null };
}
