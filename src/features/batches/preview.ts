import type { Principal } from "../../core/principal.js";
import type { ServiceDeps } from "../../core/deps.js";
import { validationError } from "../../core/errors.js";
import { csvBody, csvRowsOf } from "../../core/rest/csv-body.js";
import { isRestError } from "../../core/rest/errors.js";
import { z } from "zod";
import { prepareBulk, type SkipReason } from "./sending-bulk.js";
import type { BulkSendInput } from "../../core/input/send-input.js";

// Before a bulk send: what a sheet holds, and what each of the first recipients would be sent.
// Nothing is stored or charged; the checks are the send's own (prepareBulk), so a preview that
// passes is a send that passes them, and its errors name the same fields.

export interface BulkPreview {
  total: number;
  /** The first recipients, each with its rendered text, and why it would be skipped (or null). */
  recipients: Array<{ to: string; text: string; skipped: SkipReason | null }>;
  skipped: number;
}

export async function previewBulk(deps: ServiceDeps, principal: Principal, bulk: BulkSendInput, first: number): Promise<BulkPreview> {
  const { input, rendered, refused } = await prepareBulk(deps, principal, bulk);
  return {
    total: input.recipients.length,
    recipients: input.recipients.slice(0, first).map((r, i) => ({ to: r.to, text: rendered[i]!.text, skipped: refused.get(r.to) ?? null })),
    skipped: refused.size,
  };
}

export interface SheetRecipient {
  to: string;
  variables: Record<string, string>;
  /** The sheet's row (the header is row 1). */
  row: number;
}

const noParameters = z.object({});

/**
 * A sheet (CSV, UTF-8, header row `to` then one column per placeholder) as bulk recipients, read
 * by the same rules as POST /send-bulk's text/csv body; its errors name rows and columns.
 */
export function sheetRecipients(csv: string): SheetRecipient[] {
  const body = csvBody(Buffer.from(csv, "utf8"), new URLSearchParams(), noParameters);
  if (isRestError(body)) throw validationError(body.body.error.fields ?? { body: body.body.error.message });
  const recipients = body.recipients as Array<{ to: string; variables: Record<string, string> }>;
  const rows = csvRowsOf(body);
  return recipients.map((r, i) => ({ ...r, row: rows[i] ?? i + 2 }));
}
