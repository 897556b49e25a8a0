import { z } from "zod";

// The audit log's filters, written once for GraphQL, REST and the export.

export interface AuditFilter {
  /** A key's prefix, a user's email, or "admin". */
  actor?: string | undefined;
  /** An action (`webhook.created`), or every action of a kind when it ends in a dot (`key.`). */
  action?: string | undefined;
  /** `<kind>:<id>`, as events name what they changed. */
  target?: string | undefined;
  since?: Date | undefined;
  until?: Date | undefined;
}

const instant = z.iso
  .datetime({ offset: true, message: "must be an ISO 8601 time with its offset" })
  .transform((s) => new Date(s))
  .nullish()
  .transform((d) => d ?? undefined);
const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .nullish()
    .transform((s) => s ?? undefined);

export const auditFilterSchema = z
  .object({
    actor: text(320),
    action: z
      .string()
      .regex(/^[a-z_]+(\.[a-z_]*)?$/, "must be an action such as webhook.created, or a kind and a dot such as key.")
      .nullish()
      .transform((s) => s ?? undefined),
    target: text(200),
    since: instant,
    until: instant,
  })
  .refine((f) => !f.since || !f.until || f.since < f.until, { message: "must be after since", path: ["until"] });
