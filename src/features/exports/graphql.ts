import { builder } from "../../core/graphql/builder.js";
import { checkedInput } from "../../core/graphql/checked-input.js";
import { type ExportView, getExport, listExports, startExport } from "./exports.js";
import { MAX_EXPORT_DAYS, parseNewExport } from "./export-input.js";

// Exports over GraphQL: start one, read how far it is, list the latest. The file itself is bytes,
// which GraphQL does not carry: `downloadPath` names where the REST facade serves it.

const ExportKindEnum = builder.enumType("ExportKind", {
  values: { messages: { value: "messages" }, inbound: { value: "inbound" } } as const,
  description: "messages: the messages you sent; inbound: the messages contacts sent you (needs inbox:read too).",
});

const ExportFormatEnum = builder.enumType("ExportFormat", {
  values: { csv: { value: "csv" }, ndjson: { value: "ndjson" } } as const,
  description: "csv: a header row, then a row a message (UTF-8 with a byte order mark); ndjson: a JSON object a line.",
});

const ExportStatusEnum = builder.enumType("ExportStatus", {
  values: { queued: { value: "queued" }, running: { value: "running" }, ready: { value: "ready" }, failed: { value: "failed" }, expired: { value: "expired" } } as const,
  description: "queued, running (a worker writes it), ready (download it for a day), failed (see `error`), expired (its file is gone).",
});

/** Where the REST facade serves a ready export's file, under /api/v1. */
export const downloadPathOf = (job: Pick<ExportView, "id" | "status">) => (job.status === "ready" ? `/exports/${job.id}/download` : null);

export const ExportRef = builder.objectRef<ExportView>("Export").implement({
  description: "An export of the tenant's messages or inbound messages for a range of time, written by a worker.",
  fields: (t) => ({
    id: t.id({ resolve: (e) => String(e.id) }),
    kind: t.field({ type: ExportKindEnum, resolve: (e) => e.kind }),
    format: t.field({ type: ExportFormatEnum, resolve: (e) => e.format }),
    from: t.string({ description: "Rows created at or after this time.", resolve: (e, _, ctx) => ctx.deps.clock.timestamp(e.rangeFrom) }),
    to: t.string({ description: "Rows created before this time.", resolve: (e, _, ctx) => ctx.deps.clock.timestamp(e.rangeTo) }),
    status: t.field({ type: ExportStatusEnum, resolve: (e) => e.status }),
    rowsDone: t.exposeInt("rowsDone", { description: "Rows written so far." }),
    rowsTotal: t.exposeInt("rowsTotal", { nullable: true, description: "Rows in the range when the job started (later rows are not in it); null while queued." }),
    progress: t.exposeFloat("progress", { description: "rowsDone over rowsTotal, 0 to 1; 1 once ready." }),
    bytes: t.float({ description: "The file's size so far, in bytes (a Float: a year's file can pass 2 GiB, beyond GraphQL's Int).", resolve: (e) => Number(e.bytes) }),
    error: t.exposeString("error", { nullable: true, description: "Why it failed." }),
    createdAt: t.string({ resolve: (e, _, ctx) => ctx.deps.clock.timestamp(e.createdAt) }),
    finishedAt: t.string({ nullable: true, resolve: (e, _, ctx) => (e.finishedAt ? ctx.deps.clock.timestamp(e.finishedAt) : null) }),
    expiresAt: t.string({
      nullable: true,
      description: "When its file goes: a day after it ended.",
      resolve: (e, _, ctx) => (e.expiresAt ? ctx.deps.clock.timestamp(e.expiresAt) : null),
    }),
    downloadPath: t.string({ nullable: true, description: "While ready: GET this path under /api/v1, with an API key, for the file.", resolve: downloadPathOf }),
  }),
});

const StartExportInput = builder.inputType("StartExportInput", {
  fields: (t) => ({
    kind: t.field({ type: ExportKindEnum, required: true }),
    format: t.field({ type: ExportFormatEnum, required: true }),
    from: t.string({ required: true, description: "Rows created at or after this time (ISO 8601 with its offset)." }),
    to: t.string({ required: true, description: `Rows created before this time; at most ${MAX_EXPORT_DAYS} days after \`from\`.` }),
  }),
});

const StartedExportPayload = builder.simpleObject("StartedExportPayload", { fields: (t) => ({ export: t.field({ type: ExportRef }) }) });

builder.queryFields((t) => ({
  export: t.field({
    authScopes: { scope: "messages:read" },
    type: ExportRef,
    description: "One of the tenant's exports (NOT_FOUND for another's).",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_, { id }, ctx) => getExport(ctx.deps, await ctx.principal(), String(id)),
  }),
  exports: t.field({
    authScopes: { scope: "messages:read" },
    type: [ExportRef],
    description: "The tenant's latest exports (20), newest first.",
    resolve: async (_, __, ctx) => listExports(ctx.deps, await ctx.principal()),
  }),
}));

builder.mutationFields((t) => ({
  startExport: t.field({
    authScopes: { scope: "messages:read" },
    type: StartedExportPayload,
    description: "Queues an export of a range of time; a worker writes it (follow `export(id)`), and its file is kept for a day.",
    args: { input: t.arg({ type: StartExportInput, required: true }) },
    resolve: async (_, { input }, ctx) => ({ export: await startExport(ctx.deps, await ctx.principal(), checkedInput(ctx, parseNewExport, input)) }),
  }),
}));
