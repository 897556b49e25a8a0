import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { closedPort } from "./fake-provider.js";
import { waitFor } from "./wait.js";

const run = promisify(execFile);

/** The newest installed PostgreSQL's bin directory (Debian layout: /usr/lib/postgresql/<major>/bin). */
function postgresBin(): string {
  const base = "/usr/lib/postgresql";
  const majors = fs.existsSync(base) ? fs.readdirSync(base).filter((d) => fs.existsSync(path.join(base, d, "bin", "pg_ctl"))) : [];
  const newest = majors.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) throw new Error("no PostgreSQL server binaries under /usr/lib/postgresql/*/bin");
  return path.join(base, newest, "bin");
}

/**
 * PostgreSQL refuses to run as root, and tests here may run as root: the server's commands then
 * run as the `postgres` OS user, in a directory that user owns.
 */
export async function asPostgres(command: string, args: string[]) {
  const root = process.getuid?.() === 0;
  const [file, argv] = root ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
  return run(file, argv, { timeout: 60_000 });
}

/** The `postgres` OS user's uid and gid, which the server's files and directories must belong to. */
export async function postgresOwner(): Promise<{ uid: number; gid: number }> {
  const [{ stdout: uid }, { stdout: gid }] = await Promise.all([run("id", ["-u", "postgres"]), run("id", ["-g", "postgres"])]);
  return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
}

/** Gives `paths` to the `postgres` user when the tests run as root (otherwise they are already the runner's). */
export async function chownToPostgres(...paths: string[]): Promise<void> {
  if (process.getuid?.() !== 0) return;
  const { uid, gid } = await postgresOwner();
  for (const p of paths) fs.chownSync(p, uid, gid);
}

export interface PgCluster {
  /** postgresql://postgres@127.0.0.1:<port>/postgres (trust authentication, loopback only). */
  url: string;
  port: number;
  /** Its data directory, and the directory of its socket (and of its log, server.log). */
  dataDir: string;
  socketDir: string;
  /** `pg_ctl stop -m fast`: sessions are ended at once, as in an operator's restart. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** SIGKILL to the postmaster, as a machine lost: no shutdown, no checkpoint, sessions cut mid-statement. */
  kill(): Promise<void>;
  /** Stops the server (immediately) and deletes its directory. */
  dispose(): Promise<void>;
}

/**
 * A throwaway PostgreSQL cluster of the test's own, on a free port, that the test may stop and
 * start (the shared server on 5432 is never touched). fsync is off: nothing here must survive a
 * power loss, and a restart (fast shutdown) writes a checkpoint anyway.
 */
export async function startPgCluster(): Promise<PgCluster> {
  const { bin, dir, data, port } = await clusterDir("faults-pg-");
  await asPostgres(path.join(bin, "initdb"), ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  return serve(bin, dir, data, port);
}

/**
 * A streaming standby of `primary`, as an operator makes one: pg_basebackup of the running primary
 * with -R (standby.signal and primary_conninfo written for it), WAL streamed during the copy, on a
 * port of its own. It replays what the primary writes until promoted (`promote()`).
 */
export async function startStandby(primary: PgCluster, opts: { synchronous?: boolean } = {}): Promise<PgCluster & { promote(): Promise<void> }> {
  const { bin, dir, data, port } = await clusterDir("standby-pg-");
  await asPostgres(path.join(bin, "pg_basebackup"), ["-h", "127.0.0.1", "-p", String(primary.port), "-U", "postgres", "-D", data, "-R", "-X", "stream", "--no-sync"]);
  const standby = await serve(bin, dir, data, port);
  if (opts.synchronous) await replicateSynchronously(primary);
  return { ...standby, promote: async () => void (await asPostgres(path.join(bin, "pg_ctl"), ["-D", data, "-w", "promote"])) };
}

/**
 * Makes the primary's commits wait for the standby's flush (synchronous_commit's default, `on`,
 * with any standby named), so a commit the gateway was told of survives the primary's loss.
 */
async function replicateSynchronously(primary: PgCluster): Promise<void> {
  const client = new pg.Client({ connectionString: primary.url });
  await client.connect();
  try {
    await client.query("ALTER SYSTEM SET synchronous_standby_names = '*'");
    await client.query("SELECT pg_reload_conf()");
    await waitFor(
      async () => (await client.query("SELECT 1 FROM pg_stat_replication WHERE sync_state = 'sync'")).rowCount,
      (synchronous) => synchronous === 1,
      30_000,
    );
  } finally {
    await client.end();
  }
}

/** A temporary directory the server's user owns, the data directory's place in it, and a free port. */
async function clusterDir(prefix: string) {
  const bin = postgresBin();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  await chownToPostgres(dir);
  return { bin, dir, data: path.join(dir, "data"), port: await closedPort() };
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function serve(bin: string, dir: string, data: string, port: number): Promise<PgCluster> {
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  const pgCtl = (...args: string[]) => asPostgres(path.join(bin, "pg_ctl"), ["-D", data, ...args]);
  const cluster: PgCluster = {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    port,
    dataDir: data,
    socketDir: dir,
    stop: async () => void (await pgCtl("-m", "fast", "-w", "stop")),
    start: async () => void (await pgCtl("-o", options, "-l", path.join(dir, "server.log"), "-w", "start")),
    async kill() {
      const pid = Number(fs.readFileSync(path.join(data, "postmaster.pid"), "utf8").split("\n")[0]);
      process.kill(pid, "SIGKILL");
      // Resolves once the postmaster is gone; its backends notice that and end by themselves.
      await waitFor(
        () => processAlive(pid),
        (alive) => !alive,
        10_000,
      );
    },
    async dispose() {
      await pgCtl("-m", "immediate", "-w", "stop").catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  await cluster.start();
  return cluster;
}
