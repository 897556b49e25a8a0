import { Readable } from "node:stream";
import type { ServiceDeps } from "../../core/deps.js";
import type { Principal } from "../../core/principal.js";
import { notFound, ServiceError } from "../../core/errors.js";
import { parseId } from "../../core/input/ids.js";
import { requireScope } from "../../core/auth/scope-check.js";
import { insertExport, listExports as listRows, readChunk, readExport, type ExportJobRow, type ExportStatus } from "./export-sql.js";
import type { NewExport } from "./export-input.js";

// A tenant's exports: asking for one, reading how far it is, and its file once ready. The rows are
// the messages' own reads' (messages:read); inbound messages also need inbox:read, as their reads do.

/** Exports a tenant may have queued or running at once: each is a long read of its tables. */
export const MAX_PENDING_EXPORTS = 3;
/** How many of its latest exports a tenant sees listed. */
export const LISTED_EXPORTS = 20;

export interface ExportView extends Omit<ExportJobRow, "status"> {
  /** `expired` from the moment its file's time is up, before the housekeeper has deleted it. */
  status: ExportStatus;
  /** Rows written over rows counted at the start, 0 to 1; 1 once ready. */
  progress: number;
}

type Caller = Pick<Principal, "tenantId" | "accountIds" | "scopes">;

function viewOf(job: ExportJobRow, now: Date): ExportView {
  const ended = job.status === "ready" || job.status === "failed";
  const status = ended && job.expiresAt !== null && job.expiresAt.getTime() <= now.getTime() ? "expired" : job.status;
  const progress = job.status === "ready" ? 1 : job.rowsTotal ? Math.min(1, job.rowsDone / job.rowsTotal) : 0;
  return { ...job, status, progress };
}

/** A key restricted to some numbers sees the exports of those numbers only (core/auth/number-scope.ts). */
const visibleTo = (caller: Caller, job: ExportJobRow) => caller.accountIds === null || (job.accountIds.length > 0 && job.accountIds.every((id) => caller.accountIds?.includes(id)));

const requireKindScope = (caller: Caller, kind: ExportJobRow["kind"]) => {
  if (kind === "inbound") requireScope(caller, "inbox:read");
};

/** Queues an export; the worker writes it. EXPORT_LIMIT_REACHED when MAX_PENDING_EXPORTS are already queued or running. */
export async function startExport(deps: Pick<ServiceDeps, "db" | "clock">, caller: Caller, input: NewExport): Promise<ExportView> {
  requireKindScope(caller, input.kind);
  const now = deps.clock.now();
  const job = await insertExport(deps.db, caller.tenantId, { ...input, accountIds: caller.accountIds ? [...caller.accountIds] : [] }, MAX_PENDING_EXPORTS, now);
  if (!job) {
    throw new ServiceError("EXPORT_LIMIT_REACHED", `At most ${MAX_PENDING_EXPORTS} exports may be queued or running at once; wait for one to end.`);
  }
  return viewOf(job, now);
}

/** The caller's export `id`; NOT_FOUND for another tenant's, or one of numbers the caller may not see. */
export async function getExport(deps: Pick<ServiceDeps, "db" | "clock">, caller: Caller, id: string | bigint): Promise<ExportView> {
  const parsed = parseId(id);
  const job = parsed === undefined ? undefined : await readExport(deps.db, caller.tenantId, parsed);
  if (!job || !visibleTo(caller, job)) throw notFound("Export");
  return viewOf(job, deps.clock.now());
}

/** The caller's latest exports, newest first. */
export async function listExports(deps: Pick<ServiceDeps, "db" | "clock">, caller: Caller): Promise<ExportView[]> {
  const now = deps.clock.now();
  return (await listRows(deps.db, caller.tenantId, LISTED_EXPORTS)).filter((job) => visibleTo(caller, job)).map((job) => viewOf(job, now));
}

async function* chunksOf(deps: Pick<ServiceDeps, "db">, job: ExportView): AsyncGenerator<Buffer> {
  for (let seq = 0; seq < job.chunks; seq++) {
    const chunk = await readChunk(deps.db, job.id, seq);
    // Deleted while being read (its time ran out): the answer is cut, never ended as if whole.
    if (!chunk) throw new Error(`export ${job.id} lost chunk ${seq} while it was read`);
    yield chunk;
  }
}

const CONTENT_TYPES = { csv: "text/csv; charset=utf-8", ndjson: "application/x-ndjson; charset=utf-8" };

/** The headers of a file's download, wherever it is served: its type, size and name (`messages-42.csv`), never cached. */
export const exportFileHeaders = (job: Pick<ExportView, "id" | "kind" | "format" | "bytes">): Record<string, string> => ({
  "content-type": CONTENT_TYPES[job.format],
  "content-length": String(job.bytes),
  "content-disposition": `attachment; filename="${job.kind}-${job.id}.${job.format}"`,
  "cache-control": "private, no-store",
});

/** A ready export's file, read a chunk at a time as the caller takes it. EXPORT_NOT_READY before; EXPORT_EXPIRED after its day. */
export async function openExportFile(deps: Pick<ServiceDeps, "db" | "clock">, caller: Caller, id: string): Promise<{ job: ExportView; body: Readable }> {
  const job = await getExport(deps, caller, id);
  requireKindScope(caller, job.kind);
  if (job.status === "expired") throw new ServiceError("EXPORT_EXPIRED", "This export's file was kept for a day and is gone; start the export again.");
  if (job.status !== "ready") throw new ServiceError("EXPORT_NOT_READY", `This export is ${job.status}; its file can be downloaded once it is ready.`);
  return { job, body: Readable.from(chunksOf(deps, job), { objectMode: false }) };
}
