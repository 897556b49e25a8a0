-- AlterTable
ALTER TABLE "account" ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "message" ADD COLUMN     "sent_parts" JSONB NOT NULL DEFAULT '[]';

-- Every change to an account bumps its version, whichever process or statement made it (the admin
-- CLI on PostgreSQL runs in a process of its own): senders compare it with what they cached before
-- each send, and a provider's verdict on the account only applies to the version the send used.
CREATE FUNCTION account_bump_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := OLD.version + 1;
  RETURN NEW;
END $$;

CREATE TRIGGER account_version BEFORE UPDATE ON "account"
  FOR EACH ROW EXECUTE FUNCTION account_bump_version();
