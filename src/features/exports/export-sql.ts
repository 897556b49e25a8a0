import { Prisma } from "../../generated/prisma/client.js";
import type { Db, DbClient } from "../../core/db/database.js";
import type { NewExport } from "./export-input.js";

// The statements that write export_job and export_chunk (this feature owns both). A worker claims
// a job under a lease (locked_by, locked_until) and writes its file a chunk at a time, each chunk
// in the same statement as the job's progress and only while the lease is its own, so a job taken
// over by another worker goes on from the last chunk written, never writing one twice.

export type ExportStatus = "queued" | "running" | "ready" | "failed" | "expired";

export interface ExportJobRow {
  id: bigint;
  tenantId: number;
  kind: "messages" | "inbound";
  format: "csv" | "ndjson";
  /** Empty: every number of the tenant. */
  accountIds: number[];
  rangeFrom: Date;
  rangeTo: Date;
  status: ExportStatus;
  maxId: bigint | null;
  rowsTotal: number | null;
  cursorId: bigint;
  rowsDone: number;
  chunks: number;
  bytes: bigint;
  attempts: number;
  error: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  expiresAt: Date | null;
}

const COLUMNS = Prisma.raw(`id, tenant_id AS "tenantId", kind, format, account_ids AS "accountIds", range_from AS "rangeFrom", range_to AS "rangeTo", status, max_id AS "maxId",
  rows_total AS "rowsTotal", cursor_id AS "cursorId", rows_done AS "rowsDone", chunks, bytes, attempts, error,
  created_at AS "createdAt", started_at AS "startedAt", finished_at AS "finishedAt", expires_at AS "expiresAt"`);

/**
 * A new queued job, unless the tenant already has `maxPending` queued or running: null then. The
 * tenant's lock (for the rest of the transaction) makes the count and the insert one step.
 */
export async function insertExport(db: Db, tenantId: number, input: NewExport & { accountIds: number[] }, maxPending: number, now: Date): Promise<ExportJobRow | null> {
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`-- lock_tenant_exports
      SELECT 1 AS locked FROM pg_advisory_xact_lock(7045, ${tenantId}::int)`;
    const [pending] = await tx.$queryRaw<Array<{ n: number }>>`-- count_pending_exports
      SELECT count(*)::int AS n FROM export_job WHERE tenant_id = ${tenantId} AND status IN ('queued', 'running')`;
    if ((pending?.n ?? 0) >= maxPending) return null;
    const [row] = await tx.$queryRaw<ExportJobRow[]>`-- insert_export
      INSERT INTO export_job (tenant_id, kind, format, account_ids, range_from, range_to, created_at)
      VALUES (${tenantId}, ${input.kind}::"ExportKind", ${input.format}::"ExportFormat", ${input.accountIds}::int[], ${input.from}::timestamptz, ${input.to}::timestamptz, ${now}::timestamptz)
      RETURNING ${COLUMNS}`;
    return row ?? null;
  });
}

/** The tenant's job `id`, if it is the tenant's. */
export async function readExport(db: Db, tenantId: number, id: bigint): Promise<ExportJobRow | undefined> {
  const [row] = await db.$queryRaw<ExportJobRow[]>`-- read_export
    SELECT ${COLUMNS} FROM export_job WHERE id = ${id} AND tenant_id = ${tenantId}`;
  return row;
}

/** The tenant's latest `limit` jobs, newest first. */
export function listExports(db: Db, tenantId: number, limit: number): Promise<ExportJobRow[]> {
  return db.$queryRaw<ExportJobRow[]>`-- list_exports
    SELECT ${COLUMNS} FROM export_job WHERE tenant_id = ${tenantId} ORDER BY id DESC LIMIT ${limit}`;
}

/** Takes the oldest queued job, or a running one whose worker's lease ran out (it died), for `leaseMs`. */
export async function claimExport(db: Db, owner: string, leaseMs: number, now: Date): Promise<ExportJobRow | undefined> {
  const [row] = await db.$queryRaw<ExportJobRow[]>`-- claim_export
    WITH due AS (
      SELECT id AS due_id FROM export_job
      WHERE status = 'queued' OR (status = 'running' AND locked_until < ${now}::timestamptz)
      ORDER BY id LIMIT 1
      FOR UPDATE SKIP LOCKED
    )
    UPDATE export_job j SET status = 'running', attempts = j.attempts + 1, locked_by = ${owner},
      locked_until = ${new Date(now.getTime() + leaseMs)}::timestamptz, started_at = COALESCE(j.started_at, ${now}::timestamptz)
    FROM due WHERE j.id = due.due_id
    RETURNING ${COLUMNS}`;
  return row;
}

/** The range as the job found it at its start: its rows' count and last id, and where to begin; the file's head as chunk 0 (when it has one). */
export async function fixRange(db: Db, job: ExportJobRow, owner: string, start: { total: number; firstId: bigint; maxId: bigint }, head: Buffer): Promise<boolean> {
  const chunks = head.length > 0 ? 1 : 0;
  const written = await db.$queryRaw<Array<{ id: bigint }>>`-- fix_export_range
    WITH job AS (
      UPDATE export_job SET rows_total = ${start.total}, max_id = ${start.maxId}, cursor_id = ${start.firstId - 1n}, chunks = ${chunks}, bytes = ${head.length}
      WHERE id = ${job.id} AND locked_by = ${owner} AND status = 'running' AND max_id IS NULL
      RETURNING id
    ), head AS (
      INSERT INTO export_chunk (export_id, seq, data) SELECT id, 0, ${head} FROM job WHERE ${chunks}::int = 1
    )
    SELECT id FROM job`;
  return written.length > 0;
}

export interface WrittenPage {
  /** The job's cursor and chunk count before the page, which the write checks. */
  after: bigint;
  seq: number;
  lastId: bigint;
  rows: number;
  data: Buffer;
}

/** One page of the file and the job's progress, in one statement, while `owner` holds the job; renews the lease. False: it does not any more. */
export async function writePage(db: Db, jobId: bigint, owner: string, page: WrittenPage, leaseUntil: Date): Promise<boolean> {
  const written = await db.$executeRaw`-- write_export_page
    WITH job AS (
      UPDATE export_job SET cursor_id = ${page.lastId}, rows_done = rows_done + ${page.rows}, chunks = chunks + 1,
        bytes = bytes + ${page.data.length}, locked_until = ${leaseUntil}::timestamptz
      WHERE id = ${jobId} AND locked_by = ${owner} AND status = 'running' AND cursor_id = ${page.after} AND chunks = ${page.seq}
      RETURNING id
    )
    INSERT INTO export_chunk (export_id, seq, data) SELECT id, ${page.seq}, ${page.data} FROM job`;
  return written > 0;
}

/** The job ends `ready` (or `failed`, with `error`); its file is kept until `expiresAt`. */
export async function endExport(db: Db, jobId: bigint, owner: string, outcome: { error: string | null; expiresAt: Date }, now: Date): Promise<boolean> {
  const changed = await db.$executeRaw`-- end_export
    UPDATE export_job SET status = ${outcome.error === null ? "ready" : "failed"}::"ExportStatus", error = ${outcome.error},
      finished_at = ${now}::timestamptz, expires_at = ${outcome.expiresAt}::timestamptz, locked_by = NULL, locked_until = NULL
    WHERE id = ${jobId} AND locked_by = ${owner} AND status = 'running'`;
  return changed > 0;
}

/** Hands back every job `owner` holds, to be taken over at once from its last chunk (a worker that stops). */
export function releaseExportsHeldBy(db: Db, owner: string, now: Date): Promise<number> {
  return db.$executeRaw`-- release_exports_held_by
    UPDATE export_job SET attempts = GREATEST(attempts - 1, 0), locked_by = NULL, locked_until = ${now}::timestamptz
    WHERE locked_by = ${owner} AND status = 'running'`;
}

/** Chunk `seq` of the job's file. */
export async function readChunk(db: Db, jobId: bigint, seq: number): Promise<Buffer | undefined> {
  const [row] = await db.$queryRaw<Array<{ data: Uint8Array }>>`-- read_export_chunk
    SELECT data FROM export_chunk WHERE export_id = ${jobId} AND seq = ${seq}`;
  return row ? Buffer.from(row.data.buffer, row.data.byteOffset, row.data.byteLength) : undefined;
}

/**
 * Deletes up to `limit` chunks of files past their time, and marks each job whose file is all
 * gone `expired`. Answers how many chunks went.
 */
export async function deleteExpiredChunks(db: Db, now: Date, limit: number): Promise<number> {
  const deleted = await db.$executeRaw`-- delete_expired_export_chunks
    DELETE FROM export_chunk c USING (
      SELECT c2.export_id, c2.seq FROM export_chunk c2 JOIN export_job j ON j.id = c2.export_id
      WHERE j.status IN ('ready', 'failed') AND j.expires_at <= ${now}::timestamptz
      LIMIT ${limit}
    ) gone
    WHERE c.export_id = gone.export_id AND c.seq = gone.seq`;
  await db.$executeRaw`-- mark_exports_expired
    UPDATE export_job j SET status = 'expired'
    WHERE j.status IN ('ready', 'failed') AND j.expires_at <= ${now}::timestamptz
      AND NOT EXISTS (SELECT 1 FROM export_chunk c WHERE c.export_id = j.id)`;
  return deleted;
}

/** Deletes up to `limit` records of jobs expired before `before`. */
export function deleteExportRecords(db: Db, before: Date, limit: number): Promise<number> {
  return db.$executeRaw`-- delete_export_records
    DELETE FROM export_job WHERE id IN (
      SELECT id FROM export_job WHERE status = 'expired' AND expires_at < ${before}::timestamptz ORDER BY id LIMIT ${limit}
    )`;
}

/**
 * An erasure's part (run in its transaction): the tenant's exports that may hold what was erased
 * are withdrawn. A finished file is deleted and its job reads `expired`; a running one is deleted
 * and its job ends `failed` (its worker's next page finds it no longer running). A queued job has
 * read nothing yet and stays. Answers how many were withdrawn.
 */
export async function withdrawExports(db: DbClient, tenantId: number, now: Date): Promise<number> {
  return db.$executeRaw`-- withdraw_exports
    WITH files AS (
      DELETE FROM export_chunk c USING export_job j WHERE c.export_id = j.id AND j.tenant_id = ${tenantId} AND j.status IN ('running', 'ready', 'failed')
    )
    UPDATE export_job SET
      status = CASE WHEN status = 'running' THEN 'failed' ELSE 'expired' END::"ExportStatus",
      error = CASE WHEN status = 'running' THEN ${WITHDRAWN} ELSE error END,
      finished_at = COALESCE(finished_at, ${now}::timestamptz), expires_at = ${now}::timestamptz, locked_by = NULL, locked_until = NULL
    WHERE tenant_id = ${tenantId} AND status IN ('running', 'ready', 'failed')`;
}

/** Why a running export ended when a contact was erased. */
const WITHDRAWN = "A contact was erased while this export ran; start it again.";
