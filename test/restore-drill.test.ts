import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../src/core/db/database.js";
import { outageSettings, useOwnCluster } from "./kit/database-outage.js";
import { Client } from "./kit/http.js";
import { startBackups } from "./kit/pgbackrest.js";
import { ledgerIds, occurrences, startApi } from "./kit/processes.js";
import { onPostgres } from "./kit/server.js";
import { runScript } from "./kit/spawn.js";
import { waitFor } from "./kit/wait.js";
import { VOLUME_MS } from "./kit/limits.js";

// The restore drill (docs/operations.md, "Backups and restore"): pgBackRest's full and incremental
// backups of a cluster of the test's own with WAL archived, the database lost, restored to a
// point in time, `restore:resume` run on it before anything sends, and the gateway started on it.
// The simulator's ledger is the world's record of what left: nothing in it goes twice.
const hasPgBackRest = (() => {
  try {
    execFileSync("pgbackrest", ["version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

describe.runIf(onPostgres && (hasPgBackRest || process.env.CI === "true"))("restore drill: pgBackRest to a point in time", () => {
  const own = useOwnCluster({});

  it("restores to the minute, sends nothing twice that left after that point, keeps what was scheduled later, and hands out no id again", { timeout: VOLUME_MS }, async () => {
    const backups = await startBackups(own.cluster);
    try {
      const full = await backups.backup("full");
      const env = { ...outageSettings(own.ledgerFile), DATABASE_URL: own.url };
      const api = await startApi(env);
      own.procs.push(api);
      const client = new Client(api.url, own.tenant.key);
      const sentOf = (ids: string[]) => own.database.prisma.message.count({ where: { id: { in: ids.map(BigInt) }, status: "sent" } });

      // Before the restore point: a bulk that goes out, one message due seconds after the point, one due tomorrow.
      const bulk = await client.request("POST", "/api/v1/send-bulk", { numbers: Array.from({ length: 20 }, (_, i) => `05${30_000_000 + i}`), message: "before" });
      const before = (bulk.body.messages as Array<{ message_id: number }>).map((m) => String(m.message_id));
      await waitFor(
        () => sentOf(before),
        (n) => n === before.length,
      );
      const incr = await backups.backup("incr");
      const soon = await client.request("POST", "/api/v1/send", { to: "0531000001", message: "due after the point", send_at: new Date(Date.now() + 4_000).toISOString() });
      const later = await client.request("POST", "/api/v1/send", { to: "0531000002", message: "tomorrow", send_at: new Date(Date.now() + 86_400_000).toISOString() });
      const [soonId, laterId] = [String(soon.body.message_id), String(later.body.message_id)];
      const point = new Date();

      // After it: a single send, then a bulk (its ids are logged ahead past the single send's
      // commit, where recovery stops, so a restored sequence would hand them out again), and
      // `soon`, all sent. Then the database is lost.
      const single = await client.request("POST", "/api/v1/send", { to: "0532000000", message: "after" });
      const after = await client.request("POST", "/api/v1/send-bulk", { numbers: Array.from({ length: 50 }, (_, i) => `05${32_000_000 + i}`), message: "after" });
      const afterIds = [String(single.body.message_id), ...(after.body.messages as Array<{ message_id: number }>).map((m) => String(m.message_id))];
      await waitFor(
        () => sentOf([...afterIds, soonId]),
        (n) => n === afterIds.length + 1,
      );
      await backups.archiveNow();
      api.child.kill("SIGKILL");
      await own.database.close();
      await own.cluster.stop();

      const restore = await backups.restoreTo(point);
      own.database = await openDatabase({ databaseUrl: own.url, dataDir: "", poolMax: 2 });
      const db = own.database.prisma;
      // The point: everything before it, nothing after.
      expect(await db.message.count({ where: { id: { in: [...before, soonId, laterId].map(BigInt) } } })).toBe(before.length + 2);
      expect(await db.message.count({ where: { id: { in: afterIds.map(BigInt) } } })).toBe(0);
      expect((await db.message.findUniqueOrThrow({ where: { id: BigInt(soonId) } })).status).toBe("pending");

      const resumed = await runScript("src/features/admin/cli.ts", ["restore:resume", "--json"], { DATABASE_URL: own.url });
      expect(resumed.code).toBe(0);
      expect(JSON.parse(resumed.stdout)).toMatchObject({ inDoubt: 1, stillQueued: 1 });

      const again = await startApi(env);
      own.procs.push(again);
      const client2 = new Client(again.url, own.tenant.key);
      const fresh = await client2.request("POST", "/api/v1/send", { to: "0533000001", message: "after the restore" });
      expect(fresh.status).toBe(200);
      // No id handed out before the loss is handed out again.
      expect(afterIds.every((id) => BigInt(fresh.body.message_id) > BigInt(id))).toBe(true);
      await waitFor(
        () => sentOf([String(fresh.body.message_id)]),
        (n) => n === 1,
      );
      const inDoubt = (await client2.request("GET", `/api/v1/messages/${soonId}`)).body;
      expect([inDoubt.status, inDoubt.error]).toEqual(["failed", "restored_in_doubt"]);
      expect((await client2.request("GET", `/api/v1/messages/${laterId}`)).body.status).toBe("pending");
      expect((await client2.request("GET", `/api/v1/messages/${afterIds[0]}`)).status).toBe(404);
      // The world's record: each message left once, `soon` included, and the one sent after the restore.
      const delivered = occurrences(ledgerIds(own.ledgerFile));
      expect([...delivered.values()].filter((n) => n !== 1)).toEqual([]);
      expect(delivered.size).toBe(before.length + 1 + afterIds.length + 1);
      // The month's allowance: the bulk sent before, the one due tomorrow (held) and the one sent
      // after the restore; the in-doubt one was given back.
      expect((await client2.request("GET", "/api/v1/balance")).body.messages.used).toBe(before.length + 2);
      console.info(`restore drill: full backup ${full} ms, incremental ${incr} ms, restore to the point and promotion ${restore} ms`);
      expect(await again.stop()).toBe(0);
    } finally {
      backups.dispose();
    }
  });
});
