-- CreateIndex
CREATE INDEX "webhook_delivery_endpoint_id_status_idx" ON "webhook_delivery"("endpoint_id", "status");
