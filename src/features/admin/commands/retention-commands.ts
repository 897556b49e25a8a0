import { z } from "zod";
import type { Db } from "../../../core/db/database.js";
import { notFound } from "../../../core/errors.js";
import { messageRetentionDays } from "../../../core/settings-schema.js";
import { setTenantRetention } from "../admin-sql.js";

// The operator's retention command (docs/operations.md, "Retention"): how long one tenant's
// messages and inbound messages are kept, or back to the operator's MESSAGE_RETENTION_DAYS.

export const retentionCommands = {
  "tenant:retention": {
    help: "--tenant <id> --days <30…3650 | default> (messages and inbound messages older are deleted; their totals stay)",
    args: z.object({ tenant: z.coerce.number().int().positive(), days: z.union([z.literal("default"), messageRetentionDays]) }),
    run: async (db: Db, a: { tenant: number; days: number | "default" }) => {
      if (!(await db.tenant.findUnique({ where: { id: a.tenant }, select: { id: true } }))) throw notFound("Tenant");
      const row = await setTenantRetention(db, a.tenant, a.days === "default" ? null : a.days);
      return { tenant: row.id, messageRetentionDays: row.messageRetentionDays ?? "default" };
    },
  },
};
