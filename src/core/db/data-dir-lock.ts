import fs from "node:fs";
import path from "node:path";
import { StartupError } from "../runtime/startup-error.js";

/**
 * PGlite admits one process per data directory; a second one would corrupt it. The lock file holds
 * the owner's pid so that a lock left by a crashed process can be taken over.
 */
export class DataDirInUseError extends StartupError {
  constructor(dir: string, pid: number) {
    super(
      `The embedded database in ${dir} is in use by process ${pid}. Stop that process, or use the ` +
        `admin CLI (it talks to the running server), or set DATA_DIR to another directory.`,
    );
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Directories this process holds: its own pid in a lock file is stale unless listed here. */
const heldHere = new Set<string>();

export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, "gateway.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: "wx" });
      heldHere.add(lockPath);
      return () => {
        heldHere.delete(lockPath);
        try {
          if (fs.readFileSync(lockPath, "utf8") === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const owner = Number(fs.readFileSync(lockPath, "utf8"));
      const ownedHere = owner === process.pid && heldHere.has(lockPath);
      if (ownedHere || (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner))) {
        throw new DataDirInUseError(dir, owner);
      }
      fs.unlinkSync(lockPath); // stale: its process is gone (or a restart reused our pid)
    }
  }
  throw new Error(`Could not lock ${dir}`);
}

/** The pid of the live process holding `dir`, if any: what a pid written elsewhere is checked against. */
export function dataDirOwner(dir: string): number | undefined {
  try {
    const owner = Number(fs.readFileSync(path.join(dir, "gateway.lock"), "utf8"));
    return Number.isInteger(owner) && owner > 0 && isAlive(owner) ? owner : undefined;
  } catch {
    return undefined;
  }
}

/** Where a running embedded-database server tells the admin CLI how to reach it. */
export const adminInfoPath = (dataDir: string) => path.join(dataDir, "admin.json");
