-- The hour before the live one stays in the usage row as well as in account_health_hour: a sender
-- count that waited for the row's lock while another moved the hour on reads account_health_hour
-- from a snapshot taken before that move, so the messaging tier's re-check takes the closed hour
-- from the locked row instead (accounts/warm-up.ts, tierUsedSql).
-- AlterTable
ALTER TABLE "account_usage" ADD COLUMN     "prev_hour" TIMESTAMPTZ(3),
ADD COLUMN     "prev_hour_attempts" INTEGER NOT NULL DEFAULT 0;
