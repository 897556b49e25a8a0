-- CreateEnum
CREATE TYPE "StaffRole" AS ENUM ('owner', 'admin', 'campaigns', 'agent', 'viewer');

-- CreateEnum
CREATE TYPE "StaffLinkPurpose" AS ENUM ('invitation', 'password_reset');

-- DropForeignKey
ALTER TABLE "console_session" DROP CONSTRAINT "console_session_api_key_id_fkey";

-- AlterTable
ALTER TABLE "console_session" ADD COLUMN     "user_id" INTEGER,
ALTER COLUMN "api_key_id" DROP NOT NULL;

-- CreateTable
CREATE TABLE "staff_user" (
    "id" SERIAL NOT NULL,
    "tenant_id" INTEGER NOT NULL,
    "email" TEXT NOT NULL,
    "role" "StaffRole" NOT NULL,
    "password_hash" TEXT,
    "totp_secret" TEXT,
    "totp_enabled_at" TIMESTAMPTZ(3),
    "totp_last_step" INTEGER,
    "recovery_code_hashes" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "last_sign_in_at" TIMESTAMPTZ(3),
    "disabled_at" TIMESTAMPTZ(3),

    CONSTRAINT "staff_user_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "staff_link" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "purpose" "StaffLinkPurpose" NOT NULL,
    "token_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),

    CONSTRAINT "staff_link_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "staff_user_email_key" ON "staff_user"("email");

-- CreateIndex
CREATE INDEX "staff_user_tenant_id_idx" ON "staff_user"("tenant_id");

-- CreateIndex
CREATE UNIQUE INDEX "staff_link_token_hash_key" ON "staff_link"("token_hash");

-- CreateIndex
CREATE INDEX "staff_link_user_id_idx" ON "staff_link"("user_id");

-- CreateIndex
CREATE INDEX "console_session_user_id_idx" ON "console_session"("user_id");

-- AddForeignKey
ALTER TABLE "console_session" ADD CONSTRAINT "console_session_api_key_id_fkey" FOREIGN KEY ("api_key_id") REFERENCES "api_key"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "console_session" ADD CONSTRAINT "console_session_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "staff_user"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "staff_user" ADD CONSTRAINT "staff_user_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "staff_link" ADD CONSTRAINT "staff_link_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "staff_user"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- A session is a key's or a staff user's, never both nor neither.
ALTER TABLE "console_session" ADD CONSTRAINT "console_session_one_holder" CHECK (("api_key_id" IS NULL) <> ("user_id" IS NULL));
