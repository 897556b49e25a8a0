import type { Prisma } from "../../generated/prisma/client.js";
import type { Batch, Message } from "../../generated/prisma/client.js";
import type { Principal } from "../../core/principal.js";
import type { ServiceDeps } from "../../core/deps.js";
import { notFound } from "../../core/errors.js";
import { batchReports, EMPTY_REPORT, keptReport, type BatchCounts, type BatchReport } from "./batch-reports-sql.js";

export type { BatchCounts };
// reads.ts re-exports this module; parseId is only called at run time, so the cycle is harmless.
import { parseId } from "../../core/input/ids.js";
import { ownNumbersWhere } from "../../core/auth/number-scope.js";

// A batch's report and the list of a tenant's batches. Counts are read from the messages
// themselves, in one aggregate per request, so the report can never disagree with them; once
// retention has deleted them, from the report the batch kept just before.

export interface BatchView {
  batch: Batch;
  counts: BatchCounts;
  firstSentAt: Date | null;
  lastSentAt: Date | null;
}

export type BatchState = "scheduled" | "running" | "finished";

/** A batch is finished when none of its messages waits or is being sent. */
export const batchFinished = (counts: Pick<BatchCounts, "pending" | "sending">) => counts.pending + counts.sending === 0;

/** Scheduled: unfinished and its send time is still ahead; running: unfinished otherwise. */
export function batchState(view: BatchView, now: Date): BatchState {
  if (batchFinished(view.counts)) return "finished";
  return view.batch.sendAt && view.batch.sendAt.getTime() > now.getTime() ? "scheduled" : "running";
}

type ReportRow = BatchReport;

const reports = (deps: ServiceDeps, batchIds: bigint[]) => batchReports(deps.db, batchIds);

/** A batch's report: from its messages, or, once retention deleted them, the one it kept. */
function view(batch: Batch, report: ReportRow | undefined): BatchView {
  const { batchId: _, firstSentAt, lastSentAt, ...counts } = report ?? keptReport(batch.id, batch.finalCounts) ?? { batchId: batch.id, ...EMPTY_REPORT };
  return { batch, counts, firstSentAt, lastSentAt };
}

export async function getBatch(deps: ServiceDeps, principal: Principal, rawId: string | bigint): Promise<BatchView> {
  const id = parseId(rawId);
  const batch = id && (await deps.db.batch.findFirst({ where: { id, tenantId: principal.tenantId, ...ownNumbersWhere(principal) } }));
  if (!batch) throw notFound("Batch");
  return view(batch, (await reports(deps, [batch.id])).get(batch.id));
}

export async function batchMessages(deps: ServiceDeps, batchId: bigint): Promise<Message[]> {
  return deps.db.message.findMany({ where: { batchId }, orderBy: { id: "asc" } });
}

export interface BatchPage {
  olderThan?: bigint | undefined;
  newerThan?: bigint | undefined;
  limit: number;
  ascending?: boolean;
  state?: BatchState | null | undefined;
}

const unfinished = { some: { status: { in: ["pending" as const, "sending" as const] } } };

/** The tenant's batches, newest first, optionally only those in one state (see batchState). */
export async function listBatches(deps: ServiceDeps, principal: Principal, page: BatchPage): Promise<BatchView[]> {
  const now = deps.clock.now();
  const state: Prisma.BatchWhereInput =
    page.state === "finished"
      ? { messages: { none: { status: { in: ["pending", "sending"] } } } }
      : page.state === "scheduled"
        ? { messages: unfinished, sendAt: { gt: now } }
        : page.state === "running"
          ? { messages: unfinished, OR: [{ sendAt: null }, { sendAt: { lte: now } }] }
          : {};
  const batches = await deps.readDb.batch.findMany({
    where: {
      tenantId: principal.tenantId,
      ...ownNumbersWhere(principal),
      ...state,
      id: {
        ...(page.olderThan !== undefined ? { lt: page.olderThan } : {}),
        ...(page.newerThan !== undefined ? { gt: page.newerThan } : {}),
      },
    },
    orderBy: { id: page.ascending ? "asc" : "desc" },
    take: page.limit,
  });
  const found = await reports(
    deps,
    batches.map((b) => b.id),
  );
  return batches.map((b) => view(b, found.get(b.id)));
}
