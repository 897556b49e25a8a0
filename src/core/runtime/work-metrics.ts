import { Gauge, type Registry } from "prom-client";
import type { Db } from "../db/database.js";
import { chatwootBacklog, unfinishedExports } from "./metrics-sql.js";

// Work that waits in the database beside the queue and the webhook outbox: the Chatwoot relay's
// two directions and the exports, read at each scrape (whole database, so right whichever
// instance does the work). The operator console's Health page shows the same figures.

const DIRECTIONS = ["to_chatwoot", "to_whatsapp"] as const;

export function workBacklogGauges(db: Db, registers: Registry[]): void {
  let reading: Promise<Map<string, { n: number; oldest: number }>> | undefined;
  let last = new Map<string, { n: number; oldest: number }>();
  const read = () =>
    (reading ??= chatwootBacklog(db)
      .then((rows) => (last = new Map(rows.map((r) => [r.direction, { n: r.n, oldest: r.oldest ?? 0 }]))))
      // The database did not answer: the last values stay, and the scrape still answers.
      .catch(() => last)
      .finally(() => (reading = undefined)));
  new Gauge({
    name: "gateway_chatwoot_backlog",
    help: "The Chatwoot relay's work waiting or in flight, by direction (whole database).",
    labelNames: ["direction"],
    registers,
    async collect() {
      const now = await read();
      for (const direction of DIRECTIONS) this.set({ direction }, now.get(direction)?.n ?? 0);
    },
  });
  new Gauge({
    name: "gateway_chatwoot_backlog_oldest_age_seconds",
    help: "Seconds since the oldest of the Chatwoot relay's waiting work was made, by direction (0: none).",
    labelNames: ["direction"],
    registers,
    async collect() {
      const now = await read();
      for (const direction of DIRECTIONS) this.set({ direction }, now.get(direction)?.oldest ?? 0);
    },
  });
  new Gauge({
    name: "gateway_exports",
    help: "Exports waiting (queued) or being written (running), whole database.",
    labelNames: ["status"],
    registers,
    async collect() {
      try {
        const rows = new Map((await unfinishedExports(db)).map((r) => [r.status, r.n]));
        for (const status of ["queued", "running"]) this.set({ status }, rows.get(status) ?? 0);
      } catch {
        // The database did not answer: the last values stay, and the scrape still answers.
      }
    },
  });
}
