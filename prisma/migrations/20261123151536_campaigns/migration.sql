-- CreateEnum
CREATE TYPE "MessagePriority" AS ENUM ('high', 'normal');

-- DropIndex
DROP INDEX "batch_tenant_id_idx";

-- AlterTable
ALTER TABLE "batch" ADD COLUMN     "priority" "MessagePriority" NOT NULL DEFAULT 'normal',
ADD COLUMN     "send_at" TIMESTAMPTZ(3),
ADD COLUMN     "template_id" INTEGER;

-- AlterTable
ALTER TABLE "message" ADD COLUMN     "priority" "MessagePriority" NOT NULL DEFAULT 'normal',
ADD COLUMN     "template_id" INTEGER;

-- CreateTable
CREATE TABLE "template" (
    "id" SERIAL NOT NULL,
    "tenant_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "image_url" TEXT,
    "variables" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "template_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "send_window" (
    "tenant_id" INTEGER NOT NULL,
    "time_zone" TEXT NOT NULL,
    "days" INTEGER[],
    "start_minute" INTEGER NOT NULL,
    "end_minute" INTEGER NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "send_window_pkey" PRIMARY KEY ("tenant_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "template_tenant_id_name_key" ON "template"("tenant_id", "name");

-- CreateIndex
CREATE INDEX "batch_tenant_id_id_idx" ON "batch"("tenant_id", "id" DESC);

-- AddForeignKey
ALTER TABLE "batch" ADD CONSTRAINT "batch_template_id_fkey" FOREIGN KEY ("template_id") REFERENCES "template"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "message" ADD CONSTRAINT "message_template_id_fkey" FOREIGN KEY ("template_id") REFERENCES "template"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "template" ADD CONSTRAINT "template_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "send_window" ADD CONSTRAINT "send_window_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Messages accepted before priorities existed: single sends were always claimed first.
UPDATE "message" SET "priority" = 'high' WHERE "batch_id" IS NULL;

-- The queue claim (claimDueMessages) takes high-priority messages before normal ones, each in
-- (run_at, id) order: one partial index per priority, so each half of the claim is an index range
-- scan that stops after its LIMIT, however many rows wait. They replace the single/bulk pair.
DROP INDEX "message_claim_single_idx";
DROP INDEX "message_claim_bulk_idx";
CREATE INDEX "message_claim_high_idx" ON "message"("run_at", "id") WHERE "status" = 'pending' AND "priority" = 'high';
CREATE INDEX "message_claim_normal_idx" ON "message"("run_at", "id") WHERE "status" = 'pending' AND "priority" = 'normal';

-- A high message that takes a pacing slot swaps it with the earliest slot a normal message of the
-- same number waits for (takeEarlierPacingSlot): this finds that message without a scan.
CREATE INDEX "message_paced_normal_idx" ON "message"("account_id", "paced_at") WHERE "status" = 'pending' AND "priority" = 'normal' AND "paced_at" IS NOT NULL;

-- Deleting a template asks which queued messages still use it, and its foreign key sets theirs to
-- NULL; few messages come from templates, so only those are indexed.
CREATE INDEX "message_template_idx" ON "message"("template_id") WHERE "template_id" IS NOT NULL;
