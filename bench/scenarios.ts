import type { ChildProcess } from "node:child_process";
import autocannon from "autocannon";
import { cpuSeconds, databaseCpuSeconds, peakRssMb, resetPeakRss } from "./proc.js";

// One measured scenario of bench/run.ts: its rate and latencies from the load generator, and what
// the server process spent on it (CPU seconds and peak RSS read from /proc around the scenario).

export interface Row {
  name: string;
  /** Successful requests (2xx; for the baseline, sends that were accepted and marked sent). */
  requests: number;
  /** Messages those requests accepted: `requests`, or 500 each for the bulk. */
  sends: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Server CPU seconds (user + system) per 1,000 `sends`; absent for the baseline (no server). */
  cpuPer1000?: number;
  /** The machine's PostgreSQL CPU seconds per 1,000 `sends` over the scenario (databaseCpuSeconds). */
  dbCpuPer1000?: number;
  /** The server's peak RSS during this scenario (or since start, where it cannot be reset). */
  rssMb?: number;
}

/** What a load generator measured, before the server's side is added. */
export interface Load {
  requests: number;
  seconds: number;
  p50: number;
  p99: number;
  errors: number;
}

export const toRow = (name: string, load: Load, sendsPerRequest = 1): Row => ({
  name,
  requests: load.requests,
  sends: load.requests * sendsPerRequest,
  rps: Math.round(load.requests / load.seconds),
  p50: load.p50,
  p99: load.p99,
  errors: load.errors,
});

export async function cannon(opts: autocannon.Options): Promise<Load> {
  const r = await autocannon(opts);
  return { requests: r["2xx"], seconds: r.duration, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

/** CPU seconds per 1,000 sends, to two places; 0 when nothing was sent. */
export const per1000 = (cpu: number, sends: number) => (sends > 0 ? Math.round((cpu / sends) * 1000 * 100) / 100 : 0);

/** Runs `measure` and gives its result with the database's CPU seconds over it. */
export async function withDatabaseCpu<T>(measure: () => Promise<T>): Promise<{ result: T; dbCpu: number }> {
  const before = databaseCpuSeconds();
  const result = await measure();
  return { result, dbCpu: databaseCpuSeconds() - before };
}

/** The server process's highest peak over all the scenarios measured so far, and whether peaks are per scenario. */
export const serverPeak = { rssMb: 0, perScenario: true };

/** Runs `load` and adds the server's CPU per 1,000 sends and its peak RSS over the run. */
export async function onServer(server: ChildProcess, name: string, load: () => Promise<Load>, sendsPerRequest = 1): Promise<Row> {
  const pid = server.pid;
  if (pid === undefined || server.exitCode !== null) throw new Error("the server is not running");
  // The peak since start (or the last scenario) counts towards the run's peak before it is reset.
  serverPeak.rssMb = Math.max(serverPeak.rssMb, peakRssMb(pid));
  serverPeak.perScenario = resetPeakRss(pid) && serverPeak.perScenario;
  const cpuBefore = cpuSeconds(pid);
  const { result, dbCpu } = await withDatabaseCpu(load);
  const row = toRow(name, result, sendsPerRequest);
  const cpu = cpuSeconds(pid) - cpuBefore;
  const rssMb = peakRssMb(pid);
  serverPeak.rssMb = Math.max(serverPeak.rssMb, rssMb);
  return { ...row, cpuPer1000: per1000(cpu, row.sends), dbCpuPer1000: per1000(dbCpu, row.sends), rssMb };
}
