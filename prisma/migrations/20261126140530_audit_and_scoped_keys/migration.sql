-- AlterTable
ALTER TABLE "api_key" ADD COLUMN     "account_ids" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
ADD COLUMN     "expires_at" TIMESTAMPTZ(3),
ADD COLUMN     "rotated_from_id" INTEGER,
ADD COLUMN     "scopes" TEXT[];

-- Keys made before scopes existed keep full access: no spec caller notices anything.
UPDATE "api_key" SET "scopes" = ARRAY['messages:send','messages:read','campaigns:manage','contacts:read','contacts:manage','inbox:read','accounts:read','accounts:manage','webhooks:manage','keys:manage','users:manage','audit:read','settings:manage'];

-- CreateTable
CREATE TABLE "audit_event" (
    "id" BIGSERIAL NOT NULL,
    "tenant_id" INTEGER NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "actor_kind" TEXT NOT NULL,
    "actor_name" TEXT NOT NULL,
    "actor_label" TEXT,
    "action" TEXT NOT NULL,
    "target" TEXT,
    "before" JSONB,
    "after" JSONB,
    "address" TEXT,
    "user_agent" TEXT,
    "request_id" TEXT,
    "prev_hash" TEXT,
    "hash" TEXT NOT NULL,

    CONSTRAINT "audit_event_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "audit_event_tenant_id_id_idx" ON "audit_event"("tenant_id", "id");

-- CreateIndex
CREATE INDEX "audit_event_tenant_id_action_id_idx" ON "audit_event"("tenant_id", "action", "id");

-- CreateIndex
CREATE INDEX "audit_event_at_idx" ON "audit_event"("at");

-- An event's hash covers every column but itself, and its tenant's previous hash. One function,
-- used by the trigger below and by `admin audit:verify`, so both compute it the same way.
CREATE FUNCTION "audit_event_hash"(e "audit_event", prev TEXT) RETURNS TEXT LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(jsonb_build_array(
    e.id, e.tenant_id, extract(epoch FROM e.at)::text, e.actor_kind, e.actor_name, e.actor_label, e.action,
    e.target, e.before, e.after, e.address, e.user_agent, e.request_id, prev
  )::text, 'UTF8')), 'hex')
$$;

-- Links each new event to its tenant's previous one. The advisory lock (held to commit) makes the
-- tenant's writers take turns, and the id is drawn again under it, so ids follow the chain: two
-- changes committing together can never both link to the same predecessor. Each statement of a
-- trigger function reads a fresh snapshot (READ COMMITTED), so the predecessor read is the latest.
CREATE FUNCTION "audit_event_chain"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  prev TEXT;
BEGIN
  PERFORM pg_advisory_xact_lock(1096107076, NEW.tenant_id);
  NEW.id := nextval(pg_get_serial_sequence('audit_event', 'id'));
  SELECT hash INTO prev FROM "audit_event" WHERE tenant_id = NEW.tenant_id ORDER BY id DESC LIMIT 1;
  NEW.prev_hash := prev;
  NEW.hash := "audit_event_hash"(NEW, prev);
  RETURN NEW;
END
$$;

CREATE TRIGGER "audit_event_chain" BEFORE INSERT ON "audit_event" FOR EACH ROW EXECUTE FUNCTION "audit_event_chain"();

-- Events are never changed; retention removes whole old ones (and the chain then starts later).
CREATE FUNCTION "audit_event_unchanged"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit events are append-only';
END
$$;

CREATE TRIGGER "audit_event_unchanged" BEFORE UPDATE ON "audit_event" FOR EACH ROW EXECUTE FUNCTION "audit_event_unchanged"();
