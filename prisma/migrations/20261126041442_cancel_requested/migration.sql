-- A cancel that finds a message held by a worker marks it instead of waiting for it: the worker
-- ends it cancelled when it would go back to the queue, or at its last check before sending.
-- A constant default: no table rewrite on PostgreSQL 11 and later.
-- AlterTable
ALTER TABLE "message" ADD COLUMN     "cancel_requested" BOOLEAN NOT NULL DEFAULT false;
