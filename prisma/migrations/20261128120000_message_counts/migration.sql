-- Messages by month and status, kept as they change, so /metrics reads gateway_messages from a
-- few rows instead of counting the message table at every scrape (a scan of every partition: 20
-- million rows in the history benchmark). The sum of `n` over a status is the number of messages
-- in that status, exactly, in any snapshot: each row change of `message` adds to these counts in
-- its own transaction.
--
-- A session adds to rows of its own (slot: pg_backend_pid()), so two transactions never wait on
-- one row and cannot deadlock on them, however their statements interleave; fold_message_counts
-- (run by the housekeeper) moves the rows of sessions that have ended into slot 0. Rows are per
-- month of the messages' ids (id >> 40, migration partitions_by_id), so a month dropped whole
-- takes its counts with it.
CREATE TABLE "message_count" (
    "month" INTEGER NOT NULL,
    "status" "MessageStatus" NOT NULL,
    "slot" INTEGER NOT NULL,
    "n" BIGINT NOT NULL,

    CONSTRAINT "message_count_pkey" PRIMARY KEY ("month","status","slot")
);

-- Statement-level, with transition tables (the webhook outbox's triggers already have PostgreSQL
-- keep them): one upsert per statement and status, whatever the rows it moved. Rows go in key
-- order, so two folds never lock slot 0's rows in opposite orders.
CREATE FUNCTION message_count_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO message_count AS c (month, status, slot, n)
    SELECT (id >> 40)::int, status, pg_backend_pid(), count(*) FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (month, status, slot) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO message_count AS c (month, status, slot, n)
    SELECT (id >> 40)::int, status, pg_backend_pid(), -count(*) FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (month, status, slot) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSE
    -- Each row's new status counts one up and its old one down; a row whose status stayed cancels out.
    INSERT INTO message_count AS c (month, status, slot, n)
    SELECT month, status, pg_backend_pid(), sum(d) FROM (
      SELECT (id >> 40)::int AS month, status, 1 AS d FROM new_rows
      UNION ALL
      SELECT (id >> 40)::int, status, -1 FROM old_rows) moved
    GROUP BY 1, 2 HAVING sum(d) <> 0 ORDER BY 1, 2
    ON CONFLICT (month, status, slot) DO UPDATE SET n = c.n + EXCLUDED.n;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER message_count_insert AFTER INSERT ON "message"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION message_count_changes();

-- Every UPDATE, not UPDATE OF status: PostgreSQL allows no column list beside transition tables.
-- A statement that moves no status (receipts, leases) adds nothing.
CREATE TRIGGER message_count_update AFTER UPDATE ON "message"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION message_count_changes();

CREATE TRIGGER message_count_delete AFTER DELETE ON "message"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION message_count_changes();

CREATE FUNCTION message_count_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM message_count;
  RETURN NULL;
END $$;

CREATE TRIGGER message_count_truncate AFTER TRUNCATE ON "message"
  FOR EACH STATEMENT EXECUTE FUNCTION message_count_truncated();

-- Moves the counts of sessions that have ended into slot 0, taking only rows no one holds (SKIP
-- LOCKED): a fold never waits on a session, so it is never part of a deadlock, and a session
-- that comes to a row the fold holds waits for it and then makes its row again. Answers the rows folded.
CREATE FUNCTION fold_message_counts() RETURNS integer LANGUAGE sql AS $$
  WITH doomed AS (
    SELECT c.month, c.status, c.slot FROM message_count c
    WHERE c.slot <> 0 AND NOT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.pid = c.slot)
    ORDER BY 1, 2, 3
    FOR UPDATE SKIP LOCKED),
  gone AS (
    DELETE FROM message_count c USING doomed d
    WHERE (c.month, c.status, c.slot) = (d.month, d.status, d.slot)
    RETURNING c.month, c.status, c.n),
  folded AS (
    INSERT INTO message_count AS c (month, status, slot, n)
    SELECT month, status, 0, sum(n) FROM gone GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (month, status, slot) DO UPDATE SET n = c.n + EXCLUDED.n
    RETURNING 1)
  SELECT count(*)::int FROM gone
$$;

-- A month's partition dropped whole (drop_id_partition) takes its months' counts. The counts'
-- table is taken EXCLUSIVE without waiting first, so a fold in progress (whose new slot-0 rows
-- this DELETE would not see) is waited out by the drop's own retries; no session writes counts
-- meanwhile, since the drop holds `message` ACCESS EXCLUSIVE.
CREATE FUNCTION message_count_forget_partition(part text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  bound text := (SELECT pg_get_expr(c.relpartbound, c.oid) FROM pg_class c WHERE c.oid = to_regclass(quote_ident(part)));
  lo bigint := (regexp_match(bound, 'FROM [(]''?(-?[0-9]+)''?[)]'))[1]::bigint;
  hi bigint := (regexp_match(bound, 'TO [(]''?(-?[0-9]+)''?[)]'))[1]::bigint;
BEGIN
  IF bound IS NULL THEN
    RAISE EXCEPTION 'no partition %', part;
  END IF;
  LOCK TABLE message_count IN EXCLUSIVE MODE NOWAIT;
  DELETE FROM message_count WHERE (lo IS NULL OR month >= lo >> 40) AND (hi IS NULL OR month <= (hi - 1) >> 40);
END $$;

CREATE OR REPLACE FUNCTION drop_id_partition(tbl text, part text) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF to_regclass(quote_ident(part)) IS NULL THEN
    RETURN false;
  END IF;
  IF tbl = 'message' THEN
    PERFORM message_count_forget_partition(part);
  END IF;
  EXECUTE format('ALTER TABLE %I DETACH PARTITION %I', tbl, part);
  EXECUTE format('DROP TABLE %I', part);
  RETURN true;
END $$;

-- The messages already stored, counted once; the triggers above hold `message` (SHARE ROW
-- EXCLUSIVE) from their creation, so no change slips between this count and them.
INSERT INTO message_count (month, status, slot, n)
SELECT (id >> 40)::int, status, 0, count(*) FROM "message" GROUP BY 1, 2;
