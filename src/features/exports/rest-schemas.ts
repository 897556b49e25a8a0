import { z } from "zod";
import { timestamp } from "../../core/rest/schemas.js";
import { exportFields, exportFormat, exportKind } from "./export-input.js";

// POST /exports's body, and an export as the REST answers show it.

export const startExportBody = z.strictObject(exportFields);

export const exportAnswer = z
  .object({
    id: z.number().int().positive(),
    kind: exportKind,
    format: exportFormat,
    from: timestamp,
    to: timestamp,
    status: z
      .enum(["queued", "running", "ready", "failed", "expired"])
      .meta({ description: "queued, running, ready (download it for a day), failed (see `error`), expired (its file is gone)." }),
    rows_done: z.number().int().min(0).meta({ description: "Rows written so far." }),
    rows_total: z.number().int().min(0).nullable().meta({ description: "Rows in the range when the job started (rows created later are not in it); null while queued." }),
    progress: z.number().min(0).max(1).meta({ description: "rows_done over rows_total, 0 to 1; 1 once ready." }),
    bytes: z.number().int().min(0).meta({ description: "The file's size so far." }),
    error: z.string().nullable(),
    created_at: timestamp,
    finished_at: timestamp.nullable(),
    expires_at: timestamp.nullable().meta({ description: "When the file goes: a day after the job ended." }),
    download_path: z.string().nullable().meta({ description: "While ready: GET this path under /api/v1 for the file." }),
  })
  .meta({ id: "Export" });

export const exportsAnswer = z.object({ exports: z.array(exportAnswer).meta({ description: "The latest 20, newest first." }) }).meta({ id: "Exports" });
