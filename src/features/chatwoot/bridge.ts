import { randomToken, sha256 } from "../../core/auth/auth.js";
import { ownAccountsWhere } from "../../core/auth/number-scope.js";
import { audited, type Author } from "../../core/audit/audited.js";
import type { Db } from "../../core/db/database.js";
import type { Logger } from "pino";
import { notFound, validationError } from "../../core/errors.js";
import { inwardAddressProblem } from "../../core/input/public-address.js";
import type { Principal } from "../../core/principal.js";
import type { NewBridge } from "./bridge-input.js";
import { type BridgeRow, deleteBridge, findBridge, upsertBridge } from "./bridge-sql.js";
import { inboxSecretAtConnect } from "./inbox-check.js";
import type { CallSettings } from "./relay/chatwoot-api.js";

// A tenant connects one Chatwoot API channel inbox, which carries some of its numbers. Chatwoot's
// address must be public (as a webhook's), unless the operator named its host in
// CHATWOOT_PRIVATE_HOSTS: a tenant can never open the operator's network for itself. Connecting
// reads the inbox from Chatwoot and takes its own secret, which signs its webhooks
// (inbox-check.ts). The access token is kept to call Chatwoot and never shown again; the bridge's
// own webhook address, which Chatwoot calls, carries a secret shown only in the answer that made it.

export interface BridgeDeps {
  db: Db;
  clock: { now(): Date };
  config: CallSettings;
  /** Where a connection without a webhook secret is said loudly (the admin CLI says it in its answer). */
  log?: Pick<Logger, "warn">;
}

export const WEBHOOK_PATH = "/chatwoot/webhooks";

/** The address Chatwoot posts its events to: the gateway's origin, the path, the secret. */
export const bridgeWebhookAddress = (origin: string, secret: string) => `${origin.replace(/\/+$/, "")}${WEBHOOK_PATH}/${secret}`;

/** Refuses (422 naming baseUrl) a Chatwoot address that leads inward, unless the operator allowed its host. */
async function checkChatwootAddress(deps: BridgeDeps, baseUrl: string): Promise<void> {
  const url = new URL(baseUrl);
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, "");
  if (deps.config.chatwoot.privateHosts.includes(host)) return;
  const problem = await inwardAddressProblem(url, deps.config.webhooks.allowPrivateAddresses);
  if (problem) throw validationError({ baseUrl: `${problem} (an operator can allow a Chatwoot on its own network with CHATWOOT_PRIVATE_HOSTS)` });
}

/** Refuses numbers that are not the caller's to use (404, as another tenant's would be). */
async function checkNumbers(deps: BridgeDeps, principal: Pick<Principal, "tenantId" | "accountIds">, accountIds: number[]): Promise<void> {
  const found = await deps.db.account.findMany({
    where: { AND: [{ id: { in: accountIds }, tenantId: principal.tenantId, removedAt: null }, ownAccountsWhere(principal)] },
    select: { id: true },
  });
  const missing = accountIds.filter((id) => !found.some((a) => a.id === id));
  if (missing.length) throw validationError({ accountIds: `${missing.join(", ")} ${missing.length === 1 ? "is not a number" : "are not numbers"} of this account you may use` });
}

/** Connects (or reconnects, with a new webhook secret) the tenant's Chatwoot inbox. */
export async function connectBridge(
  deps: BridgeDeps,
  principal: Pick<Principal, "tenantId" | "accountIds">,
  input: NewBridge,
  by: Author,
): Promise<{ bridge: BridgeRow; secret: string }> {
  await checkChatwootAddress(deps, input.baseUrl);
  await checkNumbers(deps, principal, input.accountIds);
  const webhookSecret = await inboxSecretAtConnect(deps.config, input);
  if (webhookSecret === null) {
    deps.log?.warn(
      { tenantId: principal.tenantId, inboxId: input.inboxId },
      "a Chatwoot inbox without a webhook secret was connected: its webhooks are accepted unsigned (CHATWOOT_ALLOW_UNSIGNED)",
    );
  }
  const secret = randomToken(32);
  const bridge = await audited(
    deps.db,
    by,
    (tx) => upsertBridge(tx, { tenantId: principal.tenantId, ...input, webhookTokenHash: sha256(secret).toString("hex"), webhookSecret }, by.at),
    (row) => ({ tenantId: principal.tenantId, action: "chatwoot.connected", target: `chatwoot_bridge:${row.id}`, after: { ...row, accessToken: input.accessToken } }),
  );
  return { bridge, secret };
}

/** The tenant's bridge, or 404. */
export async function getBridge(deps: Pick<BridgeDeps, "db">, tenantId: number): Promise<BridgeRow> {
  const bridge = await findBridge(deps.db, tenantId);
  if (!bridge) throw notFound("Chatwoot bridge");
  return bridge;
}

/** Disconnects the tenant's bridge: Chatwoot's calls to its address are refused from now on. */
export async function disconnectBridge(deps: Pick<BridgeDeps, "db">, tenantId: number, by: Author): Promise<BridgeRow> {
  const removed = await audited(
    deps.db,
    by,
    (tx) => deleteBridge(tx, tenantId),
    (row) => (row ? { tenantId, action: "chatwoot.disconnected", target: `chatwoot_bridge:${row.id}`, before: row } : null),
  );
  if (!removed) throw notFound("Chatwoot bridge");
  return removed;
}
