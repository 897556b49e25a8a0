-- CreateEnum
CREATE TYPE "AutomationTrigger" AS ENUM ('keyword', 'pattern', 'first_message', 'outside_hours', 'reply_id', 'fallback');

-- CreateEnum
CREATE TYPE "AutomationAction" AS ENUM ('reply', 'handover', 'bot');

-- AlterTable
ALTER TABLE "inbound_message" ADD COLUMN     "choice_id" TEXT;

-- AlterTable
ALTER TABLE "message" ADD COLUMN     "automation_rule_id" INTEGER;

-- CreateTable
CREATE TABLE "automation_rule" (
    "id" SERIAL NOT NULL,
    "tenant_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "trigger" "AutomationTrigger" NOT NULL,
    "value" TEXT,
    "account_ids" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "action" "AutomationAction" NOT NULL,
    "text" TEXT,
    "image_url" TEXT,
    "cooldown_seconds" INTEGER NOT NULL DEFAULT 600,
    "bot_url" TEXT,
    "bot_secret" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "automation_rule_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "automation_work" (
    "inbound_message_id" BIGINT NOT NULL,
    "tenant_id" INTEGER NOT NULL,
    "account_id" INTEGER NOT NULL,
    "phone" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "locked_by" TEXT,
    "locked_until" TIMESTAMPTZ(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "tried_at" TIMESTAMPTZ(3),
    "outcome" TEXT,
    "rule_id" INTEGER,
    "message_id" BIGINT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "done_at" TIMESTAMPTZ(3),

    CONSTRAINT "automation_work_pkey" PRIMARY KEY ("inbound_message_id")
);

-- CreateTable
CREATE TABLE "automation_answer" (
    "rule_id" INTEGER NOT NULL,
    "phone" TEXT NOT NULL,
    "tenant_id" INTEGER NOT NULL,
    "answered_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "automation_answer_pkey" PRIMARY KEY ("rule_id","phone")
);

-- CreateTable
CREATE TABLE "automation_handover" (
    "tenant_id" INTEGER NOT NULL,
    "phone" TEXT NOT NULL,
    "until" TIMESTAMPTZ(3) NOT NULL,
    "rule_id" INTEGER,

    CONSTRAINT "automation_handover_pkey" PRIMARY KEY ("tenant_id","phone")
);

-- CreateIndex
CREATE INDEX "automation_rule_tenant_id_position_idx" ON "automation_rule"("tenant_id", "position");

-- CreateIndex
CREATE INDEX "automation_work_tenant_id_rule_id_done_at_idx" ON "automation_work"("tenant_id", "rule_id", "done_at");

-- CreateIndex
CREATE INDEX "automation_answer_tenant_id_phone_idx" ON "automation_answer"("tenant_id", "phone");

-- AddForeignKey
ALTER TABLE "automation_rule" ADD CONSTRAINT "automation_rule_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Whether a number writing in is one of the gateway's own, whichever business's (never answered).
CREATE INDEX "account_phone_number_idx" ON "account"("phone_number");

-- The answering loop's claim reads only live rows.
CREATE INDEX "automation_work_due_idx" ON "automation_work" ("created_at", "inbound_message_id") WHERE "status" IN ('pending', 'working');

-- A contact's message is owed a look by its business's rules in the transaction that stores it,
-- as its webhooks and its Chatwoot post are: a crash loses neither. A business with no enabled
-- rule queues nothing; an opting-out message is never answered, nor one without a number.
CREATE FUNCTION inbound_enqueue_automation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO automation_work (inbound_message_id, tenant_id, account_id, phone, created_at)
  SELECT n.id, n.tenant_id, n.account_id, n.from_number, n.received_at
  FROM new_rows n
  WHERE n.from_number IS NOT NULL AND NOT n.opt_out
    AND EXISTS (SELECT 1 FROM automation_rule r WHERE r.tenant_id = n.tenant_id AND r.enabled)
  ORDER BY n.id;
  RETURN NULL;
END $$;

CREATE TRIGGER inbound_automation_insert AFTER INSERT ON "inbound_message"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION inbound_enqueue_automation();

-- A message an automation rule sent says so in its events; every other message's payload is unchanged.
CREATE OR REPLACE FUNCTION message_event_payload(m "message", event_type TEXT, event_id TEXT) RETURNS JSONB
LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'id', event_id,
    'type', event_type,
    'created_at', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'data', jsonb_build_object(
      'message_id', m.id,
      'status', m.status,
      'status_version', m.status_version,
      'to', m."to",
      'batch_id', m.batch_id,
      'account_id', m.account_id,
      'error', m.error,
      'provider_error_code', m.provider_error_code,
      'sent_at', to_char(m.sent_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'delivered_at', to_char(m.delivered_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'read_at', to_char(m.read_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
      || CASE WHEN m.automation_rule_id IS NULL THEN '{}'::jsonb
         ELSE jsonb_build_object('source', 'automation', 'rule_id', m.automation_rule_id) END)
$$;
