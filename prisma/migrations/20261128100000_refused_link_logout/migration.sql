-- A link refused because another phone scanned its code (or the phone was another number's) owes
-- its session a logout until WAHA confirms one: the sweep tries it again from logout_due_at, with
-- a backoff that doubles with logout_attempts, and a restart keeps what is owed.
ALTER TABLE "number_link" ADD COLUMN     "logout_attempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "logout_due_at" TIMESTAMPTZ(3);
