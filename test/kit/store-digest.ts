import type { TestServer } from "./server.js";

// What "changes nothing" means in a test: every table's rows, hashed, before and after. API keys
// are left out (a request stamps its key's last use, to the minute), and so are audit events
// when asked (a test of the audit log compares them itself).

export type StoreDigest = Record<string, string>;

export async function storeDigest(s: TestServer, leaveOut: string[] = []): Promise<StoreDigest> {
  const db = s.app.database.prisma;
  const tables = await db.$queryRaw<{ name: string }[]>`
    SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() AND tablename NOT IN ('_prisma_migrations', 'api_key') ORDER BY tablename`;
  const digest: StoreDigest = {};
  for (const { name } of tables) {
    if (leaveOut.includes(name)) continue;
    const [row] = await db.$queryRawUnsafe<{ d: string }[]>(`SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS d FROM "${name}" t`);
    digest[name] = row!.d;
  }
  return digest;
}

/** The tables whose rows differ, for an assertion's message. */
export const changedTables = (before: StoreDigest, after: StoreDigest) => Object.keys(after).filter((t) => before[t] !== after[t]);
