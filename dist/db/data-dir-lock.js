import fs from "node:fs";
import path from "node:path";
/**
 * PGlite admits one process per data directory; a second one would corrupt it. The lock file holds
 * the owner's pid so that a lock left by a crashed process can be taken over.
 */
export class DataDirInUseError extends Error {
    constructor(dir, pid) {
        super(`The embedded database in ${dir} is in use by process ${pid}. Stop that process, or use the ` +
            `admin CLI (it talks to the running server), or set DATA_DIR to another directory.`);
        this.name = "DataDirInUseError";
    }
}
function isAlive(pid) {
    try {
        process.kill(pid, 0);
        return true;
    }
    catch (err) {
        return err.code === "EPERM";
    }
}
/** Directories this process holds: its own pid in a lock file is stale unless listed here. */
const heldHere = new Set();
export function lockDataDir(dir) {
    fs.mkdirSync(dir, { recursive: true });
    const lockPath = path.join(dir, "gateway.lock");
    for (let attempt = 0; attempt < 2; attempt++) {
        try {
            fs.writeFileSync(lockPath, String(process.pid), { flag: "wx" });
            heldHere.add(lockPath);
            return () => {
                heldHere.delete(lockPath);
                try {
                    if (fs.readFileSync(lockPath, "utf8") === String(process.pid))
                        fs.unlinkSync(lockPath);
                }
                catch {
                    // already gone
                }
            };
        }
        catch (err) {
            if (err.code !== "EEXIST")
                throw err;
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
export function dataDirOwner(dir) {
    try {
        const owner = Number(fs.readFileSync(path.join(dir, "gateway.lock"), "utf8"));
        return Number.isInteger(owner) && owner > 0 && isAlive(owner) ? owner : undefined;
    }
    catch {
        return undefined;
    }
}
//# sourceMappingURL=data-dir-lock.js.map