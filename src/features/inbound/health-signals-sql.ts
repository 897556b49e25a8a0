import { Prisma } from "../../generated/prisma/client.js";
import type { Db } from "../../core/db/database.js";
import type { CloudHealthChange, WahaHealthChange } from "./payloads/health-payloads.js";

// Which numbers a provider's health change concerns (health-signals.ts). A provider's number or
// session belongs to one provider account, so every tenant's number that matches it is the same
// number: there is no tenant to check the provider against.

const ids = async (db: Db, sql: Prisma.Sql) => (await db.$queryRaw<Array<{ id: number }>>(sql)).map((r) => r.id);

/** The numbers a Cloud change concerns: the number it names, else every number of its WABA. */
export function cloudAccountsOf(db: Db, c: CloudHealthChange, defaultChannel: string): Promise<number[]> {
  const which = c.phone !== undefined ? Prisma.sql`phone_number = ${c.phone}` : Prisma.sql`settings->'whatsappCloud'->>'wabaId' = ${c.wabaId ?? null}::text`;
  return ids(
    db,
    Prisma.sql`-- cloud_accounts_of
    SELECT id FROM account WHERE COALESCE(channel, ${defaultChannel}) = 'whatsapp-cloud' AND ${which} ORDER BY id`,
  );
}

/** The numbers a WAHA session change concerns: those on that session. */
export const wahaAccountsOf = (db: Db, c: WahaHealthChange, defaultChannel: string): Promise<number[]> =>
  ids(
    db,
    Prisma.sql`-- waha_accounts_of
    SELECT id FROM account WHERE COALESCE(channel, ${defaultChannel}) = 'waha' AND settings->'waha'->>'session' = ${c.session} ORDER BY id`,
  );
