-- CreateEnum
CREATE TYPE "ConsentSource" AS ENUM ('stop_word', 'api', 'import');

-- CreateEnum
CREATE TYPE "InboundKind" AS ENUM ('text', 'image', 'document', 'audio', 'video', 'sticker', 'location', 'button', 'reaction', 'other');

-- AlterTable
ALTER TABLE "batch" ADD COLUMN     "skipped" JSONB NOT NULL DEFAULT '[]';

-- AlterTable
ALTER TABLE "message" ADD COLUMN     "consent_notice" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "webhook_delivery" ADD COLUMN     "inbound_message_id" BIGINT,
ALTER COLUMN "message_id" DROP NOT NULL;

-- CreateTable
CREATE TABLE "contact" (
    "id" SERIAL NOT NULL,
    "tenant_id" INTEGER NOT NULL,
    "phone" TEXT NOT NULL,
    "lid" TEXT,
    "name" TEXT,
    "first_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_inbound_at" TIMESTAMPTZ(3),
    "last_outbound_at" TIMESTAMPTZ(3),
    "opted_out_at" TIMESTAMPTZ(3),
    "opt_out_source" "ConsentSource",

    CONSTRAINT "contact_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "inbound_message" (
    "id" BIGSERIAL NOT NULL,
    "tenant_id" INTEGER NOT NULL,
    "account_id" INTEGER NOT NULL,
    "provider_message_id" TEXT NOT NULL,
    "from_number" TEXT,
    "from_lid" TEXT,
    "contact_id" INTEGER,
    "kind" "InboundKind" NOT NULL,
    "text" TEXT,
    "media_url" TEXT,
    "media_id" TEXT,
    "mime_type" TEXT,
    "file_name" TEXT,
    "latitude" DOUBLE PRECISION,
    "longitude" DOUBLE PRECISION,
    "reply_to_provider_id" TEXT,
    "in_reply_to_id" BIGINT,
    "batch_id" BIGINT,
    "opt_out" BOOLEAN NOT NULL DEFAULT false,
    "sent_at" TIMESTAMPTZ(3) NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "inbound_message_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "consent_settings" (
    "tenant_id" INTEGER NOT NULL,
    "use_default_words" BOOLEAN NOT NULL DEFAULT true,
    "stop_words" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "confirmation_text" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "consent_settings_pkey" PRIMARY KEY ("tenant_id")
);

-- CreateIndex
CREATE INDEX "contact_tenant_id_id_idx" ON "contact"("tenant_id", "id" DESC);

-- CreateIndex
CREATE INDEX "contact_tenant_id_lid_idx" ON "contact"("tenant_id", "lid");

-- CreateIndex
CREATE UNIQUE INDEX "contact_tenant_id_phone_key" ON "contact"("tenant_id", "phone");

-- CreateIndex
CREATE INDEX "inbound_message_tenant_id_id_idx" ON "inbound_message"("tenant_id", "id" DESC);

-- CreateIndex
CREATE INDEX "inbound_message_tenant_id_from_number_id_idx" ON "inbound_message"("tenant_id", "from_number", "id" DESC);

-- CreateIndex
CREATE INDEX "inbound_message_batch_id_idx" ON "inbound_message"("batch_id");

-- CreateIndex
CREATE INDEX "inbound_message_in_reply_to_id_idx" ON "inbound_message"("in_reply_to_id");

-- CreateIndex
CREATE UNIQUE INDEX "inbound_message_account_id_provider_message_id_key" ON "inbound_message"("account_id", "provider_message_id");

-- CreateIndex
CREATE INDEX "message_tenant_id_to_id_idx" ON "message"("tenant_id", "to", "id" DESC);

-- AddForeignKey
ALTER TABLE "contact" ADD CONSTRAINT "contact_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "inbound_message" ADD CONSTRAINT "inbound_message_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "inbound_message" ADD CONSTRAINT "inbound_message_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "account"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "inbound_message" ADD CONSTRAINT "inbound_message_contact_id_fkey" FOREIGN KEY ("contact_id") REFERENCES "contact"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "inbound_message" ADD CONSTRAINT "inbound_message_in_reply_to_id_fkey" FOREIGN KEY ("in_reply_to_id") REFERENCES "message"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "inbound_message" ADD CONSTRAINT "inbound_message_batch_id_fkey" FOREIGN KEY ("batch_id") REFERENCES "batch"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "consent_settings" ADD CONSTRAINT "consent_settings_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- An inbound message's event (message.received) is one event, not a chain of a message's changes:
-- it has no message_id and is its own head. Only events of outbound messages lock their message
-- and wait their turn (see the webhook claim migration).
CREATE OR REPLACE FUNCTION webhook_delivery_set_head() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.message_id IS NULL THEN
    NEW.head := true;
    RETURN NEW;
  END IF;
  PERFORM 1 FROM "message" WHERE id = NEW.message_id FOR NO KEY UPDATE;
  NEW.head := NOT EXISTS (
    SELECT 1 FROM "webhook_delivery"
    WHERE endpoint_id = NEW.endpoint_id AND message_id = NEW.message_id AND status IN ('pending', 'sending'));
  RETURN NEW;
END $$;

CREATE OR REPLACE FUNCTION webhook_delivery_promote_next() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.message_id IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM "message" WHERE id = OLD.message_id FOR SHARE;
  UPDATE "webhook_delivery" SET head = true
  WHERE id = (
    SELECT min(id) FROM "webhook_delivery"
    WHERE endpoint_id = OLD.endpoint_id AND message_id = OLD.message_id AND status IN ('pending', 'sending'));
  RETURN NULL;
END $$;

-- message.received, queued in the transaction that stores the inbound message (as the message
-- triggers do for status events), so an inbound message is never stored without its webhooks.
-- A redelivered provider payload inserts nothing (ON CONFLICT DO NOTHING), so fires nothing.
CREATE FUNCTION inbound_event_payload(i "inbound_message", event_id TEXT) RETURNS JSONB
LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'id', event_id,
    'type', 'message.received',
    'created_at', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'data', jsonb_build_object(
      'inbound_message_id', i.id,
      'provider_message_id', i.provider_message_id,
      'account_id', i.account_id,
      'from', i.from_number,
      'from_lid', i.from_lid,
      'type', i.kind,
      'text', i.text,
      'media_url', i.media_url,
      'media_id', i.media_id,
      'mime_type', i.mime_type,
      'file_name', i.file_name,
      'latitude', i.latitude,
      'longitude', i.longitude,
      'in_reply_to_message_id', i.in_reply_to_id,
      'batch_id', i.batch_id,
      'opt_out', i.opt_out,
      'sent_at', to_char(i.sent_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'received_at', to_char(i.received_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
$$;

CREATE FUNCTION inbound_enqueue_webhooks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO webhook_delivery (endpoint_id, tenant_id, inbound_message_id, event_id, event_type, payload)
  SELECT e.id, n.tenant_id, n.id, 'evt_in_' || n.id, 'message.received', inbound_event_payload(n, 'evt_in_' || n.id)
  FROM new_rows n
  JOIN webhook_endpoint e ON e.tenant_id = n.tenant_id AND e.enabled
    AND (cardinality(e.events) = 0 OR 'message.received' = ANY (e.events))
  ORDER BY n.id;
  RETURN NULL;
END $$;

CREATE TRIGGER inbound_webhooks_insert AFTER INSERT ON "inbound_message"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION inbound_enqueue_webhooks();
