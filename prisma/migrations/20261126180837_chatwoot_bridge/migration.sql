-- CreateTable
CREATE TABLE "chatwoot_bridge" (
    "id" SERIAL NOT NULL,
    "tenant_id" INTEGER NOT NULL,
    "base_url" TEXT NOT NULL,
    "chatwoot_account_id" INTEGER NOT NULL,
    "inbox_id" INTEGER NOT NULL,
    "access_token" TEXT NOT NULL,
    "webhook_token_hash" TEXT NOT NULL,
    "account_ids" INTEGER[],
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "chatwoot_bridge_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "chatwoot_bridge_tenant_id_key" ON "chatwoot_bridge"("tenant_id");

-- CreateIndex
CREATE UNIQUE INDEX "chatwoot_bridge_webhook_token_hash_key" ON "chatwoot_bridge"("webhook_token_hash");

-- AddForeignKey
ALTER TABLE "chatwoot_bridge" ADD CONSTRAINT "chatwoot_bridge_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
