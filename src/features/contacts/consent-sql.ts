import { Prisma } from "../../generated/prisma/client.js";
import { erasedSuppressedSql } from "./number-hash-sql.js";

// Consent, as SQL: the one test of whether a number may be sent to. Acceptance, the worker's claim
// and the opt-out itself (the queue feature's cancelForOptOut) all use it, so "opted out" means the
// same thing wherever a message is stopped.

/** The stable `error` of a queued message whose recipient opted out before it was sent. */
export const OPTED_OUT = "opted_out";

/** True for a `contact` row (aliased `alias`) that is opted out or suppressed. */
export const contactOptedOutSql = (alias: string) => Prisma.raw(`${alias}.opted_out_at IS NOT NULL`);

/**
 * True when `phone` is opted out (or suppressed) for `tenantId`: one indexed probe of `contact`, and
 * for a tenant that erased suppressed contacts, of their keyed hashes (number-hash-sql.ts).
 */
export const optedOutSql = (tenantId: Prisma.Sql, phone: Prisma.Sql) =>
  Prisma.sql`(EXISTS (SELECT 1 FROM contact c WHERE c.tenant_id = ${tenantId} AND c.phone = ${phone} AND ${contactOptedOutSql("c")})
    OR ${erasedSuppressedSql(tenantId, phone)})`;
