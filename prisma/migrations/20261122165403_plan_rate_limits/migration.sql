-- AlterTable
ALTER TABLE "plan" ADD COLUMN     "request_burst" INTEGER NOT NULL DEFAULT 40,
ADD COLUMN     "requests_per_second" INTEGER NOT NULL DEFAULT 20;
