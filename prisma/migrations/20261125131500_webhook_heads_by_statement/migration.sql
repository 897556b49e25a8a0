-- The message outbox trigger decides its deliveries' chain heads itself, for the whole statement,
-- instead of the per-row trigger doing it for each delivery. A 500-number bulk for a tenant with
-- 10 endpoints inserts 5,000 deliveries, and each row used to lock its message again and probe
-- the live deliveries of its chain (1.3–3.2 s on the embedded database; issue 30). Both are
-- known without looking here: the trigger runs in the transaction that inserted or updated the
-- message, which already holds the row lock the per-row trigger took (so the promotion's ordering
-- argument is unchanged), and
--   - a message inserted by this statement has no deliveries yet: each of its deliveries is the
--     head of its chain;
--   - for a message updated by this statement, the first new delivery per endpoint is the head
--     when no live one exists (read once, as a set); the later ones of the same statement follow it.
-- The per-row trigger now runs only for a delivery inserted without its head decided (a replay).

CREATE OR REPLACE FUNCTION message_enqueue_webhooks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO webhook_delivery (endpoint_id, tenant_id, message_id, event_id, event_type, payload, head)
    SELECT e.id, n.tenant_id, n.id, ev.id, ev.type, message_event_payload(n, ev.type, ev.id), true
    FROM new_rows n
    CROSS JOIN LATERAL (SELECT 'message.status' AS type, 'evt_' || n.id || '_' || n.status_version AS id) ev
    JOIN webhook_endpoint e ON e.tenant_id = n.tenant_id AND e.enabled
      AND (cardinality(e.events) = 0 OR ev.type = ANY (e.events))
    ORDER BY n.id;
  ELSE
    INSERT INTO webhook_delivery (endpoint_id, tenant_id, message_id, event_id, event_type, payload, head)
    SELECT e.id, n.tenant_id, n.id, ev.id, ev.type, message_event_payload(n, ev.type, ev.id),
      row_number() OVER (PARTITION BY e.id, n.id ORDER BY ev.rank) = 1
        AND NOT EXISTS (
          SELECT 1 FROM webhook_delivery d
          WHERE d.endpoint_id = e.id AND d.message_id = n.id AND d.status IN ('pending', 'sending'))
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

-- A delivery inserted as head = true was decided by its inserter (above); any other is decided here.
DROP TRIGGER webhook_delivery_head ON "webhook_delivery";
CREATE TRIGGER webhook_delivery_head BEFORE INSERT ON "webhook_delivery"
  FOR EACH ROW WHEN (NOT NEW.head) EXECUTE FUNCTION webhook_delivery_set_head();
