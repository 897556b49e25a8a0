-- Traces (docs/operations.md, "Traces"): a message keeps the W3C traceparent of the span that
-- stored it, and the outbox trigger copies it onto the webhook deliveries of the message's events,
-- so the worker's delivery and each webhook POST join the trace of the request that asked for it.
-- Null when tracing is off: the column costs nothing then.

-- AlterTable
ALTER TABLE "message" ADD COLUMN     "trace_parent" TEXT;

-- AlterTable
ALTER TABLE "webhook_delivery" ADD COLUMN     "trace_parent" TEXT;

-- The outbox trigger of the webhook heads migration, carrying the message's traceparent.
CREATE OR REPLACE FUNCTION message_enqueue_webhooks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO webhook_delivery (endpoint_id, tenant_id, message_id, event_id, event_type, payload, head, trace_parent)
    SELECT e.id, n.tenant_id, n.id, ev.id, ev.type, message_event_payload(n, ev.type, ev.id), true, n.trace_parent
    FROM new_rows n
    CROSS JOIN LATERAL (SELECT 'message.status' AS type, 'evt_' || n.id || '_' || n.status_version AS id) ev
    JOIN webhook_endpoint e ON e.tenant_id = n.tenant_id AND e.enabled
      AND (cardinality(e.events) = 0 OR ev.type = ANY (e.events))
    ORDER BY n.id;
  ELSE
    INSERT INTO webhook_delivery (endpoint_id, tenant_id, message_id, event_id, event_type, payload, head, trace_parent)
    SELECT e.id, n.tenant_id, n.id, ev.id, ev.type, message_event_payload(n, ev.type, ev.id),
      row_number() OVER (PARTITION BY e.id, n.id ORDER BY ev.rank) = 1
        AND NOT EXISTS (
          SELECT 1 FROM webhook_delivery d
          WHERE d.endpoint_id = e.id AND d.message_id = n.id AND d.status IN ('pending', 'sending')),
      n.trace_parent
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
