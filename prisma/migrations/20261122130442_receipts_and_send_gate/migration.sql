-- AlterTable
ALTER TABLE "account_usage" ADD COLUMN     "last_sent_at" TIMESTAMPTZ(3);

-- CreateIndex
CREATE INDEX "message_provider_message_id_idx" ON "message"("provider_message_id");
