import { Gauge, type Registry } from "prom-client";
import type { ReadStandby } from "../db/read-standby.js";

// The read standby as this instance last saw it (core/db/read-standby.ts): how far behind the
// primary it is, and whether reads that may lag go to it. Present only where DATABASE_READ_URL is set.

/** Both labelled by the standby's host and port (`standby`), which also lets the lag be absent rather than 0 when it is not known. */
export function standbyGauges(standby: ReadStandby, where: string, registry: Registry): void {
  new Gauge({
    name: "gateway_read_standby_lag_seconds",
    help: "How far behind the primary the read standby is, as this instance last checked (WAL replayed against the primary's position); absent when not known (unreachable, promoted).",
    labelNames: ["standby"],
    registers: [registry],
    collect() {
      this.reset();
      if (standby.state.lagMs !== null) this.set({ standby: where }, standby.state.lagMs / 1000);
    },
  });
  new Gauge({
    name: "gateway_read_standby_in_use",
    help: "1 while this instance sends reads that may lag to the read standby (within READ_MAX_LAG_MS), 0 while they go to the primary.",
    labelNames: ["standby"],
    registers: [registry],
    collect() {
      this.set({ standby: where }, standby.state.inUse ? 1 : 0);
    },
  });
}
