-- Attempts of a message whose answer was lost (docs/design.md, "Delivery promise"): each may have
-- put one more copy at the contact. Few messages have any, so /metrics sums them through a partial
-- index of those few instead of reading every message.
ALTER TABLE "message" ADD COLUMN     "lost_answers" INTEGER NOT NULL DEFAULT 0;

CREATE INDEX "message_lost_answers_idx" ON "message" ("lost_answers") WHERE "lost_answers" > 0;
