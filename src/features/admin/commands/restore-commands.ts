import { z } from "zod";
import type { Db } from "../../../core/db/database.js";
import { failInDoubtAfterRestore, skipIdsPastRestore } from "../../queue/index.js";

// After a restore to a point in time (docs/operations.md, "Backups and restore"), before any
// worker runs: what may have left after the restore point is not sent again, and no id is
// handed out twice.

export const restoreCommands = {
  "restore:resume": {
    help: "[--through <ISO time of the loss>] (run once on a restored database before any worker starts: queued messages due by then end failed restored_in_doubt, later ones stay queued; message, batch, inbound and webhook ids jump 2^32 on)",
    args: z.object({ through: z.iso.datetime({ offset: true }).optional() }),
    run: async (db: Db, a: { through?: string | undefined }, settings: { clock?: { now(): Date } | undefined }) => {
      const through = a.through ? new Date(a.through) : (settings.clock?.now() ?? new Date());
      const ended = await failInDoubtAfterRestore(db, through);
      return { through: through.toISOString(), ...ended, nextIds: await skipIdsPastRestore(db) };
    },
  },
};
