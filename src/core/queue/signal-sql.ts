import type pg from "pg";
import type { Db } from "../db/database.js";

// The statements of the wake-up signal (queue-signal.ts): an announcement on a channel, and the
// listening connection's own. A channel's payload is the schema, so tests and tenants of other
// schemas sharing one PostgreSQL never wake each other.

/** Announces on `channel`, to every connection listening on it, with this schema as the payload. */
export const notifyChannel = (db: Db, channel: string) =>
  db.$executeRaw`-- notify_channel
    SELECT pg_notify(${channel}, current_schema())`;

/** The schema a listening connection works in: the payload its announcements carry. */
export async function currentSchemaOf(client: pg.Client): Promise<string | undefined> {
  const { rows } = await client.query<{ schema: string }>("-- current_schema_of\nSELECT current_schema() AS schema");
  return rows[0]?.schema;
}

/** Starts listening on `channel` (a name of ours, never a caller's: LISTEN takes no parameter). */
export async function listenOn(client: pg.Client, channel: string): Promise<void> {
  await client.query(`-- listen_on\nLISTEN ${channel}`);
}
