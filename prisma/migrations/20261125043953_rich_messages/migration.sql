-- CreateEnum
CREATE TYPE "WhatsAppTemplateCategory" AS ENUM ('marketing', 'utility', 'authentication');

-- AlterTable
ALTER TABLE "batch" ADD COLUMN     "content" JSONB;

-- AlterTable
ALTER TABLE "message" ADD COLUMN     "content" JSONB,
ADD COLUMN     "sender_choices" INTEGER[] DEFAULT ARRAY[]::INTEGER[];

-- CreateTable
CREATE TABLE "whatsapp_template" (
    "id" SERIAL NOT NULL,
    "tenant_id" INTEGER NOT NULL,
    "account_id" INTEGER,
    "name" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "category" "WhatsAppTemplateCategory" NOT NULL,
    "components" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "whatsapp_template_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "whatsapp_template_tenant_id_name_language_key" ON "whatsapp_template"("tenant_id", "name", "language");

-- CreateIndex
CREATE INDEX "inbound_message_account_id_from_number_sent_at_idx" ON "inbound_message"("account_id", "from_number", "sent_at" DESC);

-- AddForeignKey
ALTER TABLE "whatsapp_template" ADD CONSTRAINT "whatsapp_template_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "whatsapp_template" ADD CONSTRAINT "whatsapp_template_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE CASCADE;
