-- AlterTable
ALTER TABLE "tenant" ADD COLUMN     "suspension_reason" TEXT;
