import type { ServiceDeps } from "../../core/deps.js";
import { applyTemplateReport } from "./registration-sql.js";

// Meta's review of a registered template, kept current by its webhooks (message_template_status_update
// and message_template_quality_update, read by the inbound feature). A registration typed in by hand
// is APPROVED until Meta says otherwise. Only an approved template (or one FLAGGED for its quality,
// which Meta still delivers while it decides) is sent: any other status refuses the send before
// anything is charged (template-messages.ts).

/** Statuses Meta sends a template in. */
export const SENDABLE_STATUSES: ReadonlySet<string> = new Set(["APPROVED", "FLAGGED"]);

/** Events that are not a template's state (a business account's template limit), and events that name one. */
const STATUS_OF_EVENT: Record<string, string | undefined> = { REINSTATED: "APPROVED", UNARCHIVED: "APPROVED", LIMIT_EXCEEDED: undefined };

/** What Meta said of one template of a business account (the inbound feature's reading of a webhook). */
export interface MetaTemplateReport {
  wabaId: string;
  name: string;
  language: string;
  event?: string;
  reason?: string | null;
  quality?: string;
}

const statusOf = (event: string | undefined): string | undefined => (event === undefined ? undefined : Object.hasOwn(STATUS_OF_EVENT, event) ? STATUS_OF_EVENT[event] : event);

/** Applies the reports in order to the registrations they name; `templates` counts the reports that reached one. */
export async function recordTemplateReports(deps: ServiceDeps, reports: MetaTemplateReport[]): Promise<{ templates: number }> {
  let templates = 0;
  for (const r of reports) {
    const status = statusOf(r.event) ?? null;
    const quality = r.quality ?? null;
    if (status === null && quality === null) continue;
    const changed = await applyTemplateReport(deps.db, { wabaId: r.wabaId, name: r.name, language: r.language, status, reason: r.reason ?? null, quality, at: deps.clock.now() });
    if (changed > 0) templates += 1;
  }
  return { templates };
}

/** Why a registration is not sent now, for the send's refusal; undefined when it is sendable. */
export function notSendable(r: { status: string; statusReason: string | null }): string | undefined {
  if (SENDABLE_STATUSES.has(r.status)) return undefined;
  return `is ${r.status} in Meta's review${r.statusReason ? ` (${r.statusReason})` : ""}: only an approved template is sent`;
}
