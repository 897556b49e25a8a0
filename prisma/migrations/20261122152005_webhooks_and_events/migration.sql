-- CreateEnum
CREATE TYPE "WebhookDeliveryStatus" AS ENUM ('pending', 'sending', 'delivered', 'failed');

-- AlterTable
ALTER TABLE "message" ADD COLUMN     "status_version" INTEGER NOT NULL DEFAULT 1;

-- CreateTable
CREATE TABLE "webhook_endpoint" (
    "id" SERIAL NOT NULL,
    "tenant_id" INTEGER NOT NULL,
    "url" TEXT NOT NULL,
    "secret" TEXT NOT NULL,
    "events" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_endpoint_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_delivery" (
    "id" BIGSERIAL NOT NULL,
    "endpoint_id" INTEGER NOT NULL,
    "tenant_id" INTEGER NOT NULL,
    "message_id" BIGINT NOT NULL,
    "event_id" TEXT NOT NULL,
    "event_type" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "status" "WebhookDeliveryStatus" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "run_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "locked_by" TEXT,
    "locked_until" TIMESTAMPTZ(3),
    "response_status" INTEGER,
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "delivered_at" TIMESTAMPTZ(3),

    CONSTRAINT "webhook_delivery_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "webhook_endpoint_tenant_id_idx" ON "webhook_endpoint"("tenant_id");

-- CreateIndex
CREATE INDEX "webhook_delivery_status_run_at_idx" ON "webhook_delivery"("status", "run_at");

-- CreateIndex
CREATE INDEX "webhook_delivery_endpoint_id_message_id_id_idx" ON "webhook_delivery"("endpoint_id", "message_id", "id");

-- CreateIndex
CREATE INDEX "webhook_delivery_tenant_id_id_idx" ON "webhook_delivery"("tenant_id", "id" DESC);

-- AddForeignKey
ALTER TABLE "webhook_endpoint" ADD CONSTRAINT "webhook_endpoint_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_delivery" ADD CONSTRAINT "webhook_delivery_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoint"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Every status change of a message bumps its status_version, whichever statement made it, so
-- live events and webhook payloads can be put in order (and duplicates dropped) by receivers.
CREATE FUNCTION message_bump_status_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IS DISTINCT FROM OLD.status THEN
    NEW.status_version := OLD.status_version + 1;
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER message_status_version BEFORE UPDATE OF status ON "message"
  FOR EACH ROW EXECUTE FUNCTION message_bump_status_version();

-- The webhook outbox. A delivery row must commit with the change it reports, or a crash between
-- the two would lose the event; a trigger covers every statement that moves a message (there are
-- many, each a single statement by design) without each having to join the endpoints itself.
-- Statement-level with transition tables: a worker completing 100 messages inserts their events
-- with one INSERT … SELECT, and a tenant without endpoints costs one empty join.
CREATE FUNCTION message_event_payload(m "message", event_type TEXT, event_id TEXT) RETURNS JSONB
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
      'read_at', to_char(m.read_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
$$;

CREATE FUNCTION message_enqueue_webhooks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO webhook_delivery (endpoint_id, tenant_id, message_id, event_id, event_type, payload)
    SELECT e.id, n.tenant_id, n.id, ev.id, ev.type, message_event_payload(n, ev.type, ev.id)
    FROM new_rows n
    CROSS JOIN LATERAL (SELECT 'message.status' AS type, 'evt_' || n.id || '_' || n.status_version AS id) ev
    JOIN webhook_endpoint e ON e.tenant_id = n.tenant_id AND e.enabled
      AND (cardinality(e.events) = 0 OR ev.type = ANY (e.events))
    ORDER BY n.id;
  ELSE
    INSERT INTO webhook_delivery (endpoint_id, tenant_id, message_id, event_id, event_type, payload)
    SELECT e.id, n.tenant_id, n.id, ev.id, ev.type, message_event_payload(n, ev.type, ev.id)
    FROM new_rows n
    JOIN old_rows o ON o.id = n.id
    CROSS JOIN LATERAL (
      SELECT 'message.status' AS type, 'evt_' || n.id || '_' || n.status_version AS id, 1 AS rank
      WHERE n.status IS DISTINCT FROM o.status
      UNION ALL
      SELECT 'message.delivered', 'evt_' || n.id || '_delivered', 2
      WHERE n.delivered_at IS NOT NULL AND o.delivered_at IS NULL
      UNION ALL
      SELECT 'message.read', 'evt_' || n.id || '_read', 3
      WHERE n.read_at IS NOT NULL AND o.read_at IS NULL
    ) ev
    JOIN webhook_endpoint e ON e.tenant_id = n.tenant_id AND e.enabled
      AND (cardinality(e.events) = 0 OR ev.type = ANY (e.events))
    ORDER BY n.id, ev.rank;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER message_webhooks_insert AFTER INSERT ON "message"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION message_enqueue_webhooks();

CREATE TRIGGER message_webhooks_update AFTER UPDATE ON "message"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION message_enqueue_webhooks();
