import { z } from "zod";
import { lenient } from "./inbound-payloads.js";
import { cloudChangesReader } from "./health-payloads.js";
import type { MetaTemplateReport } from "../../whatsapp-templates/index.js";

// What Meta's webhooks say about a business account's message templates, read from a body the
// endpoint has already authenticated. Like health-payloads.ts this only parses: a part it does not
// understand is skipped, never the whole request.
//
// Shapes, as Meta's webhooks reference gives them (test/kit/references/waha-sessions-and-graph.md,
// B.4): entry[].id is the WhatsApp Business Account; entry[].changes[] with
// - field "message_template_status_update", value { event (APPROVED, PAUSED, REJECTED, DISABLED…),
//   message_template_id, message_template_name, message_template_language, reason, other_info?:
//   { title, description } };
// - field "message_template_quality_update", value { previous_quality_score, new_quality_score
//   (GREEN, YELLOW, RED, UNKNOWN), message_template_id, message_template_name, message_template_language }.

const word = lenient(z.string().max(512));
const value = z.looseObject({
  event: word,
  message_template_name: word,
  message_template_language: word,
  reason: word,
  other_info: lenient(z.looseObject({ title: word, description: word })),
  new_quality_score: word,
});
type Value = z.output<typeof value>;

/** "NONE" is Meta's word for no reason (a pause gives its own in other_info). */
const reasonOf = (v: Value): string | null => {
  const given = v.reason && v.reason.toUpperCase() !== "NONE" ? v.reason : undefined;
  return given ?? v.other_info?.description ?? v.other_info?.title ?? null;
};

function reportOf(field: string | undefined, v: Value, wabaId: string): MetaTemplateReport | undefined {
  const name = v.message_template_name;
  const language = v.message_template_language;
  if (!name || !language) return undefined;
  if (field === "message_template_status_update" && v.event) return { wabaId, name, language, event: v.event.toUpperCase(), reason: reasonOf(v) };
  if (field === "message_template_quality_update" && v.new_quality_score) return { wabaId, name, language, quality: v.new_quality_score.toUpperCase() };
  return undefined;
}

const templateChangesOf = cloudChangesReader(value);

/** The template reports in a verified Cloud webhook body, in order; [] when it holds none. */
export function cloudTemplateReports(json: unknown): MetaTemplateReport[] {
  return templateChangesOf(json).flatMap(({ field, value: v, wabaId }) => {
    const report = wabaId ? reportOf(field, v, wabaId) : undefined;
    return report ? [report] : [];
  });
}
