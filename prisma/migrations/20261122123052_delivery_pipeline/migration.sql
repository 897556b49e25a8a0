-- AlterEnum
ALTER TYPE "AccountStatus" ADD VALUE 'token_invalid';

-- AlterTable
ALTER TABLE "account" ADD COLUMN     "channel" TEXT,
ADD COLUMN     "jitter_ms" INTEGER NOT NULL DEFAULT 3000,
ADD COLUMN     "min_interval_ms" INTEGER NOT NULL DEFAULT 4000,
ADD COLUMN     "settings" JSONB NOT NULL DEFAULT '{}';

-- AlterTable
ALTER TABLE "account_usage" ADD COLUMN     "next_send_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "message" ADD COLUMN     "expires_at" TIMESTAMPTZ(3),
ADD COLUMN     "paced_at" TIMESTAMPTZ(3),
ADD COLUMN     "provider_error_code" TEXT;
