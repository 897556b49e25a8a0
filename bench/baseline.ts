import pg from "pg";
import { ServiceClock } from "../src/core/clock.js";
import { acceptSingleMessageSql } from "../src/features/messages/accept-sql.js";
import { markSentSql } from "../src/features/delivery/queue.js";
import { percentile } from "./harness.js";

// The raw baseline of issue 18: per send, the statement that reserves a unit of the allowance and
// inserts the message, then the sent update, straight through `pg` (no HTTP, no ORM, no key
// lookup), with as many sends in flight as the HTTP runs have connections.

export interface BaselineResult {
  sends: number;
  seconds: number;
  p50: number;
  p99: number;
  errors: number;
}

export interface BaselineOptions {
  postgresUrl: string;
  schema: string;
  /** One tenant, or several taken round-robin, one per send. */
  tenantIds: number[];
  concurrency: number;
  seconds: number;
}

export async function runBaseline(o: BaselineOptions): Promise<BaselineResult> {
  // As many connections as sends in flight: the pool must not be what bounds the rate.
  const pool = new pg.Pool({ connectionString: o.postgresUrl, max: o.concurrency, options: `-c search_path="${o.schema}"` });
  const clock = new ServiceClock("Asia/Riyadh");
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const one = async () => {
    const tenantId = o.tenantIds[next++ % o.tenantIds.length] ?? 0;
    const started = performance.now();
    try {
      const accept = acceptSingleMessageSql({
        tenantId, monthlyLimit: 100_000_000, accountId: null, to: "966501234567", text: "baseline", imageUrl: null, templateId: null,
        ...clock.period(), now: clock.now(), lockOwner: "bench:baseline", leaseSeconds: 60,
      });
      const accepted = await pool.query<{ id: string | null }>(accept.text, accept.values);
      const id = accepted.rows[0]?.id;
      // No row means no allowance or no sender: a send the HTTP paths would refuse, so an error here.
      if (id == null) throw new Error("nothing accepted");
      const sent = markSentSql(BigInt(id), "bench:baseline", "sim-baseline", new Date());
      if ((await pool.query(sent.text, sent.values)).rowCount !== 1) throw new Error("not marked sent");
      latencies.push(performance.now() - started);
    } catch {
      errors++;
    }
  };
  // Connections opened before the clock starts, as autocannon's are.
  const clients = await Promise.all(Array.from({ length: o.concurrency }, () => pool.connect()));
  for (const c of clients) c.release();
  const started = performance.now();
  const deadline = started + o.seconds * 1000;
  await Promise.all(
    Array.from({ length: o.concurrency }, async () => {
      while (performance.now() < deadline) await one();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await pool.end();
  latencies.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return { sends: latencies.length, seconds, p50: round(percentile(latencies, 0.5)), p99: round(percentile(latencies, 0.99)), errors };
}
