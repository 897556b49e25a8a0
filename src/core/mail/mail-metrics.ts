import { Gauge, type Registry } from "prom-client";
import type { Db } from "../db/database.js";
import { countUnsentMails } from "./mail-outbox-sql.js";

/** Mails not yet sent (pending or in flight, whole database), read at each scrape. */
export function unsentMailsGauge(db: Db, registers: Registry[]): void {
  new Gauge({
    name: "gateway_mails_pending",
    help: "Mails waiting to be sent or being sent (whole database).",
    registers,
    async collect() {
      try {
        this.set(await countUnsentMails(db));
      } catch {
        // The database did not answer: the last value stays, and the scrape still answers.
      }
    },
  });
}
