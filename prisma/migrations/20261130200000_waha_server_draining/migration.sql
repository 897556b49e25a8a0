-- A WAHA server the operator drains for maintenance (waha-server:drain): it takes no new session,
-- and the link sweep moves the ones it holds, one at a time, to servers with room.
ALTER TABLE "waha_server" ADD COLUMN     "draining_since" TIMESTAMPTZ(3);
