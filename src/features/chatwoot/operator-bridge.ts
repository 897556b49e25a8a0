import type { Db } from "../../core/db/database.js";
import { byOperator, type RunBy } from "../../core/audit/audited.js";
import { parseNewBridge } from "./bridge-input.js";
import { type BridgeDeps, bridgeWebhookAddress, connectBridge, disconnectBridge } from "./bridge.js";

// The operator's Chatwoot commands (admin chatwoot:connect, chatwoot:disconnect): the same rules
// as a tenant's own, any of the tenant's numbers, recorded as the operator's who ran them.

export async function connectBridgeAsOperator(
  db: Db,
  tenantId: number,
  raw: { baseUrl: string; chatwootAccountId: number; inboxId: number; accessToken: string; accountIds: number[] },
  settings: BridgeDeps["config"] & { publicUrl: string | undefined },
  by: RunBy = {},
) {
  const { bridge, secret } = await connectBridge(
    { db, clock: { now: () => byOperator(by).at }, config: settings },
    { tenantId, accountIds: null },
    parseNewBridge(raw),
    byOperator(by),
  );
  const address = bridgeWebhookAddress(settings.publicUrl ?? "", secret);
  const unsigned = bridge.webhooksSigned ? "" : " Chatwoot showed no webhook secret for the inbox: its webhooks are accepted unsigned (CHATWOOT_ALLOW_UNSIGNED).";
  return { ...bridge, webhookUrl: address, note: `Set webhookUrl as the inbox's webhook URL in Chatwoot; it is shown only now.${unsigned}` };
}

export const disconnectBridgeAsOperator = (db: Db, tenantId: number, by: RunBy = {}) => disconnectBridge({ db }, tenantId, byOperator(by));
