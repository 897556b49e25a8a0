-- AlterTable
ALTER TABLE "audit_event" ADD COLUMN     "digest" TEXT,
ADD COLUMN     "erased_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "erased_suppression" (
    "tenant_id" INTEGER NOT NULL,
    "number_hash" TEXT NOT NULL,
    "opt_out_source" "ConsentSource" NOT NULL,
    "opted_out_at" TIMESTAMPTZ(3) NOT NULL,
    "erased_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "erased_suppression_pkey" PRIMARY KEY ("tenant_id","number_hash")
);

-- An event's hash now covers a digest of its content instead of the content itself: erasing a
-- contact rewrites the content of the events that name it (erased_at set) and keeps the digest,
-- so `admin audit:verify` still proves every link, while a change of content without erasure still
-- shows (its digest no longer matches). The digest covers every column but the chain's own.
ALTER FUNCTION "audit_event_hash"("audit_event", TEXT) RENAME TO "audit_event_hash_before_digest";

CREATE FUNCTION "audit_event_digest"(e "audit_event") RETURNS TEXT LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(jsonb_build_array(
    e.actor_kind, e.actor_name, e.actor_label, e.action, e.target, e.before, e.after, e.address, e.user_agent, e.request_id
  )::text, 'UTF8')), 'hex')
$$;

CREATE FUNCTION "audit_event_hash"(e "audit_event", prev TEXT) RETURNS TEXT LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(jsonb_build_array(
    e.id, e.tenant_id, extract(epoch FROM e.at)::text, e.digest, prev
  )::text, 'UTF8')), 'hex')
$$;

CREATE OR REPLACE FUNCTION "audit_event_chain"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  prev TEXT;
BEGIN
  PERFORM pg_advisory_xact_lock(1096107076, NEW.tenant_id);
  NEW.id := nextval(pg_get_serial_sequence('audit_event', 'id'));
  SELECT hash INTO prev FROM "audit_event" WHERE tenant_id = NEW.tenant_id ORDER BY id DESC LIMIT 1;
  NEW.prev_hash := prev;
  NEW.digest := "audit_event_digest"(NEW);
  NEW.erased_at := NULL;
  NEW.hash := "audit_event_hash"(NEW, prev);
  RETURN NEW;
END
$$;

-- Events are never changed, but for an erasure: it may rewrite the content and set erased_at,
-- never the id, tenant, time, digest or the chain's hashes.
CREATE OR REPLACE FUNCTION "audit_event_unchanged"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.erased_at IS NOT NULL AND NEW.id = OLD.id AND NEW.tenant_id = OLD.tenant_id AND NEW.at = OLD.at
    AND NEW.digest IS NOT DISTINCT FROM OLD.digest AND NEW.prev_hash IS NOT DISTINCT FROM OLD.prev_hash AND NEW.hash = OLD.hash THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit events are append-only';
END
$$;

-- The events already written are chained again under the new hash, tenant by tenant in id order.
-- What did not verify before still does not: an event whose old hash was wrong keeps it (and so
-- fails the new check), and an event whose link was broken keeps its old prev_hash.
ALTER TABLE "audit_event" DISABLE TRIGGER "audit_event_unchanged";
DO $$
DECLARE
  r "audit_event";
  last_tenant INT := NULL;
  old_prev TEXT;
  new_prev TEXT;
  linked TEXT;
  rehashed TEXT;
BEGIN
  FOR r IN SELECT * FROM "audit_event" ORDER BY tenant_id, id LOOP
    IF last_tenant IS DISTINCT FROM r.tenant_id THEN
      old_prev := NULL;
      new_prev := NULL;
      last_tenant := r.tenant_id;
    END IF;
    linked := CASE WHEN old_prev IS NOT NULL AND r.prev_hash IS NOT DISTINCT FROM old_prev THEN new_prev ELSE r.prev_hash END;
    r.digest := "audit_event_digest"(r);
    rehashed := CASE WHEN r.hash = "audit_event_hash_before_digest"(r, r.prev_hash) THEN "audit_event_hash"(r, linked) ELSE r.hash END;
    UPDATE "audit_event" SET digest = r.digest, prev_hash = linked, hash = rehashed WHERE id = r.id;
    old_prev := r.hash;
    new_prev := rehashed;
  END LOOP;
END
$$;
ALTER TABLE "audit_event" ENABLE TRIGGER "audit_event_unchanged";
DROP FUNCTION "audit_event_hash_before_digest"("audit_event", TEXT);
