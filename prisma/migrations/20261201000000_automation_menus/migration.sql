-- AlterEnum
ALTER TYPE "AutomationAction" ADD VALUE 'menu';

-- AlterTable
ALTER TABLE "automation_rule" ADD COLUMN     "menu" JSONB;

-- CreateTable
CREATE TABLE "automation_menu_state" (
    "tenant_id" INTEGER NOT NULL,
    "phone" TEXT NOT NULL,
    "rule_id" INTEGER NOT NULL,
    "rule_updated_at" TIMESTAMPTZ(3) NOT NULL,
    "path" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "misses" INTEGER NOT NULL DEFAULT 0,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "automation_menu_state_pkey" PRIMARY KEY ("tenant_id","phone")
);

-- CreateIndex
CREATE INDEX "automation_menu_state_expires_at_idx" ON "automation_menu_state"("expires_at");

-- CreateIndex
CREATE INDEX "automation_menu_state_rule_id_idx" ON "automation_menu_state"("rule_id");
