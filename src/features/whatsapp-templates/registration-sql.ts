import type { Prisma } from "../../generated/prisma/client.js";
import type { Db } from "../../core/db/database.js";

// The statements that write a tenant's WhatsApp template registrations (registrations.ts).

/** Stores a registration; a name and language the tenant has registered already is refused by the unique index (P2002). */
export const insertRegistration = (db: Db, data: Prisma.WhatsAppTemplateUncheckedCreateInput) => db.whatsAppTemplate.create({ data });

/** Removes a registration. */
export const deleteRegistration = (db: Db, id: number) => db.whatsAppTemplate.delete({ where: { id } });
