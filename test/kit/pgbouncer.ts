import { execFile, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { closedPort } from "./fake-provider.js";
import type { PgCluster } from "./pg-cluster.js";

const run = promisify(execFile);

export interface PgBouncer {
  /** postgresql://postgres@127.0.0.1:<port>/postgres, through the pooler in transaction mode. */
  url: string;
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
  fs.writeFileSync(
    ini,
    [
      "[databases]",
      `* = host=127.0.0.1 port=${cluster.port} user=postgres`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      "unix_socket_dir =",
      "auth_type = any",
      "pool_mode = transaction",
      "max_client_conn = 200",
      "default_pool_size = 20",
      "server_reset_query =",
      `logfile = ${path.join(dir, "pgbouncer.log")}`,
      "",
    ].join("\n"),
  );
  if (asRoot) {
    const [{ stdout: uid }, { stdout: gid }] = await Promise.all([run("id", ["-u", "postgres"]), run("id", ["-g", "postgres"])]);
    for (const file of [dir, ini]) fs.chownSync(file, Number(uid.trim()), Number(gid.trim()));
  }
  let child: ChildProcess | undefined;
  const bouncer: PgBouncer = {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
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
