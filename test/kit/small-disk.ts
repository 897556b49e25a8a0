import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { postgresOwner } from "./pg-cluster.js";

const run = promisify(execFile);

export interface SmallDisk {
  /** A directory on the small file system that `postgres` owns, for a tablespace. */
  tablespaceDir: string;
  /** Fills the file system with a file of its own until at most `leaveBytes` are free. */
  fill(leaveBytes: number): void;
  /** Removes that file: the disk has room again. */
  free(): void;
  dispose(): Promise<void>;
}

/**
 * A file system of `mb` megabytes (tmpfs, so a full one costs no real disk) that PostgreSQL's
 * user owns: a tablespace on it fills up as a small disk would. Mounting needs root, which CI has.
 */
export async function mountSmallDisk(mb: number): Promise<SmallDisk> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "faults-small-disk-"));
  const { uid, gid } = await postgresOwner();
  await run("mount", ["-t", "tmpfs", "-o", `size=${mb}m,mode=0755,uid=${uid},gid=${gid}`, "tmpfs", dir]);
  const tablespaceDir = path.join(dir, "tablespace");
  fs.mkdirSync(tablespaceDir);
  fs.chownSync(tablespaceDir, uid, gid);
  const ballast = path.join(dir, "ballast");
  return {
    tablespaceDir,
    fill(leaveBytes) {
      const { bavail, bsize } = fs.statfsSync(dir);
      const size = Math.max(0, bavail * bsize - leaveBytes);
      const fd = fs.openSync(ballast, "w");
      try {
        // Written, not a sparse file: tmpfs counts only the pages a file really holds.
        const chunk = Buffer.alloc(1 << 20, 1);
        for (let done = 0; done < size; done += chunk.length) fs.writeSync(fd, chunk, 0, Math.min(chunk.length, size - done));
      } finally {
        fs.closeSync(fd);
      }
    },
    free: () => fs.rmSync(ballast, { force: true }),
    async dispose() {
      await run("umount", ["-l", dir]).catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Creates database `name` whose tables all live in a tablespace at `dir`; its URL on `clusterUrl`. */
export async function databaseOnTablespace(clusterUrl: string, dir: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: clusterUrl });
  await client.connect();
  try {
    await client.query(`CREATE TABLESPACE ${name}_space LOCATION '${dir}'`);
    await client.query(`CREATE DATABASE ${name} TABLESPACE ${name}_space`);
  } finally {
    await client.end();
  }
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
