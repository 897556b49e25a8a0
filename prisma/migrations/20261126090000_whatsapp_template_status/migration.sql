-- Meta's review status and quality of a registered WhatsApp template, kept by its webhooks.
ALTER TABLE "whatsapp_template" ADD COLUMN "quality" TEXT,
ADD COLUMN "status" TEXT NOT NULL DEFAULT 'APPROVED',
ADD COLUMN "status_changed_at" TIMESTAMPTZ(3),
ADD COLUMN "status_reason" TEXT;
