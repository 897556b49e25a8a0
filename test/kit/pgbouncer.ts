import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import pg from "pg";
import os from "node:os";
import path from "node:path";
import { closedPort } from "./fake-provider.js";
import { chownToPostgres, type PgCluster } from "./pg-cluster.js";
import { waitFor } from "./wait.js";

export interface PgBouncer {
  /** postgresql://postgres@127.0.0.1:<port>/postgres, through the pooler in transaction mode. */
  url: string;
  /**
   * The same database through the same pooler in session mode (a second entry, `postgres_session`),
   * for DATABASE_DIRECT_URL: repointing the pooler then moves LISTEN and the migrations' lock too.
   */
  sessionUrl: string;
  /** Points both entries at `cluster` and reloads (SIGHUP, RELOAD): clients stay connected. */
  repoint(cluster: PgCluster): Promise<void>;
  /** SIGTERM, PgBouncer's immediate shutdown: every client and server connection is closed at once. */
  stop(): Promise<void>;
  /** Started again on the same port; resolves once it takes connections. */
  start(): Promise<void>;
  dispose(): Promise<void>;
}

/**
 * Debian's PgBouncer of the test's own in front of `cluster`, in transaction mode as operators run
 * it (CI's shared one, .ci/pgbouncer.ini, is never stopped). It will not run as root: as root it
 * drops to `postgres` (-u), so its settings live in a directory that user owns.
 */
export async function startPgBouncer(cluster: PgCluster): Promise<PgBouncer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "faults-pgbouncer-"));
  const asRoot = process.getuid?.() === 0;
  const port = await closedPort();
  const ini = path.join(dir, "pgbouncer.ini");
  // server_reset_query applies to the session entry only (transaction mode never runs it).
  const write = (to: PgCluster) =>
    fs.writeFileSync(
      ini,
      [
        "[databases]",
        `postgres_session = host=127.0.0.1 port=${to.port} user=postgres dbname=postgres pool_mode=session`,
        `postgres = host=127.0.0.1 port=${to.port} user=postgres`,
        "[pgbouncer]",
        "listen_addr = 127.0.0.1",
        `listen_port = ${port}`,
        "unix_socket_dir =",
        "auth_type = any",
        "admin_users = postgres",
        "pool_mode = transaction",
        "max_client_conn = 200",
        "default_pool_size = 20",
        "server_reset_query = DISCARD ALL",
        // A server it could not reach is tried again after 1 s, not 15: a promoted standby is taken at once.
        "server_login_retry = 1",
        `logfile = ${path.join(dir, "pgbouncer.log")}`,
        "",
      ].join("\n"),
    );
  write(cluster);
  await chownToPostgres(dir, ini);
  let child: ChildProcess | undefined;
  const bouncer: PgBouncer = {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    sessionUrl: `postgresql://postgres@127.0.0.1:${port}/postgres_session`,
    async repoint(to) {
      write(to);
      child?.kill("SIGHUP");
      // Done once its admin console lists both entries on `to`'s port.
      await waitFor(
        () => pointsAt(port, to.port),
        (repointed) => repointed,
        10_000,
      );
    },
    async stop() {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise((resolve) => running.once("exit", resolve));
      running.kill("SIGTERM");
      await exited;
    },
    async start() {
      child = spawn("pgbouncer", asRoot ? ["-u", "postgres", ini] : [ini], { stdio: "ignore" });
      await listening(port, child);
    },
    async dispose() {
      await bouncer.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  await bouncer.start();
  return bouncer;
}

/** Whether the pooler on `port` has both of its entries on `clusterPort` (SHOW DATABASES). */
async function pointsAt(port: number, clusterPort: number): Promise<boolean> {
  const admin = new pg.Client({ connectionString: `postgresql://postgres@127.0.0.1:${port}/pgbouncer` });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ name: string; port: number }>("SHOW DATABASES");
    const ours = rows.filter((r) => r.name === "postgres_session" || r.name === "postgres");
    return ours.length === 2 && ours.every((r) => Number(r.port) === clusterPort);
  } finally {
    await admin.end();
  }
}

/** Resolves once `port` takes a connection; throws if `child` exits first or 10 s pass. */
async function listening(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`pgbouncer exited (${child.exitCode}) before listening on ${port}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    }).catch(() => false);
    if (open) return;
    if (Date.now() > deadline) throw new Error(`pgbouncer did not listen on ${port} within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
