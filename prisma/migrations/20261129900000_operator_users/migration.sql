-- CreateEnum
CREATE TYPE "OperatorRole" AS ENUM ('operator', 'support', 'finance');

-- CreateTable
CREATE TABLE "operator_user" (
    "id" SERIAL NOT NULL,
    "email" TEXT NOT NULL,
    "role" "OperatorRole" NOT NULL,
    "password_hash" TEXT NOT NULL,
    "totp_secret" TEXT NOT NULL,
    "totp_last_step" INTEGER,
    "recovery_code_hashes" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "last_sign_in_at" TIMESTAMPTZ(3),
    "disabled_at" TIMESTAMPTZ(3),

    CONSTRAINT "operator_user_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "operator_session" (
    "id" SERIAL NOT NULL,
    "token_hash" TEXT NOT NULL,
    "operator_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "ended_at" TIMESTAMPTZ(3),

    CONSTRAINT "operator_session_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "operator_audit_event" (
    "id" BIGSERIAL NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "actor_kind" TEXT NOT NULL,
    "actor_name" TEXT NOT NULL,
    "actor_label" TEXT,
    "action" TEXT NOT NULL,
    "target" TEXT,
    "after" JSONB,
    "address" TEXT,
    "user_agent" TEXT,
    "request_id" TEXT,
    "prev_hash" TEXT,
    "hash" TEXT NOT NULL,

    CONSTRAINT "operator_audit_event_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "operator_user_email_key" ON "operator_user"("email");

-- CreateIndex
CREATE UNIQUE INDEX "operator_session_token_hash_key" ON "operator_session"("token_hash");

-- CreateIndex
CREATE INDEX "operator_session_operator_id_idx" ON "operator_session"("operator_id");

-- CreateIndex
CREATE INDEX "operator_audit_event_at_idx" ON "operator_audit_event"("at");

-- AddForeignKey
ALTER TABLE "operator_session" ADD CONSTRAINT "operator_session_operator_id_fkey" FOREIGN KEY ("operator_id") REFERENCES "operator_user"("id") ON DELETE RESTRICT ON UPDATE CASCADE;


-- The operators' chain is one for the whole gateway, built as a tenant's (audit_and_scoped_keys):
-- an event's hash covers its content and its predecessor's hash, and one function computes it for
-- the trigger and for `admin audit:verify --operator` alike.
CREATE FUNCTION "operator_audit_event_hash"(e "operator_audit_event", prev TEXT) RETURNS TEXT LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(jsonb_build_array(
    e.id, extract(epoch FROM e.at)::text, e.actor_kind, e.actor_name, e.actor_label, e.action,
    e.target, e.after, e.address, e.user_agent, e.request_id, prev
  )::text, 'UTF8')), 'hex')
$$;

-- The advisory lock (held to commit) makes writers take turns and the id is drawn under it, so two
-- events committing together never link to the same predecessor.
CREATE FUNCTION "operator_audit_event_chain"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  prev TEXT;
BEGIN
  PERFORM pg_advisory_xact_lock(1096107077, 0);
  NEW.id := nextval(pg_get_serial_sequence('operator_audit_event', 'id'));
  SELECT hash INTO prev FROM "operator_audit_event" ORDER BY id DESC LIMIT 1;
  NEW.prev_hash := prev;
  NEW.hash := "operator_audit_event_hash"(NEW, prev);
  RETURN NEW;
END
$$;

CREATE TRIGGER "operator_audit_event_chain" BEFORE INSERT ON "operator_audit_event" FOR EACH ROW EXECUTE FUNCTION "operator_audit_event_chain"();

CREATE FUNCTION "operator_audit_event_unchanged"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'operator audit events are append-only';
END
$$;

CREATE TRIGGER "operator_audit_event_unchanged" BEFORE UPDATE ON "operator_audit_event" FOR EACH ROW EXECUTE FUNCTION "operator_audit_event_unchanged"();
