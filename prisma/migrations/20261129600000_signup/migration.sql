-- Businesses that open an account by themselves (docs/signup.md). Their owner proves the address
-- by a one-time link like the other staff links; until then the tenant sends nothing. A tenant the
-- operator made is taken as verified, so the column's default marks every existing and every
-- operator-made tenant verified; sign-up writes null.
ALTER TYPE "StaffLinkPurpose" ADD VALUE 'verification';

ALTER TABLE "tenant" ADD COLUMN "email_verified_at" TIMESTAMPTZ(3) DEFAULT CURRENT_TIMESTAMP;

-- The cached keys carry the tenant's verification: announce its change as the tenant's standing's
-- (migration auth_cache_signal).
DROP TRIGGER tenant_auth_change ON tenant;
CREATE TRIGGER tenant_auth_change AFTER UPDATE OF status, subscription_ends_on, plan_id, email_verified_at OR DELETE ON tenant
  FOR EACH STATEMENT EXECUTE FUNCTION announce_auth_change();

-- With SIGNUP=invite, the codes the operator hands out: stored as SHA-256 only, each good for a
-- number of sign-ups until it expires.
CREATE TABLE "signup_code" (
    "id" SERIAL NOT NULL,
    "code_hash" TEXT NOT NULL,
    "uses_left" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "signup_code_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "signup_code_uses_left_check" CHECK ("uses_left" >= 0)
);
CREATE UNIQUE INDEX "signup_code_code_hash_key" ON "signup_code"("code_hash");
