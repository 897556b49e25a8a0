-- Sends are counted in a number's health hours by the sender-count statements, in the usage row
-- they already lock, instead of by an upsert of the hour's row when a message is marked sent: that
-- upsert made a second hot row per number, held through each commit's WAL flush, and cost the
-- one-tenant REST /send about 13 % (BENCHMARKS.md, issue 28). The hour's row now counts every
-- message counted against the number (attempts); what was `sent` before is attempts less failures.
ALTER TABLE "account_health_hour" RENAME COLUMN "sent" TO "attempts";
UPDATE "account_health_hour" SET "attempts" = "attempts" + "failed";

-- AlterTable
ALTER TABLE "account_usage" ADD COLUMN     "hour" TIMESTAMPTZ(3),
ADD COLUMN     "hour_attempts" INTEGER NOT NULL DEFAULT 0;

-- The live hour stays in account_usage; when a count starts a new hour, the finished one moves to
-- account_health_hour in the same statement, under the usage row's lock, so no count is lost or
-- counted twice. The WHEN clause keeps the function off every other update of the row.
CREATE FUNCTION account_usage_close_hour() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO account_health_hour AS h (account_id, hour, attempts)
  VALUES (OLD.account_id, OLD.hour, OLD.hour_attempts)
  ON CONFLICT (account_id, hour) DO UPDATE SET attempts = h.attempts + EXCLUDED.attempts;
  RETURN NULL;
END $$;

CREATE TRIGGER account_usage_hour_closed AFTER UPDATE ON "account_usage"
  FOR EACH ROW WHEN (OLD.hour IS NOT NULL AND OLD.hour IS DISTINCT FROM NEW.hour AND OLD.hour_attempts > 0)
  EXECUTE FUNCTION account_usage_close_hour();
