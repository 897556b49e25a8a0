import type { Prisma } from "../../generated/prisma/client.js";
import type { Actor } from "../principal.js";
import { currentRequestOrigin } from "../http/request-id.js";
import type { AuditEventRow } from "./audit-event-sql.js";

// What every change records of itself: who, what, on what, the change as before and after, and
// the request it came in (address, user agent, request id, from the request's async context).

/** Who changed something from the admin CLI or the admin endpoint. */
export const ADMIN_ACTOR: Actor = { kind: "admin", name: "admin", label: null };

export interface AuditChange {
  /** `<thing>.<past tense>`: webhook.created, contact.opted_in, batch.cancelled, key.revoked. */
  action: string;
  /** `<kind>:<id>` of what changed. */
  target?: string;
  before?: unknown;
  after?: unknown;
}

/** Field names whose values are never written to the log, at any depth. */
const SECRET_FIELD = /(secret|token|password|hash|totp|recovery|^key$|api_?key$|authorization)/i;

/** A copy of `value` with every secret-named field's value replaced, for the log. */
export function redacted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redacted);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "bigint") return value.toString();
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [name, inner] of Object.entries(value)) {
    if (inner === undefined) continue;
    out[name] = SECRET_FIELD.test(name) && inner !== null ? "[redacted]" : redacted(inner);
  }
  return out;
}

const asJson = (value: unknown) => (value === undefined ? undefined : (redacted(value) as Prisma.InputJsonValue));

/** Where the current request came from, as audit rows record it (nulls outside a request). */
function requestColumns(): Pick<AuditEventRow, "address" | "userAgent" | "requestId"> {
  const origin = currentRequestOrigin();
  return { address: origin?.address ?? null, userAgent: origin?.userAgent ?? null, requestId: origin?.requestId ?? null };
}

/** The row of one change by `actor` in `tenantId`, at `at`. */
export function auditEvent(tenantId: number, actor: Actor, at: Date, change: AuditChange): AuditEventRow {
  return {
    tenantId,
    at,
    actorKind: actor.kind,
    actorName: actor.name,
    actorLabel: actor.label,
    action: change.action,
    target: change.target ?? null,
    before: asJson(change.before),
    after: asJson(change.after),
    ...requestColumns(),
  };
}
