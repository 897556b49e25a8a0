import { Prisma } from "../../generated/prisma/client.js";
import type { WhatsAppTemplate } from "../../generated/prisma/client.js";
import type { Db } from "../../core/db/database.js";

// The statements that write a tenant's WhatsApp template registrations (registrations.ts).

/** Stores a registration; undefined when the tenant has that name and language registered already (the unique index refused it). */
export async function insertRegistration(db: Db, data: Prisma.WhatsAppTemplateUncheckedCreateInput): Promise<WhatsAppTemplate | undefined> {
  try {
    return await db.whatsAppTemplate.create({ data });
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002") return undefined;
    throw err;
  }
}

/** Removes a registration. */
export const deleteRegistration = (db: Db, id: number) => db.whatsAppTemplate.delete({ where: { id } });
