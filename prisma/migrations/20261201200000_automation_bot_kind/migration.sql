-- CreateEnum
CREATE TYPE "AutomationBotKind" AS ENUM ('webhook', 'typebot');

-- AlterTable
ALTER TABLE "automation_rule" ADD COLUMN     "bot_kind" "AutomationBotKind" NOT NULL DEFAULT 'webhook';

-- CreateTable
CREATE TABLE "automation_typebot_session" (
    "tenant_id" INTEGER NOT NULL,
    "phone" TEXT NOT NULL,
    "rule_id" INTEGER NOT NULL,
    "bot_url" TEXT NOT NULL,
    "session_id" TEXT NOT NULL,
    "choices" JSONB,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "automation_typebot_session_pkey" PRIMARY KEY ("tenant_id","phone","rule_id")
);

-- CreateIndex
CREATE INDEX "automation_typebot_session_expires_at_idx" ON "automation_typebot_session"("expires_at");

-- CreateIndex
CREATE INDEX "automation_typebot_session_rule_id_idx" ON "automation_typebot_session"("rule_id");
