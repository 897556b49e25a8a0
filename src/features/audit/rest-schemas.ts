import { z } from "zod";
import { idParam, pageLimit, timestamp } from "../../core/rest/schemas.js";

// GET /audit-events's query string and answer, and the export's query string.

const filterFields = {
  actor: z.string().min(1).max(320).optional().meta({ description: "A key's prefix (gw_XXXXXXXX), a user's email, or admin." }),
  action: z.string().min(1).max(100).optional().meta({ description: "An action (webhook.created), or a kind and a dot for all of its actions (key.)." }),
  target: z.string().min(1).max(200).optional().meta({ description: "What changed, as kind:id (webhook_endpoint:7)." }),
  since: z.string().optional().meta({ description: "At or after this time (ISO 8601 with its offset)." }),
  until: z.string().optional().meta({ description: "Before this time (ISO 8601 with its offset)." }),
};

export const auditExportQuery = z.strictObject(filterFields);

export const auditEventsQuery = z.strictObject({
  ...filterFields,
  limit: pageLimit("Events per page, 0 to 100 (default 20)."),
  cursor: idParam("The previous page's `next_cursor`.").optional(),
});

const auditEvent = z
  .object({
    id: z.number().int().positive(),
    at: timestamp,
    actor: z.object({
      kind: z.enum(["key", "user", "admin"]),
      name: z.string().meta({ description: "The key's prefix, the user's email, or admin." }),
      label: z.string().nullable().meta({ description: "The key's label." }),
    }),
    action: z.string().meta({ examples: ["webhook.created"] }),
    target: z.string().nullable(),
    before: z.unknown().meta({ description: "The changed thing before, secrets redacted; null when it was made." }),
    after: z.unknown().meta({ description: "The changed thing after, secrets redacted; null when it was removed." }),
    address: z.string().nullable(),
    user_agent: z.string().nullable(),
    request_id: z.string().nullable(),
    prev_hash: z.string().nullable().meta({ description: "The hash of the event before it; null for the first." }),
    hash: z.string().meta({ description: "SHA-256 of this event and prev_hash (admin audit:verify recomputes it)." }),
  })
  .meta({ id: "AuditEvent" });

export const auditEventsResponse = z
  .object({
    events: z.array(auditEvent),
    next_cursor: z.string().nullable().meta({ description: "Pass as `cursor` for the next (older) page; null on the last page." }),
  })
  .meta({ id: "AuditEvents" });
