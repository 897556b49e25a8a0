import type { RestExportQuery } from "../../gql/graphql.js";
import { route, streamRoute } from "../../core/rest/route.js";
import { ExportOperation, ExportsOperation, StartExportOperation } from "./operations.js";
import { exportAnswer, exportsAnswer, startExportBody } from "./rest-schemas.js";
import { exportFileHeaders, openExportFile } from "./exports.js";

// Exports on the REST facade: start one (202: a worker writes it), follow it, list them, and
// download the file, streamed from its chunks as the caller reads.

type ExportData = NonNullable<RestExportQuery["export"]>;

const restExport = (e: ExportData) => ({
  id: Number(e.id),
  kind: e.kind,
  format: e.format,
  from: e.from,
  to: e.to,
  status: e.status,
  rows_done: e.rowsDone,
  rows_total: e.rowsTotal ?? null,
  progress: e.progress,
  bytes: e.bytes,
  error: e.error ?? null,
  created_at: e.createdAt,
  finished_at: e.finishedAt ?? null,
  expires_at: e.expiresAt ?? null,
  download_path: e.downloadPath ?? null,
});

export const exportRoutes = [
  route({
    method: "POST",
    path: /^\/exports$/,
    status: 202,
    doc: {
      path: "/exports",
      operationId: "startExport",
      summary: "Export your messages or inbound messages for a range of time",
      description:
        "Queued (202) and written by a worker: follow it with GET /exports/{id}, then download it for a day. The file holds the rows created in [from, to) that existed when the job started; rows created later are not in it.",
      tag: "Exports",
      body: startExportBody,
      errors: ["EXPORT_LIMIT_REACHED"],
    },
    answer: exportAnswer,
    operation: StartExportOperation,
    variables: (_, body) => ({ input: body as never }),
    respond: ({ startExport }) => restExport(startExport.export),
  }),
  route({
    method: "GET",
    path: /^\/exports$/,
    doc: { path: "/exports", operationId: "listExports", summary: "Your latest exports", tag: "Exports", errors: [] },
    answer: exportsAnswer,
    operation: ExportsOperation,
    variables: () => ({}),
    respond: ({ exports }) => ({ exports: exports.map(restExport) }),
  }),
  route({
    method: "GET",
    path: /^\/exports\/([^/]+)$/,
    doc: { path: "/exports/{id}", operationId: "getExport", summary: "An export's status and progress", tag: "Exports", errors: ["NOT_FOUND"] },
    answer: exportAnswer,
    operation: ExportOperation,
    variables: ([id]) => ({ id: id ?? "" }),
    respond: ({ export: e }) => restExport(e),
  }),
  streamRoute({
    method: "GET",
    path: /^\/exports\/([^/]+)\/download$/,
    scope: "messages:read",
    doc: {
      path: "/exports/{id}/download",
      operationId: "downloadExport",
      summary: "A ready export's file",
      description: "CSV or NDJSON as the export asked, streamed. 409 EXPORT_NOT_READY before it is ready; 410 EXPORT_EXPIRED once its day is over.",
      tag: "Exports",
      errors: ["NOT_FOUND", "EXPORT_NOT_READY", "EXPORT_EXPIRED"],
    },
    answerDescription: "The file: text/csv or application/x-ndjson, UTF-8.",
    answerHeaders: {
      "Content-Disposition": { required: true, type: "string", description: '`attachment; filename="messages-42.csv"` (the kind, the id, the format).' },
      "Content-Length": { required: true, type: "integer", description: "The file's size." },
      "Cache-Control": { required: true, type: "string", description: "`private, no-store`." },
    },
    open: async (deps, principal, [id]) => {
      const { job, body } = await openExportFile(deps, principal, id ?? "");
      return { body, headers: exportFileHeaders(job) };
    },
  }),
];
