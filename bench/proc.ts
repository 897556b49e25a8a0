import { execFileSync } from "node:child_process";
import fs from "node:fs";

// What a measured process costs, read from Linux's /proc: CPU time (user + system) and peak
// resident memory. Read from outside, so the figures include everything the process does (its
// in-process worker, garbage collection, the pg driver), and nothing of the load generator.

const clockTicks = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** The fields of /proc/<pid>/stat after the command name, which is in parentheses and may hold spaces. */
function statFields(pid: number): number[] {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat
    .slice(stat.lastIndexOf(")") + 2)
    .split(" ")
    .map(Number);
}

/** CPU seconds (user + system) the process has used since it started. */
export function cpuSeconds(pid: number): number {
  const f = statFields(pid);
  // Fields 14 and 15 of the whole line (utime, stime) are the 12th and 13th after the name.
  return (f[11]! + f[12]!) / clockTicks;
}

/** The same, with the CPU of its children that have ended and been waited for (cutime, cstime). */
function cpuSecondsWithEndedChildren(pid: number): number {
  const f = statFields(pid);
  return (f[11]! + f[12]! + f[13]! + f[14]!) / clockTicks;
}

/**
 * CPU seconds used so far by this machine's PostgreSQL: every process named `postgres` (the server
 * and its backends), and the backends that have ended, whose time the server gathers as its
 * children's when it reaps them. So the total only grows, whichever connections close in between.
 */
export function databaseCpuSeconds(): number {
  let total = 0;
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, "utf8").trim() === "postgres") total += cpuSecondsWithEndedChildren(Number(entry));
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return total;
}

/** A memory field of /proc/<pid>/status in whole MB (0 when the kernel does not report it). */
function statusMb(pid: number, field: "VmRSS" | "VmHWM"): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
}

/** The process's resident set (VmRSS) now, in MB. */
export const rssMb = (pid: number) => statusMb(pid, "VmRSS");

/** The process's peak resident set (VmHWM) in MB, since it started or since the last resetPeakRss. */
export const peakRssMb = (pid: number) => statusMb(pid, "VmHWM");

/**
 * Starts the peak over (writing 5 to clear_refs sets VmHWM to the current RSS), so each scenario's
 * peak is its own. False where the kernel does not allow it: the peaks then accumulate.
 */
export function resetPeakRss(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}

/** The whole machine's CPU time so far (all cores), busy and in all, from /proc/stat's first line. */
export function machineCpu(): { busy: number; total: number } {
  const fields = fs.readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal: idle and iowait are the idle part.
  const total = fields.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: total - fields[3]! - fields[4]!, total };
}
