import type { DbClient } from "../../core/db/database.js";

// The statements that write a tenant's send window (send-window.ts says what a window is).

/** A send window as stored: week days 0 (Sunday) to 6, and minutes of the local day. */
export interface SendWindowRow {
  timeZone: string;
  days: number[];
  startMinute: number;
  endMinute: number;
  updatedAt: Date;
}

/** Sets a tenant's window, creating it or replacing the one it had. */
export const saveSendWindow = (db: DbClient, tenantId: number, data: SendWindowRow) => db.sendWindow.upsert({ where: { tenantId }, create: { tenantId, ...data }, update: data });

/** Removes a tenant's window (none: nothing to do). */
export const clearSendWindow = (db: DbClient, tenantId: number) => db.sendWindow.deleteMany({ where: { tenantId } });
