import type { Db } from "../../core/db/database.js";
import type { ServiceClock } from "../../core/clock.js";
import type { Principal } from "../../core/principal.js";
import { notFound, ServiceError, validationError } from "../../core/errors.js";
import { generateApiKey } from "../../core/auth/auth.js";
import { expireApiKey, insertApiKey, revokeApiKey } from "../../core/auth/api-key-sql.js";
import { forgetCachedKeys } from "../../core/auth/key-cache.js";
import { missingScope } from "../../core/auth/scope-check.js";
import { SCOPES } from "../../core/auth/scopes.js";
import { insertAuditEvent } from "../../core/audit/audit-event-sql.js";
import { auditEvent } from "../../core/audit/audit-record.js";
import { parseId } from "../../core/input/ids.js";
import { MAX_KEY_LIFETIME_DAYS, type NewKey } from "./key-input.js";
import { lockTenantForKeys, type KeyRow, keyView, type KeyView } from "./keys-sql.js";

// A tenant's API keys: made with chosen scopes, sender numbers and expiry; listed; revoked; and
// rotated (a new secret with the same powers, the old one passing for an overlap). One rule holds
// throughout: a caller never makes or changes a key with more than it has itself, so keys:manage
// cannot be used to climb. Each change and its audit event commit together.

/** Active keys (neither revoked nor expired) a tenant may hold at once. */
export const MAX_ACTIVE_KEYS = 100;

/** What the keys service reads and writes with (the admin CLI has no service clock: the system's time). */
export interface KeyDeps {
  db: Db;
  clock: Pick<ServiceClock, "now">;
}

/** Who makes or changes keys: a caller's powers, or the operator's (all of them). */
export type Grantor = Pick<Principal, "tenantId" | "scopes" | "accountIds" | "actor" | "expiresAt">;

export interface CreatedKey {
  key: KeyView;
  /** The whole key, shown only now. */
  secret: string;
}

/** The first way `key` has more than `grantor`, or undefined when the grantor covers it. */
function excess(grantor: Grantor, key: Pick<KeyRow, "scopes" | "accountIds" | "expiresAt">): ServiceError | undefined {
  const scope = key.scopes.find((s) => !grantor.scopes.has(s as never));
  if (scope) return missingScope(scope);
  if (grantor.accountIds) {
    if (key.accountIds.length === 0) return new ServiceError("INSUFFICIENT_SCOPE", "This key may use every number; a key restricted to some numbers cannot change it.");
    const other = key.accountIds.find((id) => !grantor.accountIds!.includes(id));
    if (other !== undefined) return new ServiceError("INSUFFICIENT_SCOPE", `This key may use number ${other}, which the caller may not.`);
  }
  return undefined;
}

/** The key as the grantor may make it: within its powers (422 naming the field otherwise), numbers and expiry filled in. */
async function withinGrantor(deps: KeyDeps, grantor: Grantor, input: NewKey): Promise<NewKey> {
  const lacking = input.scopes.filter((s) => !grantor.scopes.has(s));
  if (lacking.length) throw validationError({ scopes: `may not exceed the caller's own: it lacks ${lacking.join(", ")}` });
  const accountIds = input.accountIds ?? (grantor.accountIds ? [...grantor.accountIds] : null);
  if (input.accountIds) {
    const outside = input.accountIds.filter((id) => grantor.accountIds && !grantor.accountIds.includes(id));
    const live = await deps.db.account.findMany({ where: { id: { in: input.accountIds }, tenantId: grantor.tenantId, removedAt: null }, select: { id: true } });
    const unknown = input.accountIds.filter((id) => !live.some((a) => a.id === id));
    if (outside.length || unknown.length)
      throw validationError({
        accountIds: `${[...outside, ...unknown].join(", ")} ${outside.length + unknown.length === 1 ? "is not a number" : "are not numbers"} this caller may use`,
      });
  }
  const now = deps.clock.now();
  if (input.expiresAt && input.expiresAt <= now) throw validationError({ expiresAt: "must be in the future" });
  if (input.expiresAt && input.expiresAt.getTime() - now.getTime() > MAX_KEY_LIFETIME_DAYS * 86_400_000)
    throw validationError({ expiresAt: `must be within ${MAX_KEY_LIFETIME_DAYS} days` });
  // A key that expires cannot outlive itself through the keys it makes.
  if (grantor.expiresAt && input.expiresAt && input.expiresAt > grantor.expiresAt)
    throw validationError({ expiresAt: `may not be after the caller's own expiry, ${grantor.expiresAt.toISOString()}` });
  return { ...input, accountIds, expiresAt: input.expiresAt ?? grantor.expiresAt };
}

/** Makes a key; its secret is in the answer only. */
export async function createKey(deps: KeyDeps, grantor: Grantor, input: NewKey): Promise<CreatedKey> {
  const key = await withinGrantor(deps, grantor, input);
  const { key: secret, prefix, hash } = generateApiKey();
  const now = deps.clock.now();
  const row = await deps.db.$transaction(
    async (tx) => {
      const active = await lockTenantForKeys(tx, grantor.tenantId, now);
      if (active >= MAX_ACTIVE_KEYS) throw new ServiceError("KEY_LIMIT_REACHED", `A tenant may hold at most ${MAX_ACTIVE_KEYS} active keys: revoke one first.`);
      const created = await insertApiKey(tx, {
        tenantId: grantor.tenantId,
        prefix,
        hash,
        label: key.label,
        scopes: key.scopes,
        accountIds: key.accountIds ?? [],
        expiresAt: key.expiresAt,
      });
      await insertAuditEvent(tx, auditEvent(grantor.tenantId, grantor.actor, now, { action: "key.created", target: `key:${created.id}`, after: keyView(created, now) }));
      return created;
    },
    { isolationLevel: "ReadCommitted" },
  );
  return { key: keyView(row, now), secret };
}

/** A key of the grantor's tenant by its id as the caller wrote it; another tenant's is unknown. */
async function keyOf(deps: Pick<KeyDeps, "db">, grantor: Grantor, rawId: string | number): Promise<KeyRow> {
  const id = parseId(String(rawId));
  const row = id !== undefined && id <= 2_147_483_647n ? await deps.db.apiKey.findFirst({ where: { id: Number(id), tenantId: grantor.tenantId }, omit: { hash: true } }) : null;
  if (!row) throw notFound("API key");
  return row;
}

/** Revokes a key within the grantor's powers; revoking a revoked key changes nothing. */
export async function revokeKey(deps: KeyDeps, grantor: Grantor, rawId: string | number): Promise<KeyView> {
  const row = await keyOf(deps, grantor, rawId);
  const now = deps.clock.now();
  if (row.revokedAt) return keyView(row, now);
  const refusal = excess(grantor, row);
  if (refusal) throw refusal;
  const revoked = await deps.db.$transaction(async (tx) => {
    const changed = await revokeApiKey(tx, row.id, now);
    await insertAuditEvent(
      tx,
      auditEvent(grantor.tenantId, grantor.actor, now, { action: "key.revoked", target: `key:${row.id}`, before: keyView(row, now), after: keyView(changed, now) }),
    );
    return changed;
  });
  forgetCachedKeys(deps.db);
  return keyView(revoked, now);
}

/** A new secret with the same powers; the old key passes for `overlapSeconds` more (0: stops now). */
export async function rotateKey(deps: KeyDeps, grantor: Grantor, rawId: string | number, overlapSeconds: number): Promise<CreatedKey & { previous: KeyView }> {
  const row = await keyOf(deps, grantor, rawId);
  const now = deps.clock.now();
  if (keyView(row, now).state !== "active") throw new ServiceError("VALIDATION_ERROR", "Only an active key can be rotated.", { id: "is revoked or expired" });
  const refusal = excess(grantor, row);
  if (refusal) throw refusal;
  const until = new Date(Math.min(now.getTime() + overlapSeconds * 1000, row.expiresAt?.getTime() ?? Infinity));
  const { key: secret, prefix, hash } = generateApiKey();
  const [created, previous] = await deps.db.$transaction(async (tx) => {
    const made = await insertApiKey(tx, {
      tenantId: row.tenantId,
      prefix,
      hash,
      label: row.label,
      scopes: row.scopes as (typeof SCOPES)[number][],
      accountIds: row.accountIds,
      expiresAt: row.expiresAt,
      rotatedFromId: row.id,
    });
    const old = await expireApiKey(tx, row.id, until);
    await insertAuditEvent(
      tx,
      auditEvent(grantor.tenantId, grantor.actor, now, {
        action: "key.rotated",
        target: `key:${row.id}`,
        before: keyView(row, now),
        after: { previous: keyView(old, now), replacement: keyView(made, now) },
      }),
    );
    return [made, old] as const;
  });
  forgetCachedKeys(deps.db);
  return { key: keyView(created, now), secret, previous: keyView(previous, now) };
}

/** The tenant's keys, newest first (revoked and expired ones included, with their state). */
export async function listKeys(deps: KeyDeps, grantor: Pick<Grantor, "tenantId">): Promise<KeyView[]> {
  const rows = await deps.db.apiKey.findMany({ where: { tenantId: grantor.tenantId }, omit: { hash: true }, orderBy: { id: "desc" }, take: 1_000 });
  const now = deps.clock.now();
  return rows.map((row) => keyView(row, now));
}
