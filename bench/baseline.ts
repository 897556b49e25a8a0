import pg from "pg";
import { ServiceClock } from "../src/core/clock.js";
import { acceptSingleMessageSql } from "../src/features/queue/accept-sql.js";
import { markSentSql } from "../src/features/queue/transitions-sql.js";
import { percentile } from "./harness.js";

// The raw baselines: per send, one statement that reserves a unit of the allowance and inserts the
// message, then the sent update, straight through `pg` (no HTTP, no ORM, no key lookup), with as
// many sends in flight as the HTTP runs have connections. `full` runs this project's own two
// statements (issue 18: acceptSingleMessageSql, with its sender choice, limits and health counts,
// and markSentSql); `minimal` the least a send could be (issue 30): the allowance upsert and the
// insert in one statement, the sender fixed, then a bare status update. Neither groups anything.

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
  form: "full" | "minimal";
}

type Statement = { text: string; values: unknown[] };

/** The minimal form's accepting statement, for a tenant and the number it sends from. */
function minimalAccept(tenantId: number, accountId: number, month: string): Statement {
  return {
    text: `WITH q AS (
        INSERT INTO tenant_monthly_usage AS q (tenant_id, month, used) VALUES ($1, $2, 1)
        ON CONFLICT (tenant_id, month) DO UPDATE SET used = q.used + 1 WHERE q.used + 1 <= 100000000
        RETURNING 1)
      INSERT INTO message (tenant_id, account_id, "to", body, status, attempts, reserved_on, locked_by, locked_until)
      SELECT $1, $3, '966501234567', 'baseline', 'sending', 1, now()::date, 'bench:baseline', now() + interval '60 seconds' FROM q
      RETURNING id`,
    values: [tenantId, month, accountId],
  };
}

const minimalSent = (id: string): Statement => ({ text: "UPDATE message SET status = 'sent', sent_at = now(), locked_by = NULL WHERE id = $1", values: [id] });

export async function runBaseline(o: BaselineOptions): Promise<BaselineResult> {
  // As many connections as sends in flight: the pool must not be what bounds the rate.
  const pool = new pg.Pool({ connectionString: o.postgresUrl, max: o.concurrency, options: `-c search_path="${o.schema}"` });
  const clock = new ServiceClock("Asia/Riyadh");
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const accountOf = new Map<number, number>();
  for (const tenantId of o.tenantIds) {
    const { rows } = await pool.query<{ id: number }>("SELECT id FROM account WHERE tenant_id = $1 ORDER BY id LIMIT 1", [tenantId]);
    accountOf.set(tenantId, rows[0]?.id ?? 0);
  }
  const statements = (tenantId: number) => {
    const { month, day } = clock.period();
    if (o.form === "minimal") return { accept: minimalAccept(tenantId, accountOf.get(tenantId) ?? 0, month), sent: minimalSent };
    const accept = acceptSingleMessageSql({
      tenantId,
      monthlyLimit: 100_000_000,
      accountId: null,
      to: "966501234567",
      text: "baseline",
      imageUrl: null,
      templateId: null,
      day,
      month,
      now: clock.now(),
      lockOwner: "bench:baseline",
      leaseSeconds: 60,
    });
    return { accept, sent: (id: string) => markSentSql(BigInt(id), "bench:baseline", "sim-baseline", new Date()) };
  };
  const one = async () => {
    const tenantId = o.tenantIds[next++ % o.tenantIds.length] ?? 0;
    const started = performance.now();
    try {
      const { accept, sent } = statements(tenantId);
      const accepted = await pool.query<{ id: string | null }>(accept.text, accept.values);
      const id = accepted.rows[0]?.id;
      // No row means no allowance or no sender: a send the HTTP paths would refuse, so an error here.
      if (id == null) throw new Error("nothing accepted");
      const mark = sent(String(id));
      if ((await pool.query(mark.text, mark.values)).rowCount !== 1) throw new Error("not marked sent");
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
