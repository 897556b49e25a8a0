-- CreateEnum
CREATE TYPE "ExportKind" AS ENUM ('messages', 'inbound');

-- CreateEnum
CREATE TYPE "ExportFormat" AS ENUM ('csv', 'ndjson');

-- CreateEnum
CREATE TYPE "ExportStatus" AS ENUM ('queued', 'running', 'ready', 'failed', 'expired');

-- CreateTable
CREATE TABLE "export_job" (
    "id" BIGSERIAL NOT NULL,
    "tenant_id" INTEGER NOT NULL,
    "kind" "ExportKind" NOT NULL,
    "format" "ExportFormat" NOT NULL,
    "account_ids" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "range_from" TIMESTAMPTZ(3) NOT NULL,
    "range_to" TIMESTAMPTZ(3) NOT NULL,
    "status" "ExportStatus" NOT NULL DEFAULT 'queued',
    "max_id" BIGINT,
    "rows_total" INTEGER,
    "cursor_id" BIGINT NOT NULL DEFAULT 0,
    "rows_done" INTEGER NOT NULL DEFAULT 0,
    "chunks" INTEGER NOT NULL DEFAULT 0,
    "bytes" BIGINT NOT NULL DEFAULT 0,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "locked_by" TEXT,
    "locked_until" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),
    "expires_at" TIMESTAMPTZ(3),

    CONSTRAINT "export_job_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "export_chunk" (
    "export_id" BIGINT NOT NULL,
    "seq" INTEGER NOT NULL,
    "data" BYTEA NOT NULL,

    CONSTRAINT "export_chunk_pkey" PRIMARY KEY ("export_id","seq")
);

-- CreateIndex
CREATE INDEX "export_job_tenant_id_id_idx" ON "export_job"("tenant_id", "id" DESC);

-- CreateIndex
CREATE INDEX "export_job_status_locked_until_idx" ON "export_job"("status", "locked_until");

-- CreateIndex
CREATE INDEX "export_job_expires_at_idx" ON "export_job"("expires_at");

-- AddForeignKey
ALTER TABLE "export_job" ADD CONSTRAINT "export_job_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "export_chunk" ADD CONSTRAINT "export_chunk_export_id_fkey" FOREIGN KEY ("export_id") REFERENCES "export_job"("id") ON DELETE CASCADE ON UPDATE CASCADE;
