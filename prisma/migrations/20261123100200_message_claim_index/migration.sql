-- The queue claim (claimDueMessages) takes single sends before bulk ones, each in (run_at, id)
-- order: one partial index per kind, so each half of the claim is an index range scan that stops
-- after its LIMIT, however many rows wait.
CREATE INDEX "message_claim_single_idx" ON "message"("run_at", "id") WHERE "status" = 'pending' AND "batch_id" IS NULL;
CREATE INDEX "message_claim_bulk_idx" ON "message"("run_at", "id") WHERE "status" = 'pending' AND "batch_id" IS NOT NULL;

-- AlterTable
ALTER TABLE "account_usage" ADD COLUMN     "deferred_next_at" TIMESTAMPTZ(3);
