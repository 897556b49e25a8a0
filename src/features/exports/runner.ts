import type { ServiceDeps } from "../../core/deps.js";
import { ClaimLoop } from "../../core/queue/claim-loop.js";
import { claimExport, endExport, type ExportJobRow, fixRange, releaseExportsHeldBy, writePage } from "./export-sql.js";
import { fileHead, fileLine } from "./formats.js";
import { ROW_SOURCES } from "./rows.js";

/** Rows read and written at a time: what bounds the memory a job holds (a page of rows and its chunk). */
export const PAGE_ROWS = 2_000;
/** How long a finished export's file is kept. */
export const FILE_KEPT_MS = 86_400_000;
/** A job taken over this many times (its workers died or its database went away) ends failed. */
const MAX_ATTEMPTS = 3;
/** Jobs one worker writes at once: one keeps exports from crowding out sending on the database. */
const CONCURRENCY = 1;

/**
 * Writes one job's file: on its first start, the range's count and last id are fixed (rows created
 * later are not in it) and the head written; then a page of rows at a time, each written with the
 * job's progress in one statement. Stops where it is when the lease is lost or the loop is stopping:
 * the next worker goes on from the last page written.
 */
export async function runExport(deps: ServiceDeps, owner: string, claimed: ExportJobRow, signal: AbortSignal): Promise<void> {
  const { db, clock } = deps;
  const end = (error: string | null) => endExport(db, claimed.id, owner, { error, expiresAt: new Date(clock.now().getTime() + FILE_KEPT_MS) }, clock.now());
  if (claimed.attempts > MAX_ATTEMPTS) {
    await end("The export was interrupted too often; start it again.");
    return;
  }
  const source = ROW_SOURCES[claimed.kind];
  let job = claimed;
  // Pages come from the primary, which holds every row of the range, unless the range was read on
  // the read standby here: a standby never goes back, so it (or the primary) holds them all too.
  let pagesDb = () => db;
  if (job.maxId === null) {
    const reads = deps.readDb;
    if (reads !== db) pagesDb = () => deps.readDb;
    const start = await source.start(reads, job.tenantId, job.accountIds, job.rangeFrom, job.rangeTo);
    const head = Buffer.from(fileHead(job.format, source.columns));
    if (!(await fixRange(db, job, owner, start, head))) return;
    job = { ...job, maxId: start.maxId, rowsTotal: start.total, cursorId: start.firstId - 1n, chunks: head.length > 0 ? 1 : 0 };
  }
  const maxId = job.maxId ?? 0n;
  let after = job.cursorId;
  let seq = job.chunks;
  for (;;) {
    if (signal.aborted) return;
    const query = { tenantId: job.tenantId, accountIds: job.accountIds, after, maxId, from: job.rangeFrom, to: job.rangeTo, limit: PAGE_ROWS };
    const { rows, lastId } = await source.page(pagesDb(), query, (at) => clock.timestamp(at));
    if (lastId === undefined) break;
    const data = Buffer.from(rows.map((row) => fileLine(job.format, source.columns, row)).join(""));
    const leaseUntil = new Date(clock.now().getTime() + deps.config.worker.leaseSeconds * 1000);
    if (!(await writePage(db, job.id, owner, { after, seq, lastId, rows: rows.length, data }, leaseUntil))) return;
    after = lastId;
    seq += 1;
    if (rows.length < PAGE_ROWS) break;
  }
  await end(null);
}

/**
 * Runs queued exports beside the queue worker, one at a time per process, under a lease of
 * WORKER_LEASE_SECONDS renewed by every page: a worker that dies leaves its job to the next, which
 * goes on from the last page written. The loop, its polling and its stop are ClaimLoop's.
 */
export class ExportRunner extends ClaimLoop {
  readonly owner: string;

  constructor(deps: ServiceDeps) {
    super(deps, "export runner");
    this.owner = `${deps.instanceId}:exports`;
  }

  protected async poll(): Promise<void> {
    if (this.inFlight.size >= CONCURRENCY) return;
    const { db, clock, config } = this.deps;
    const job = await claimExport(db, this.owner, config.worker.leaseSeconds * 1000, clock.now());
    if (job) this.track(runExport(this.deps, this.owner, job, this.interrupt.signal));
  }

  protected releaseHeld(): Promise<number> {
    return releaseExportsHeldBy(this.deps.db, this.owner, this.deps.clock.now());
  }

  protected closed(): Promise<void> {
    return Promise.resolve();
  }
}
