-- CreateEnum
CREATE TYPE "ChatwootWorkStatus" AS ENUM ('pending', 'sending', 'done', 'failed');

-- AlterTable
ALTER TABLE "chatwoot_bridge" ADD COLUMN     "last_error" TEXT,
ADD COLUMN     "last_error_at" TIMESTAMPTZ(3),
ADD COLUMN     "last_posted_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "chatwoot_contact" (
    "bridge_id" INTEGER NOT NULL,
    "phone" TEXT NOT NULL,
    "chatwoot_contact_id" INTEGER NOT NULL,
    "source_id" TEXT NOT NULL,
    "conversation_id" INTEGER,
    "account_id" INTEGER,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "chatwoot_contact_pkey" PRIMARY KEY ("bridge_id","phone")
);

-- CreateTable
CREATE TABLE "chatwoot_outbox" (
    "id" BIGSERIAL NOT NULL,
    "bridge_id" INTEGER NOT NULL,
    "phone" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "inbound_message_id" BIGINT,
    "note" TEXT,
    "status" "ChatwootWorkStatus" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "run_at" TIMESTAMPTZ(3) NOT NULL,
    "locked_by" TEXT,
    "locked_until" TIMESTAMPTZ(3),
    "last_error" TEXT,
    "chatwoot_message_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "done_at" TIMESTAMPTZ(3),

    CONSTRAINT "chatwoot_outbox_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "chatwoot_reply" (
    "id" BIGSERIAL NOT NULL,
    "bridge_id" INTEGER NOT NULL,
    "chatwoot_message_id" INTEGER NOT NULL,
    "conversation_id" INTEGER NOT NULL,
    "phone" TEXT NOT NULL,
    "account_id" INTEGER,
    "content" JSONB NOT NULL,
    "status" "ChatwootWorkStatus" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "run_at" TIMESTAMPTZ(3) NOT NULL,
    "locked_by" TEXT,
    "locked_until" TIMESTAMPTZ(3),
    "last_error" TEXT,
    "message_ids" BIGINT[] DEFAULT ARRAY[]::BIGINT[],
    "tick" TEXT,
    "ticks_open" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "chatwoot_reply_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "chatwoot_contact_bridge_id_conversation_id_idx" ON "chatwoot_contact"("bridge_id", "conversation_id");

-- CreateIndex
CREATE UNIQUE INDEX "chatwoot_reply_bridge_id_chatwoot_message_id_key" ON "chatwoot_reply"("bridge_id", "chatwoot_message_id");

-- AddForeignKey
ALTER TABLE "chatwoot_contact" ADD CONSTRAINT "chatwoot_contact_bridge_id_fkey" FOREIGN KEY ("bridge_id") REFERENCES "chatwoot_bridge"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "chatwoot_outbox" ADD CONSTRAINT "chatwoot_outbox_bridge_id_fkey" FOREIGN KEY ("bridge_id") REFERENCES "chatwoot_bridge"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "chatwoot_reply" ADD CONSTRAINT "chatwoot_reply_bridge_id_fkey" FOREIGN KEY ("bridge_id") REFERENCES "chatwoot_bridge"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The relay's claims read only live rows: an outbox's head per contact (its earliest row not yet
-- posted, so a contact's messages are posted in order), due replies, and replies whose ticks may
-- still change. Done rows stay out of these indexes, however many accumulate.
CREATE INDEX "chatwoot_outbox_live_idx" ON "chatwoot_outbox" ("bridge_id", "phone", "id") WHERE "status" IN ('pending', 'sending');
CREATE INDEX "chatwoot_outbox_done_idx" ON "chatwoot_outbox" ("done_at") WHERE "status" IN ('done', 'failed');
CREATE INDEX "chatwoot_reply_due_idx" ON "chatwoot_reply" ("run_at", "id") WHERE "status" IN ('pending', 'sending');
CREATE INDEX "chatwoot_reply_ticks_idx" ON "chatwoot_reply" ("bridge_id", "id") WHERE "ticks_open";
-- A contact's quote of an agent's message is threaded to it in Chatwoot: found among that contact's replies.
CREATE INDEX "chatwoot_reply_contact_idx" ON "chatwoot_reply" ("bridge_id", "phone", "id");

-- A contact's message to a number a Chatwoot bridge carries is owed to Chatwoot in the same
-- transaction that stores it, as webhook deliveries are (inbound_enqueue_webhooks): a crash can
-- lose neither. An opting-out message is followed by its private note. Messages without a number
-- (a WhatsApp LID only) cannot be matched to a Chatwoot contact and are not carried.
CREATE FUNCTION inbound_enqueue_chatwoot() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO chatwoot_outbox (bridge_id, phone, kind, inbound_message_id, run_at, created_at)
  SELECT b.id, n.from_number, k.kind, n.id, n.received_at, n.received_at
  FROM new_rows n
  JOIN chatwoot_bridge b ON b.tenant_id = n.tenant_id AND n.account_id = ANY (b.account_ids)
  CROSS JOIN LATERAL (SELECT 'message' AS kind, 1 AS rank UNION ALL SELECT 'opt_out', 2 WHERE n.opt_out) k
  WHERE n.from_number IS NOT NULL
  ORDER BY n.id, k.rank;
  RETURN NULL;
END $$;

CREATE TRIGGER inbound_chatwoot_insert AFTER INSERT ON "inbound_message"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION inbound_enqueue_chatwoot();
