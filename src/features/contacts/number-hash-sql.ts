import { createHash, createHmac } from "node:crypto";
import { Prisma } from "../../generated/prisma/client.js";

// The keyed hash of a number that an erasure keeps in place of a suppressed contact: HMAC-SHA256
// under the operator's ERASURE_KEY, hex. Kept outside the database on purpose: a copy of the
// database alone cannot test the few billion possible numbers against the hashes. The process
// holds one key, set at start from its settings; the SQL form below computes the same HMAC in a
// statement (from the key's two padded blocks), so every consent check can test a number inline.

const BLOCK = 64;

let key: { raw: string; inner: string; outer: string } | undefined;

const padded = (secret: Buffer, byte: number) => {
  const block = Buffer.alloc(BLOCK);
  (secret.length > BLOCK ? createHash("sha256").update(secret).digest() : secret).copy(block);
  return Buffer.from(block.map((b) => b ^ byte)).toString("hex");
};

/** Sets the process's key (the ERASURE_KEY setting); undefined: erasure is off, and no hash ever matches. */
export function useErasureKey(secret: string | undefined): void {
  if (secret === undefined) {
    key = undefined;
    return;
  }
  const bytes = Buffer.from(secret, "utf8");
  key = { raw: secret, inner: padded(bytes, 0x36), outer: padded(bytes, 0x5c) };
}

/** Whether a key is set, so an erasure can keep an opt-out. */
export const erasureKeySet = (): boolean => key !== undefined;

/** The keyed hash of `number` (digits), as stored. */
export function numberHash(number: string): string {
  if (!key) throw new Error("ERASURE_KEY is not set");
  return createHmac("sha256", key.raw).update(number, "utf8").digest("hex");
}

/** The same hash of the text expression `phone`, computed in SQL (NULL without a key, which matches nothing). */
export const numberHashSql = (phone: Prisma.Sql) =>
  Prisma.sql`encode(sha256(decode(${key?.outer ?? null}::text, 'hex') || sha256(decode(${key?.inner ?? null}::text, 'hex') || convert_to(${phone}, 'UTF8'))), 'hex')`;

/**
 * True when `phone` is among the tenant's erased suppressions. The hash is computed only for a
 * tenant that has any, so for every other tenant the test is one probe of an index it has no rows in.
 */
export const erasedSuppressedSql = (tenantId: Prisma.Sql, phone: Prisma.Sql) =>
  Prisma.sql`CASE WHEN EXISTS (SELECT 1 FROM erased_suppression es WHERE es.tenant_id = ${tenantId})
    THEN EXISTS (SELECT 1 FROM erased_suppression es WHERE es.tenant_id = ${tenantId} AND es.number_hash = ${numberHashSql(phone)})
    ELSE false END`;
