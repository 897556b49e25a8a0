import { describe, expect, it } from "vitest";
import { seedEarlyTenant, useDatabaseMigratedUntil } from "./kit/unit-db.js";

// An existing database moves to partitions by id (migration partitions_by_id): its rows stay
// where they are, in each table's first partition, and everything that worked on them still does
// once: reads by id, the reply link and its foreign key, the status trigger and the webhook
// trigger (each firing once, not once on the parent and again on the old table).

const BEFORE = "20261126205959_message_retention";
const database = useDatabaseMigratedUntil(BEFORE);

const q = <T>(sql: string) => database().prisma.$queryRawUnsafe<T[]>(sql);

describe("moving an existing database to partitions", () => {
  it("keeps every row where it was and every trigger and key working once", async () => {
    const t = await seedEarlyTenant(database().prisma, 1);
    const account = t.accounts[0]!.id;
    await q(`INSERT INTO webhook_endpoint (tenant_id, url, secret) VALUES (${t.id}, 'https://hooks.example.com/x', 's')`);
    const old = await q<{ id: bigint }>(
      `INSERT INTO message (tenant_id, account_id, "to", body, status, reserved_on) VALUES
         (${t.id}, ${account}, '966501000001', 'sent one', 'sent', current_date),
         (${t.id}, ${account}, '966501000002', 'due one', 'pending', current_date)
       RETURNING id`,
    );
    const [sentId, dueId] = old.map((r) => r.id) as [bigint, bigint];
    await q(`INSERT INTO inbound_message (tenant_id, account_id, provider_message_id, from_number, kind, text, in_reply_to_id, sent_at)
             VALUES (${t.id}, ${account}, 'wamid.old', '966501000001', 'text', 'thanks', ${sentId}, now())`);
    const [{ n: deliveriesBefore }] = (await q<{ n: number }>(`SELECT count(*)::int AS n FROM webhook_delivery`)) as [{ n: number }];

    expect(await database().migrate()).toContain("20261126233000_partitions_by_id");

    const where = await q<{ t: string; id: bigint }>(`SELECT tableoid::regclass::text AS t, id FROM message ORDER BY id`);
    expect(where).toEqual([
      { t: "message_before", id: sentId },
      { t: "message_before", id: dueId },
    ]);
    expect(await q(`SELECT tableoid::regclass::text AS t, in_reply_to_id FROM inbound_message`)).toEqual([{ t: "inbound_message_before", in_reply_to_id: sentId }]);
    expect(await q(`SELECT provider_message_id FROM inbound_seen`)).toEqual([{ provider_message_id: "wamid.old" }]);
    // The reply link still refuses a message that does not exist.
    await expect(q(`UPDATE inbound_message SET in_reply_to_id = ${dueId + 1_000n} WHERE provider_message_id = 'wamid.old'`)).rejects.toThrow(/foreign key/);

    // An old message's status change: one version step, one event.
    await q(`UPDATE message SET status = 'sent', sent_at = now() WHERE id = ${dueId}`);
    expect(await q(`SELECT status_version FROM message WHERE id = ${dueId}`)).toEqual([{ status_version: 2 }]);
    const [{ n: deliveriesAfter }] = (await q<{ n: number }>(`SELECT count(*)::int AS n FROM webhook_delivery`)) as [{ n: number }];
    expect(deliveriesAfter - deliveriesBefore).toBe(1);

    // A new message lands in this month's partition, above every old id.
    const [fresh] = (await q<{ t: string; id: bigint }>(
      `INSERT INTO message (tenant_id, account_id, "to", body, reserved_on) VALUES (${t.id}, ${account}, '966501000003', 'new', current_date)
       RETURNING tableoid::regclass::text AS t, id`,
    )) as [{ t: string; id: bigint }];
    const month = new Date().toISOString().slice(0, 7).replace("-", "_");
    expect(fresh.t).toBe(`message_${month}`);
    expect(fresh.id > dueId).toBe(true);
  });
});
