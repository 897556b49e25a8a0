-- Billing: plans become priced versions (a row per version of a name), a subscription per tenant,
-- payments keyed by their provider idempotency id, provider events applied once, top-up packs and
-- the messages they add to a month (tenant_monthly_usage.bonus), and the grace a failed renewal
-- leaves a tenant (tenant.grace_until).
-- CreateEnum
CREATE TYPE "BillingInterval" AS ENUM ('month', 'year');

-- CreateEnum
CREATE TYPE "SubscriptionState" AS ENUM ('trial', 'active', 'past_due', 'suspended', 'canceled');

-- CreateEnum
CREATE TYPE "PaymentPurpose" AS ENUM ('checkout', 'renewal', 'upgrade', 'top_up');

-- CreateEnum
CREATE TYPE "PaymentStatus" AS ENUM ('initiated', 'paid', 'failed', 'refunded');

-- DropIndex
DROP INDEX "plan_name_key";

-- AlterTable
ALTER TABLE "plan" ADD COLUMN     "max_users" INTEGER NOT NULL DEFAULT 5,
ADD COLUMN     "price_monthly" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "price_yearly" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "public" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "retired_at" TIMESTAMPTZ(3),
ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "tenant" ADD COLUMN     "grace_until" DATE;

-- AlterTable
ALTER TABLE "tenant_monthly_usage" ADD COLUMN     "bonus" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "subscription" (
    "tenant_id" INTEGER NOT NULL,
    "plan_id" INTEGER NOT NULL,
    "interval" "BillingInterval" NOT NULL DEFAULT 'month',
    "period_start" DATE NOT NULL,
    "period_end" DATE NOT NULL,
    "state" "SubscriptionState" NOT NULL DEFAULT 'trial',
    "provider" TEXT,
    "card_token" TEXT,
    "card_brand" TEXT,
    "card_last4" TEXT,
    "pending_plan_id" INTEGER,
    "pending_interval" "BillingInterval",
    "failed_on" DATE,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_on" DATE,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "subscription_pkey" PRIMARY KEY ("tenant_id")
);

-- CreateTable
CREATE TABLE "payment" (
    "id" SERIAL NOT NULL,
    "tenant_id" INTEGER NOT NULL,
    "provider" TEXT NOT NULL,
    "given_id" UUID NOT NULL,
    "provider_payment_id" TEXT,
    "purpose" "PaymentPurpose" NOT NULL,
    "status" "PaymentStatus" NOT NULL DEFAULT 'initiated',
    "plan_id" INTEGER,
    "interval" "BillingInterval",
    "top_up_pack_id" INTEGER,
    "net" INTEGER NOT NULL,
    "vat" INTEGER NOT NULL,
    "amount" INTEGER NOT NULL,
    "period_start" DATE,
    "period_end" DATE,
    "message" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "settled_at" TIMESTAMPTZ(3),

    CONSTRAINT "payment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "provider_event" (
    "provider" TEXT NOT NULL,
    "event_id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "applied_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "provider_event_pkey" PRIMARY KEY ("provider","event_id")
);

-- CreateTable
CREATE TABLE "top_up_pack" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "messages" INTEGER NOT NULL,
    "price" INTEGER NOT NULL,
    "retired_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "top_up_pack_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "subscription_next_attempt_on_idx" ON "subscription"("next_attempt_on");

-- CreateIndex
CREATE UNIQUE INDEX "payment_given_id_key" ON "payment"("given_id");

-- CreateIndex
CREATE INDEX "payment_tenant_id_created_at_idx" ON "payment"("tenant_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "payment_provider_provider_payment_id_key" ON "payment"("provider", "provider_payment_id");

-- CreateIndex
CREATE UNIQUE INDEX "top_up_pack_name_key" ON "top_up_pack"("name");

-- CreateIndex
CREATE UNIQUE INDEX "plan_name_version_key" ON "plan"("name", "version");

-- AddForeignKey
ALTER TABLE "subscription" ADD CONSTRAINT "subscription_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "subscription" ADD CONSTRAINT "subscription_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "plan"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "subscription" ADD CONSTRAINT "subscription_pending_plan_id_fkey" FOREIGN KEY ("pending_plan_id") REFERENCES "plan"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payment" ADD CONSTRAINT "payment_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
