-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "AccountStatus" ADD VALUE 'paused';
ALTER TYPE "AccountStatus" ADD VALUE 'restricted';
ALTER TYPE "AccountStatus" ADD VALUE 'banned';

-- AlterTable
ALTER TABLE "account" ADD COLUMN     "first_contact_cap" INTEGER,
ADD COLUMN     "last_paused_at" TIMESTAMPTZ(3),
ADD COLUMN     "messaging_tier" INTEGER,
ADD COLUMN     "pause_strikes" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "provider_block" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "quality" TEXT,
ADD COLUMN     "slow_factor" INTEGER NOT NULL DEFAULT 1,
ADD COLUMN     "slow_until" TIMESTAMPTZ(3),
ADD COLUMN     "status_reason" TEXT,
ADD COLUMN     "status_since" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "status_until" TIMESTAMPTZ(3),
ADD COLUMN     "warmup_ramp" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
ADD COLUMN     "warmup_started_on" DATE;

-- AlterTable
ALTER TABLE "account_usage" ADD COLUMN     "first_contacts" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "plan" ADD COLUMN     "first_contact_cap" INTEGER NOT NULL DEFAULT 20,
ADD COLUMN     "warmup_ramp" INTEGER[] DEFAULT ARRAY[20, 40, 80, 160, 320]::INTEGER[];

-- CreateTable
CREATE TABLE "health_settings" (
    "tenant_id" INTEGER NOT NULL,
    "opt_out_rate_percent" DOUBLE PRECISION NOT NULL DEFAULT 2,
    "undeliverable_rate_percent" DOUBLE PRECISION NOT NULL DEFAULT 10,
    "failure_rate_percent" DOUBLE PRECISION NOT NULL DEFAULT 25,
    "min_sends" INTEGER NOT NULL DEFAULT 100,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "health_settings_pkey" PRIMARY KEY ("tenant_id")
);

-- CreateTable
CREATE TABLE "account_state_change" (
    "id" BIGSERIAL NOT NULL,
    "tenant_id" INTEGER NOT NULL,
    "account_id" INTEGER NOT NULL,
    "from_state" TEXT NOT NULL,
    "to_state" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "signal" TEXT NOT NULL,
    "until" TIMESTAMPTZ(3),
    "at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "account_state_change_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "account_health_hour" (
    "account_id" INTEGER NOT NULL,
    "hour" TIMESTAMPTZ(3) NOT NULL,
    "sent" INTEGER NOT NULL DEFAULT 0,
    "failed" INTEGER NOT NULL DEFAULT 0,
    "undeliverable" INTEGER NOT NULL DEFAULT 0,
    "opt_outs" INTEGER NOT NULL DEFAULT 0,
    "replies" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "account_health_hour_pkey" PRIMARY KEY ("account_id","hour")
);

-- CreateIndex
CREATE INDEX "account_state_change_account_id_id_idx" ON "account_state_change"("account_id", "id" DESC);

-- AddForeignKey
ALTER TABLE "health_settings" ADD CONSTRAINT "health_settings_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "account_state_change" ADD CONSTRAINT "account_state_change_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "account_state_change" ADD CONSTRAINT "account_state_change_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "account"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "account_health_hour" ADD CONSTRAINT "account_health_hour_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "account"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- account.status_changed, queued in the transaction that records the change (as the message and
-- inbound triggers do), so a number's state never changes without its webhooks. Like
-- message.received it is one event, not a chain of a message's changes: no message_id, its own head.
CREATE FUNCTION account_state_event_payload(c "account_state_change", event_id TEXT) RETURNS JSONB
LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'id', event_id,
    'type', 'account.status_changed',
    'created_at', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'data', jsonb_build_object(
      'account_id', c.account_id,
      'phone_number', (SELECT phone_number FROM "account" WHERE id = c.account_id),
      'from_state', c.from_state,
      'state', c.to_state,
      'status', CASE WHEN c.to_state IN ('connected', 'warming_up') THEN 'connected' ELSE c.to_state END,
      'reason', c.reason,
      'signal', c.signal,
      'until', to_char(c.until AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'at', to_char(c.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
$$;

CREATE FUNCTION account_state_enqueue_webhooks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO webhook_delivery (endpoint_id, tenant_id, event_id, event_type, payload)
  SELECT e.id, n.tenant_id, 'evt_acct_' || n.id, 'account.status_changed', account_state_event_payload(n, 'evt_acct_' || n.id)
  FROM new_rows n
  JOIN webhook_endpoint e ON e.tenant_id = n.tenant_id AND e.enabled
    AND (cardinality(e.events) = 0 OR 'account.status_changed' = ANY (e.events))
  ORDER BY n.id;
  RETURN NULL;
END $$;

CREATE TRIGGER account_state_webhooks_insert AFTER INSERT ON "account_state_change"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION account_state_enqueue_webhooks();
