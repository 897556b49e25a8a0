-- A tenant that pays through Stripe has a Stripe customer and subscription, which Stripe renews
-- itself; the renewal pass leaves such a subscription alone. A refund event names a payment
-- intent, not the invoice the payment row records, so the row keeps its intent too.
ALTER TABLE "subscription" ADD COLUMN "provider_customer_id" TEXT;
ALTER TABLE "subscription" ADD COLUMN "provider_subscription_id" TEXT;
CREATE UNIQUE INDEX "subscription_provider_subscription_id_key" ON "subscription"("provider_subscription_id");
ALTER TABLE "payment" ADD COLUMN "provider_intent_id" TEXT;
CREATE INDEX "payment_provider_provider_intent_id_idx" ON "payment"("provider", "provider_intent_id");
