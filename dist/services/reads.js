import { sentInPeriod } from "./counters.js";
import { notFound, validationError } from "./errors.js";
import { dateOnly } from "./clock.js";
// Everything a tenant can read. Every query is scoped by the caller's tenant, and another tenant's
// id is answered exactly like an unknown one.
/** Parses a message or batch id as the caller wrote it; anything that is not one is unknown. */
export function parseId(raw) {
    const s = String(raw);
    if (!/^[1-9]\d{0,18}$/.test(s))
        return undefined;
    const id = BigInt(s);
    return id <= 9223372036854775807n ? id : undefined;
}
/**
 * A page cursor (the id of the row it points at), or undefined when absent. A cursor that is not
 * one is refused rather than read as "from the start", so a broken client does not loop quietly.
 */
export function parseCursor(raw, field) {
    if (raw === undefined)
        return undefined;
    const id = parseId(raw);
    if (id === undefined)
        throw validationError({ [field]: "is not a cursor of this list" });
    return id;
}
export async function getMessage(deps, principal, rawId) {
    const id = parseId(rawId);
    const message = id && (await deps.db.message.findFirst({ where: { id, tenantId: principal.tenantId } }));
    if (!message)
        throw notFound("Message");
    return message;
}
export async function listMessages(deps, principal, page) {
    const batchId = page.batchId == null ? undefined : parseId(page.batchId);
    if (page.batchId != null && batchId === undefined)
        return [];
    return deps.db.message.findMany({
        where: {
            tenantId: principal.tenantId,
            ...(page.status?.length ? { status: { in: page.status } } : {}),
            ...(batchId !== undefined ? { batchId } : {}),
            id: {
                ...(page.olderThan !== undefined ? { lt: page.olderThan } : {}),
                ...(page.newerThan !== undefined ? { gt: page.newerThan } : {}),
            },
        },
        orderBy: { id: page.ascending ? "asc" : "desc" },
        take: page.limit,
    });
}
export async function getBatch(deps, principal, rawId) {
    const id = parseId(rawId);
    const batch = id && (await deps.db.batch.findFirst({ where: { id, tenantId: principal.tenantId } }));
    if (!batch)
        throw notFound("Batch");
    const grouped = await deps.db.message.groupBy({ by: ["status"], where: { batchId: batch.id }, _count: { _all: true } });
    const counts = { pending: 0, sending: 0, sent: 0, failed: 0 };
    for (const g of grouped)
        counts[g.status] = g._count._all;
    return { batch, counts };
}
/** A batch is finished when none of its messages waits or is being sent. */
export const batchFinished = (counts) => counts.pending + counts.sending === 0;
export async function batchMessages(deps, batchId) {
    return deps.db.message.findMany({ where: { batchId }, orderBy: { id: "asc" } });
}
/** Today's and this month's sends of an account (see counters.ts for the rule). */
export function accountSentCounts(deps, usage) {
    return sentInPeriod(usage, deps.clock.period());
}
export async function listAccounts(deps, principal) {
    return deps.db.account.findMany({ where: { tenantId: principal.tenantId }, include: { usage: true }, orderBy: { id: "asc" } });
}
export async function currentBalance(deps, principal) {
    const [tenant, usage, connected] = await Promise.all([
        deps.db.tenant.findUniqueOrThrow({ where: { id: principal.tenantId }, include: { plan: true } }),
        deps.db.tenantMonthlyUsage.findUnique({ where: { tenantId_month: { tenantId: principal.tenantId, month: deps.clock.month() } } }),
        deps.db.account.count({ where: { tenantId: principal.tenantId, status: "connected" } }),
    ]);
    const limit = tenant.plan.monthlyMessageLimit;
    const used = usage?.used ?? 0;
    return {
        plan: tenant.plan.name,
        subscriptionEnds: dateOnly(tenant.subscriptionEndsOn),
        messages: { limit, used, remaining: Math.max(limit - used, 0) },
        accounts: { limit: tenant.plan.maxAccounts, connected },
    };
}
//# sourceMappingURL=reads.js.map