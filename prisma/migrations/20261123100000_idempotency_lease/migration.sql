-- AlterTable
ALTER TABLE "idempotency_key" ADD COLUMN     "batch_id" BIGINT,
ADD COLUMN     "lease_until" TIMESTAMPTZ(3),
ADD COLUMN     "message_id" BIGINT,
ADD COLUMN     "owner" TEXT;
