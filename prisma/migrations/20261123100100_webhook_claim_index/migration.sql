-- The webhook claim (claimDueWebhooks) used to look at every due delivery and ask, for each, whether
-- an earlier one of its message to its endpoint was still live: with a receiver down, every later
-- event of every message is due and waiting, so each poll read the whole backlog. Now only the
-- head of each (endpoint, message) chain, its earliest live delivery, is claimable, and the claim
-- reads per endpoint the few due heads it may take, from a partial index.

ALTER TABLE "webhook_delivery" ADD COLUMN "head" BOOLEAN NOT NULL DEFAULT false;

UPDATE "webhook_delivery" d SET "head" = true
WHERE d.status IN ('pending', 'sending')
  AND NOT EXISTS (
    SELECT 1 FROM "webhook_delivery" e
    WHERE e.endpoint_id = d.endpoint_id AND e.message_id = d.message_id AND e.id < d.id
      AND e.status IN ('pending', 'sending'));

CREATE INDEX "webhook_delivery_claim_idx" ON "webhook_delivery"("endpoint_id", "run_at", "id") WHERE "status" = 'pending' AND "head";
CREATE INDEX "webhook_delivery_live_idx" ON "webhook_delivery"("endpoint_id", "message_id", "id") WHERE "status" IN ('pending', 'sending');

-- A new delivery is its chain's head when no delivery of its message to its endpoint is live.
-- Locking the message row orders this check against the promotion below: every insert of a
-- message's deliveries holds that row (the triggers on "message" run in the transaction that
-- changed it; a replay takes it here), so an insert that sees a live delivery commits before the
-- promotion that ends it looks for a successor, or sees it ended. Without the lock a delivery
-- inserted while its predecessor finished could be missed by both and never become claimable.
CREATE FUNCTION webhook_delivery_set_head() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "message" WHERE id = NEW.message_id FOR NO KEY UPDATE;
  NEW.head := NOT EXISTS (
    SELECT 1 FROM "webhook_delivery"
    WHERE endpoint_id = NEW.endpoint_id AND message_id = NEW.message_id AND status IN ('pending', 'sending'));
  RETURN NEW;
END $$;

CREATE TRIGGER webhook_delivery_head BEFORE INSERT ON "webhook_delivery"
  FOR EACH ROW EXECUTE FUNCTION webhook_delivery_set_head();

-- A head that ends (delivered or failed) hands the chain to the earliest live delivery left.
-- FOR SHARE waits for a transaction still inserting deliveries of the message (see above); the
-- next statement then sees them.
CREATE FUNCTION webhook_delivery_promote_next() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "message" WHERE id = OLD.message_id FOR SHARE;
  UPDATE "webhook_delivery" SET head = true
  WHERE id = (
    SELECT min(id) FROM "webhook_delivery"
    WHERE endpoint_id = OLD.endpoint_id AND message_id = OLD.message_id AND status IN ('pending', 'sending'));
  RETURN NULL;
END $$;

CREATE TRIGGER webhook_delivery_promote AFTER UPDATE OF status ON "webhook_delivery"
  FOR EACH ROW WHEN (OLD.head AND OLD.status IN ('pending', 'sending') AND NEW.status IN ('delivered', 'failed'))
  EXECUTE FUNCTION webhook_delivery_promote_next();
