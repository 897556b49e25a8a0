import { z } from "zod";
import type { Db } from "../../core/db/database.js";
import { ALL_SCOPES, SCOPES } from "../../core/auth/scopes.js";
import { byOperator, type RunBy } from "../../core/audit/audited.js";
import { parseInput } from "../../core/input/validation.js";
import { notFound } from "../../core/errors.js";
import { createKey, revokeKey, type Grantor, type KeyDeps } from "./keys.js";
import { keyAccountIds, keyExpiry, keyLabel, keyScopes, newKey } from "./key-input.js";
import type { KeyView } from "./keys-sql.js";

// The operator's keys (admin key:create and key:revoke): the same service and rules as a tenant's
// own, with every power, recorded in the tenant's audit log as the operator's who ran it.

const operatorOf = (tenantId: number, by: RunBy): Grantor => ({ tenantId, scopes: ALL_SCOPES, accountIds: null, expiresAt: null, actor: byOperator(by).actor });
const systemTime = (db: Db, by: RunBy): KeyDeps => ({ db, clock: { now: () => byOperator(by).at } });

const commaList = (s: string | undefined) =>
  s === undefined
    ? undefined
    : s
        .split(",")
        .map((x) => x.trim())
        .filter(Boolean);

const cliKey = z.object({
  label: keyLabel,
  scopes: keyScopes,
  accounts: z.preprocess((v) => (v === undefined ? undefined : (v as string[]).map(Number)), keyAccountIds.optional()),
  expires: keyExpiry.optional(),
});

/** A key made by the operator, from the CLI's strings: every scope unless `--scopes` names some. */
export async function createKeyAsOperator(
  db: Db,
  tenantId: number,
  raw: { label: string; scopes?: string | undefined; accounts?: string | undefined; expires?: string | undefined },
  by: RunBy = {},
): Promise<KeyView & { tenantId: number; key: string; note: string }> {
  const checked = parseInput(cliKey, { label: raw.label, scopes: commaList(raw.scopes) ?? [...SCOPES], accounts: commaList(raw.accounts), expires: raw.expires });
  const made = await createKey(
    systemTime(db, by),
    operatorOf(tenantId, by),
    newKey({ label: checked.label, scopes: checked.scopes, accountIds: checked.accounts, expiresAt: checked.expires }),
  );
  return { ...made.key, tenantId, key: made.secret, note: "The key is shown only now: store it." };
}

/** Revokes a key of any tenant by its id or prefix. */
export async function revokeKeyAsOperator(db: Db, idOrPrefix: string, by: RunBy = {}): Promise<KeyView> {
  const where = /^\d+$/.test(idOrPrefix) ? { id: Number(idOrPrefix) } : { prefix: idOrPrefix };
  const row = await db.apiKey.findUnique({ where, select: { id: true, tenantId: true } });
  if (!row) throw notFound("API key");
  return revokeKey(systemTime(db, by), operatorOf(row.tenantId, by), row.id);
}
