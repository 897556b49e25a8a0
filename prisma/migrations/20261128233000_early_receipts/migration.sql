-- Delivery receipts that named no sent message when they came (the provider reported the message
-- before answering its send): kept until the send is marked sent, which applies them, or a day.
CREATE TABLE "early_receipt" (
    "provider_message_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "early_receipt_pkey" PRIMARY KEY ("provider_message_id","kind")
);

CREATE INDEX "early_receipt_received_at_idx" ON "early_receipt"("received_at");
