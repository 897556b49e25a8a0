import { z } from "zod";
import type { Db } from "../../../core/db/database.js";
import { notFound } from "../../../core/errors.js";
import { byOperator, type RunBy } from "../../../core/audit/audited.js";
import { useErasureKey } from "../../contacts/index.js";
import { eraseContact } from "../../erasure/index.js";

// The operator's erasure command (docs/privacy.md): a contact's request to be forgotten that
// reached the operator rather than the business. The same service as POST /contacts/{number}/erase.

interface Settings extends RunBy {
  /** The CLI on its own has no running server to have set the key. */
  erasureKey?: string | undefined;
}

export const erasureCommands = {
  "contact:erase": {
    help: "--tenant <id> --number <number> (erases the contact from the tenant's data; counts and an opt-out stay)",
    args: z.object({ tenant: z.coerce.number().int().positive(), number: z.string().min(1).max(64) }),
    run: async (db: Db, a: { tenant: number; number: string }, settings: Settings) => {
      if (!(await db.tenant.findUnique({ where: { id: a.tenant }, select: { id: true } }))) throw notFound("Tenant");
      if (settings.erasureKey !== undefined) useErasureKey(settings.erasureKey);
      const { result } = await eraseContact(db, a.tenant, a.number, byOperator(settings));
      return { tenant: a.tenant, ...result, erasureId: Number(result.erasureId) };
    },
  },
};
