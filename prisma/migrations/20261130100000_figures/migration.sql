-- The figures the operator console's charts read (src/features/figures/README.md): messages a day
-- per business, state and failure reason, kept as messages change; and one row a day of the
-- service's businesses by status, monthly revenue, sign-ups and churn, written by the
-- housekeeper's pass. Charts read these few rows, never the message table.

-- A message's state as the charts show it: its status, a sent one told apart by its receipts
-- (read, else delivered). One rule for the triggers and the count of the stored messages below.
CREATE FUNCTION figures_state(status "MessageStatus", delivered_at timestamptz, read_at timestamptz) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN status = 'sent' AND read_at IS NOT NULL THEN 'read'
    WHEN status = 'sent' AND delivered_at IS NOT NULL THEN 'delivered'
    ELSE status::text END
$$;

-- A failed message's reason is its stable error text (docs/rest-api.md), cut to 64 characters so
-- an unexpected text cannot make a row of every message; '' for the other states.
CREATE FUNCTION figures_reason(status "MessageStatus", error text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN status = 'failed' THEN left(coalesce(error, ''), 64) ELSE '' END
$$;

-- Messages by the day they were accepted (reserved_on: the service time zone's day, which the
-- accepting statement writes; a retried message is accepted again and moves to its retry's day),
-- business, state and reason, in slots per database session as message_count keeps them
-- (migration message_counts): no two transactions wait on one row. The housekeeper folds the
-- slots of ended sessions into slot 0.
CREATE TABLE "figures_message_day" (
    "day" DATE NOT NULL,
    "tenant_id" INTEGER NOT NULL,
    "state" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "slot" INTEGER NOT NULL,
    "n" BIGINT NOT NULL,

    CONSTRAINT "figures_message_day_pkey" PRIMARY KEY ("day","tenant_id","state","reason","slot")
);

-- One business's days, for its own charts.
CREATE INDEX "figures_message_day_tenant_id_day_idx" ON "figures_message_day"("tenant_id", "day");

-- Statement-level, like message_count's: one upsert per statement that inserts or moves messages;
-- an update that changes no message's day, state or reason (a lease, a retry's run_at) writes
-- nothing. Deleting messages (retention, a dropped month) leaves the figures as they were: the
-- charts keep the history the message table lets go of.
CREATE FUNCTION figures_message_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO figures_message_day AS f (day, tenant_id, state, reason, slot, n)
    SELECT reserved_on, tenant_id, figures_state(status, delivered_at, read_at), figures_reason(status, error), pg_backend_pid(), count(*)
    FROM new_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (day, tenant_id, state, reason, slot) DO UPDATE SET n = f.n + EXCLUDED.n;
  ELSE
    INSERT INTO figures_message_day AS f (day, tenant_id, state, reason, slot, n)
    SELECT day, tenant_id, state, reason, pg_backend_pid(), sum(d) FROM (
      SELECT reserved_on AS day, tenant_id, figures_state(status, delivered_at, read_at) AS state, figures_reason(status, error) AS reason, 1 AS d FROM new_rows
      UNION ALL
      SELECT reserved_on, tenant_id, figures_state(status, delivered_at, read_at), figures_reason(status, error), -1 FROM old_rows) moved
    GROUP BY 1, 2, 3, 4 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (day, tenant_id, state, reason, slot) DO UPDATE SET n = f.n + EXCLUDED.n;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER figures_message_insert AFTER INSERT ON "message"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION figures_message_changes();

CREATE TRIGGER figures_message_update AFTER UPDATE ON "message"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION figures_message_changes();

-- Moves the rows of sessions that have ended into slot 0, as fold_message_counts does (rows no one
-- holds only, in key order). Answers the rows folded.
CREATE FUNCTION fold_figures_message_day() RETURNS integer LANGUAGE sql AS $$
  WITH doomed AS (
    SELECT f.day, f.tenant_id, f.state, f.reason, f.slot FROM figures_message_day f
    WHERE f.slot <> 0 AND NOT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.pid = f.slot)
    ORDER BY 1, 2, 3, 4, 5
    FOR UPDATE SKIP LOCKED),
  gone AS (
    DELETE FROM figures_message_day f USING doomed d
    WHERE (f.day, f.tenant_id, f.state, f.reason, f.slot) = (d.day, d.tenant_id, d.state, d.reason, d.slot)
    RETURNING f.day, f.tenant_id, f.state, f.reason, f.n),
  folded AS (
    INSERT INTO figures_message_day AS f (day, tenant_id, state, reason, slot, n)
    SELECT day, tenant_id, state, reason, 0, sum(n) FROM gone GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (day, tenant_id, state, reason, slot) DO UPDATE SET n = f.n + EXCLUDED.n
    RETURNING 1)
  SELECT count(*)::int FROM gone
$$;

-- The messages already stored, counted once; the triggers above hold `message` from their
-- creation, so no change slips between this count and them.
INSERT INTO figures_message_day (day, tenant_id, state, reason, slot, n)
SELECT reserved_on, tenant_id, figures_state(status, delivered_at, read_at), figures_reason(status, error), 0, count(*)
FROM "message" GROUP BY 1, 2, 3, 4;

-- The service on each day, as the housekeeper's last pass of that day saw it (businesses by
-- status, monthly revenue in halalas), with the day's sign-ups and churn.
CREATE TABLE "figures_service_day" (
    "day" DATE NOT NULL,
    "businesses" JSONB NOT NULL,
    "mrr" BIGINT NOT NULL,
    "signups" INTEGER NOT NULL,
    "churn" INTEGER NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "figures_service_day_pkey" PRIMARY KEY ("day")
);

-- Each business's status as the figures' pass last saw it, and the day it saw it change: churn is
-- a change of this row, so a pass counts each change once however often it runs.
CREATE TABLE "figures_business_status" (
    "tenant_id" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "since" DATE NOT NULL,

    CONSTRAINT "figures_business_status_pkey" PRIMARY KEY ("tenant_id")
);
