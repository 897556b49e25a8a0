import { z } from "zod";
import { isoInstant } from "../../core/input/send-input.js";
import { parseInput } from "../../core/input/validation.js";

// What an export is asked for, with its rules written once for REST and GraphQL: what it holds,
// its format, and the range of time, at most MAX_EXPORT_DAYS long.

/** The longest range one export may cover: a year, leap day included. */
export const MAX_EXPORT_DAYS = 366;
const DAY_MS = 86_400_000;

export const exportKind = z.enum(["messages", "inbound"]).meta({ description: "messages: the messages you sent; inbound: the messages contacts sent you." });
export const exportFormat = z
  .enum(["csv", "ndjson"])
  .meta({ description: "csv: a header row then one row a message (UTF-8 with a byte order mark); ndjson: one JSON object a line." });

const instant = (what: string) => isoInstant.meta({ description: `${what} (ISO 8601 with its offset).`, examples: ["2026-11-01T00:00:00+03:00"] });

export const exportFields = {
  kind: exportKind,
  format: exportFormat,
  from: instant("Rows created at or after this time"),
  to: instant(`Rows created before this time; at most ${MAX_EXPORT_DAYS} days after \`from\``),
};

export const exportSchema = z
  .object(exportFields)
  .transform((v) => ({ ...v, from: new Date(v.from), to: new Date(v.to) }))
  .superRefine((v, ctx) => {
    if (v.to.getTime() <= v.from.getTime()) ctx.addIssue({ code: "custom", path: ["to"], message: "must be after from" });
    else if (v.to.getTime() - v.from.getTime() > MAX_EXPORT_DAYS * DAY_MS)
      ctx.addIssue({ code: "custom", path: ["to"], message: `must be at most ${MAX_EXPORT_DAYS} days after from` });
  });

export type NewExport = z.output<typeof exportSchema>;

/** GraphQL's arguments (or the REST body) checked by the rules above; errors name `kind`, `format`, `from`, `to`. */
export const parseNewExport = (raw: unknown): NewExport => parseInput(exportSchema, raw);
