-- The mail outbox: every email the gateway sends is first a row here, written in the same
-- transaction as what caused it (an invitation, a sign-up, an invoice), then claimed under a lease
-- and sent by the mail sender beside the queue worker. `dedupe_key` is unique, so enqueueing the
-- same mail twice (a retried request, a second run of a job) stores it once.
CREATE TYPE "MailStatus" AS ENUM ('pending', 'sending', 'sent', 'failed');

CREATE TABLE "mail_outbox" (
    "id" BIGSERIAL NOT NULL,
    "tenant_id" INTEGER,
    "dedupe_key" TEXT NOT NULL,
    "to_address" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "text_body" TEXT NOT NULL,
    "html_body" TEXT NOT NULL,
    "attach_invoice_id" BIGINT,
    "status" "MailStatus" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "run_at" TIMESTAMPTZ(3) NOT NULL,
    "locked_by" TEXT,
    "locked_until" TIMESTAMPTZ(3),
    "response_code" INTEGER,
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "sent_at" TIMESTAMPTZ(3),

    CONSTRAINT "mail_outbox_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "mail_outbox_dedupe_key_key" ON "mail_outbox"("dedupe_key");
CREATE INDEX "mail_outbox_tenant_id_id_idx" ON "mail_outbox"("tenant_id", "id" DESC);

ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- The claim reads only live rows: due pending ones by run_at, expired leases by locked_until.
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox"("run_at", "id") WHERE "status" = 'pending';
CREATE INDEX "mail_outbox_lease_idx" ON "mail_outbox"("locked_until") WHERE "status" = 'sending';
