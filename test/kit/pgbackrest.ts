import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { asPostgres, chownToPostgres, type PgCluster } from "./pg-cluster.js";
import { waitFor } from "./wait.js";

// Debian's pgBackRest over a cluster of the test's own, as docs/operations.md ("Backups and
// restore") sets it up: a repository on local disk, WAL archived by archive-push, full and
// incremental backups, and a restore to a point in time that promotes once it gets there.

const STANZA = "gw";

export interface Backups {
  /** `pgbackrest backup --type=…`; answers the milliseconds it took. */
  backup(type: "full" | "incr"): Promise<number>;
  /** Ends the current WAL segment (pg_switch_wal) and waits until the archive has it. */
  archiveNow(): Promise<void>;
  /** The cluster stopped: restores it to `target` and starts it, waiting for the promotion; answers the milliseconds. */
  restoreTo(target: Date): Promise<number>;
  dispose(): void;
}

/** pgBackRest's time target: `YYYY-MM-DD HH:MM:SS.mmm+00`. */
const targetOf = (at: Date) => `${at.toISOString().replace("T", " ").replace("Z", "")}+00`;

async function query<T extends pg.QueryResultRow>(cluster: PgCluster, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

/** Sets `cluster` up for backups (archiving on, which restarts it) and creates the stanza. */
export async function startBackups(cluster: PgCluster): Promise<Backups> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pgbackrest-"));
  const conf = path.join(dir, "pgbackrest.conf");
  const [repo, log, lock] = ["repo", "log", "lock"].map((d) => path.join(dir, d));
  for (const d of [repo!, log!, lock!]) fs.mkdirSync(d);
  fs.writeFileSync(
    conf,
    [
      "[global]",
      `repo1-path=${repo}`,
      "repo1-retention-full=2",
      `log-path=${log}`,
      `lock-path=${lock}`,
      "log-level-console=error",
      "start-fast=y",
      `[${STANZA}]`,
      `pg1-path=${cluster.dataDir}`,
      `pg1-port=${cluster.port}`,
      `pg1-socket-path=${cluster.socketDir}`,
      "",
    ].join("\n"),
  );
  await chownToPostgres(dir, conf, repo!, log!, lock!);
  const backrest = (...args: string[]) => asPostgres("pgbackrest", [`--config=${conf}`, `--stanza=${STANZA}`, ...args]);
  await query(cluster, "ALTER SYSTEM SET archive_mode = 'on'");
  await query(cluster, `ALTER SYSTEM SET archive_command = 'pgbackrest --config=${conf} --stanza=${STANZA} archive-push %p'`);
  await cluster.stop();
  await cluster.start();
  await backrest("stanza-create");
  await backrest("check");
  const timed = async (work: () => Promise<unknown>) => {
    const started = Date.now();
    await work();
    return Date.now() - started;
  };
  return {
    backup: (type) => timed(() => backrest(`--type=${type}`, "backup")),
    async archiveNow() {
      const [{ wal }] = (await query<{ wal: string }>(cluster, "SELECT pg_walfile_name(pg_switch_wal()) AS wal")) as [{ wal: string }];
      await waitFor(
        async () => (await query<{ last: string | null }>(cluster, "SELECT last_archived_wal AS last FROM pg_stat_archiver"))[0]?.last ?? "",
        (last) => last >= wal,
        30_000,
      );
    },
    restoreTo: (target) =>
      timed(async () => {
        await backrest("--delta", "--type=time", `--target=${targetOf(target)}`, "--target-action=promote", "restore");
        await cluster.start();
        await waitFor(
          // Refused while it replays ("the database system is starting up"): still recovering.
          async () => (await query<{ recovering: boolean }>(cluster, "SELECT pg_is_in_recovery() AS recovering").catch(() => [{ recovering: true }]))[0]!.recovering,
          (recovering) => !recovering,
          60_000,
        );
      }),
    dispose: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
