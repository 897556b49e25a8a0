-- Messages, inbound messages and webhook deliveries become range-partitioned by id, a partition a
-- (UTC) month. Ids stay one sequence per table; the housekeeper makes the coming months'
-- partitions ahead and, once a month has begun, moves the table's sequence up to that month's
-- first id (core/db/partitions.ts). So an id names its month, `id = x` reads one partition, and an
-- insert always has a partition to land in, whenever the housekeeper last ran.
--
-- Rows already stored stay where they are: each old table that holds any becomes its parent's
-- first partition, `<table>_before`, holding every id below the current month. Nothing is rewritten or rebuilt
-- (the parent adopts the old table's indexes); each table is locked (ACCESS EXCLUSIVE) from its
-- rename to the end of this migration, for one scan of its ids (the CHECK that spares ATTACH its
-- own) and the re-check of the foreign key inbound_message.in_reply_to_id, which now points at
-- the parent. docs/operations.md gives the times measured.

-- Month m (counted from 2026-01 = 1) holds ids [m << 40, (m + 1) << 40): 2^40 ids a month, and
-- 8,191 months before an id passes 2^53, the largest a JSON number carries exactly.
CREATE FUNCTION id_month_base(month date) RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (((EXTRACT(YEAR FROM month)::int - 2025) * 12 + EXTRACT(MONTH FROM month)::int - 12)::bigint) << 40 $$;

-- Locks `tbl` and the tables its foreign keys join it to (those it points at and those pointing
-- at it) in `mode`, without waiting: 55P03 if any is held. Adding or removing a partition
-- changes those keys' triggers on every one of them, and a DDL statement that waited for one
-- while holding another could deadlock with a send, which PostgreSQL might then choose to fail.
-- Never waiting, the housekeeper is never part of a cycle; it tries again a moment later.
CREATE FUNCTION lock_partition_neighbours(tbl text, mode text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  names text;
BEGIN
  SELECT string_agg(DISTINCT quote_ident(c.relname), ', ') INTO names FROM pg_class c
  WHERE c.oid IN (SELECT confrelid FROM pg_constraint WHERE conrelid = tbl::regclass AND contype = 'f'
                  UNION SELECT conrelid FROM pg_constraint WHERE confrelid = tbl::regclass AND contype = 'f' AND conparentid = 0);
  EXECUTE format('LOCK TABLE %I IN %s MODE NOWAIT', tbl, CASE WHEN mode = 'drop' THEN 'ACCESS EXCLUSIVE' ELSE 'SHARE UPDATE EXCLUSIVE' END);
  IF names IS NOT NULL THEN
    EXECUTE format('LOCK TABLE %s IN %s MODE NOWAIT', names, CASE WHEN mode = 'drop' THEN 'ACCESS EXCLUSIVE' ELSE 'SHARE ROW EXCLUSIVE' END);
  END IF;
END $$;

-- Makes `tbl`'s partition for `month` (its first day) unless it exists; answers whether it did.
-- Made on its own and then attached: ATTACH takes SHARE UPDATE EXCLUSIVE on the parent, where
-- CREATE TABLE ... PARTITION OF takes ACCESS EXCLUSIVE, so sends go on meanwhile; the tables
-- joined by foreign keys are held SHARE ROW EXCLUSIVE for the moment it takes.
CREATE FUNCTION open_id_partition(tbl text, month date) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  part text := tbl || '_' || to_char(month, 'YYYY_MM');
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext(part));
  IF to_regclass(quote_ident(part)) IS NOT NULL THEN
    RETURN false;
  END IF;
  PERFORM lock_partition_neighbours(tbl, 'open');
  EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS INCLUDING STORAGE)', part, tbl);
  EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (%s) TO (%s)', tbl, part,
    id_month_base(month), id_month_base((month + interval '1 month')::date));
  RETURN true;
END $$;

-- Moves `tbl`'s sequence up to `month`'s first id if it is still below; answers whether it did.
-- Under a lock, so two housekeepers never both set it: the second would hand out ids again.
CREATE FUNCTION advance_id_sequence(tbl text, month date) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  seq text := tbl || '_id_seq';
  base bigint := id_month_base(month);
  last bigint;
BEGIN
  IF to_regclass(quote_ident(tbl || '_' || to_char(month, 'YYYY_MM'))) IS NULL THEN
    RAISE EXCEPTION 'no partition of % for %', tbl, month;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext(seq));
  EXECUTE format('SELECT CASE WHEN is_called THEN last_value ELSE last_value - 1 END FROM %I', seq) INTO last;
  IF last >= base THEN
    RETURN false;
  END IF;
  PERFORM setval(seq, base, false);
  RETURN true;
END $$;

-- Takes `tbl` (and so its partitions) and its foreign keys' tables ACCESS EXCLUSIVE for the rest
-- of the transaction, without waiting, before anything else of it is read: judging a partition,
-- letting go of what points into it and dropping it happen with no statement between. Sends
-- wait behind it for the milliseconds that takes.
CREATE FUNCTION lock_id_partitions(tbl text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lock_partition_neighbours(tbl, 'drop');
END $$;

-- Detaches and drops one of `tbl`'s partitions unless it has gone already (another housekeeper);
-- answers whether it did. Run after lock_id_partitions, in its transaction.
CREATE FUNCTION drop_id_partition(tbl text, part text) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF to_regclass(quote_ident(part)) IS NULL THEN
    RETURN false;
  END IF;
  EXECUTE format('ALTER TABLE %I DETACH PARTITION %I', tbl, part);
  EXECUTE format('DROP TABLE %I', part);
  RETURN true;
END $$;

CREATE FUNCTION pg_temp.partition_by_id(tbl text, month date) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r record;
  stmt text;
  later text[] := '{}';
  fns text[] := '{}';
  doomed oid[] := '{}';
  fn oid;
  old text := tbl || '_before';
  first_id bigint := id_month_base(month);
  kept boolean;
BEGIN
  -- Triggers move to the parent (a partition keeping its own would fire them twice).
  FOR r IN SELECT tgname, pg_get_triggerdef(oid) AS def FROM pg_trigger WHERE tgrelid = tbl::regclass AND NOT tgisinternal LOOP
    later := later || r.def;
    EXECUTE format('DROP TRIGGER %I ON %I', r.tgname, tbl);
  END LOOP;
  FOR r IN SELECT conrelid::regclass::text AS t, conname, pg_get_constraintdef(oid) AS def FROM pg_constraint
           WHERE confrelid = tbl::regclass AND contype = 'f' AND conparentid = 0 LOOP
    later := later || format('ALTER TABLE %s ADD CONSTRAINT %I %s', r.t, r.conname, r.def);
    EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', r.t, r.conname);
  END LOOP;
  -- Functions taking the table's row type would follow the old table's: they are made again for
  -- the parent's (their text still names the table) and the old ones dropped.
  FOR r IN SELECT p.oid, pg_get_functiondef(p.oid) AS def FROM pg_proc p
           WHERE (SELECT reltype FROM pg_class WHERE oid = tbl::regclass) = ANY (p.proargtypes::oid[]) LOOP
    fns := fns || r.def;
    doomed := doomed || r.oid;
  END LOOP;
  EXECUTE format('ALTER TABLE %I RENAME TO %I', tbl, old);
  EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS INCLUDING STORAGE INCLUDING COMMENTS) PARTITION BY RANGE (id)', tbl, old);
  FOREACH stmt IN ARRAY fns LOOP
    EXECUTE stmt;
  END LOOP;
  FOREACH fn IN ARRAY doomed LOOP
    EXECUTE format('DROP FUNCTION %s', fn::regprocedure);
  END LOOP;
  -- The parent's indexes take the old names; ATTACH adopts the old table's equal ones unbuilt.
  FOR r IN SELECT c.relname, pg_get_indexdef(i.indexrelid) AS def, i.indisprimary FROM pg_index i
           JOIN pg_class c ON c.oid = i.indexrelid WHERE i.indrelid = old::regclass LOOP
    EXECUTE format('ALTER INDEX %I RENAME TO %I', r.relname, left(old || substr(r.relname, length(tbl) + 1), 63));
    IF r.indisprimary THEN
      EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I PRIMARY KEY (id)', tbl, r.relname);
    ELSE
      EXECUTE regexp_replace(r.def, ' ON \S+ USING ', format(' ON %I USING ', tbl));
    END IF;
  END LOOP;
  FOR r IN SELECT conname, pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = old::regclass AND contype = 'f' AND conparentid = 0 LOOP
    EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I %s', tbl, r.conname, r.def);
  END LOOP;
  EXECUTE format('ALTER SEQUENCE %I OWNED BY %I.id', tbl || '_id_seq', tbl);
  EXECUTE format('ALTER TABLE %I ALTER COLUMN id DROP DEFAULT', old);
  EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I)', old) INTO kept;
  IF kept THEN
    EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I CHECK (id < %s)', old, old || '_bound', first_id);
    EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (MINVALUE) TO (%s)', tbl, old, first_id);
    EXECUTE format('ALTER TABLE %I DROP CONSTRAINT %I', old, old || '_bound');
  ELSE
    -- A new database has nothing to keep: no first partition to carry.
    EXECUTE format('DROP TABLE %I', old);
  END IF;
  EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%s) TO (%s)', tbl || '_' || to_char(month, 'YYYY_MM'), tbl,
    first_id, id_month_base((month + interval '1 month')::date));
  PERFORM advance_id_sequence(tbl, month);
  FOREACH stmt IN ARRAY later LOOP
    EXECUTE stmt;
  END LOOP;
END $$;

-- A provider's redelivery is known by its id per receiving number. A unique index over a
-- partitioned table must hold the partition key, so that key moves to a table of its own,
-- kept for the weeks providers redeliver in (the housekeeper forgets older ones).
CREATE TABLE "inbound_seen" (
    "account_id" INTEGER NOT NULL,
    "provider_message_id" TEXT NOT NULL,
    "seen_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "inbound_seen_pkey" PRIMARY KEY ("account_id","provider_message_id")
);
CREATE INDEX "inbound_seen_seen_at_idx" ON "inbound_seen"("seen_at");
ALTER TABLE "inbound_seen" ADD CONSTRAINT "inbound_seen_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE CASCADE;
INSERT INTO inbound_seen (account_id, provider_message_id, seen_at)
  SELECT account_id, provider_message_id, received_at FROM inbound_message WHERE received_at > now() - interval '30 days';

-- The lookup by provider id stays, without the uniqueness.
CREATE INDEX "inbound_message_account_id_provider_message_id_idx" ON "inbound_message"("account_id", "provider_message_id");
DROP INDEX "inbound_message_account_id_provider_message_id_key";

SELECT pg_temp.partition_by_id('message', date_trunc('month', now() AT TIME ZONE 'UTC')::date);
SELECT pg_temp.partition_by_id('inbound_message', date_trunc('month', now() AT TIME ZONE 'UTC')::date);
SELECT pg_temp.partition_by_id('webhook_delivery', date_trunc('month', now() AT TIME ZONE 'UTC')::date);
