-- AlterTable
ALTER TABLE "batch" ADD COLUMN     "final_counts" JSONB;

-- AlterTable
ALTER TABLE "tenant" ADD COLUMN     "message_retention_days" INTEGER;

-- Retention looks for expired batches whose counts are not kept yet: the ones not yet looked at,
-- without the history of those already done.
CREATE INDEX "batch_counts_not_kept_idx" ON "batch" ("tenant_id", "id") WHERE "final_counts" IS NULL;
