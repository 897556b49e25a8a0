-- AlterTable
ALTER TABLE "automation_rule" ADD COLUMN     "content" JSONB;
