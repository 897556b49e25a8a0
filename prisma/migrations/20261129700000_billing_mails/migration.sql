-- A yearly period's renewal reminders (7 and 1 days before) are mailed once each: the last one
-- sent is kept on the subscription and cleared when a payment starts a new period.
ALTER TABLE "subscription" ADD COLUMN "reminded_days" INTEGER;
