import type { SendWindow } from "../generated/prisma/client.js";

/** A tenant's send window as a rule: the days and the minutes of the day, in its time zone. */
export type WindowRule = Pick<SendWindow, "timeZone" | "days" | "startMinute" | "endMinute">;

/** The caller, once its API key has been checked: every service call is scoped to its tenant. */
export interface Principal {
  tenantId: number;
  apiKeyId: number;
  plan: { name: string; monthlyMessageLimit: number; maxAccounts: number; requestsPerSecond: number; requestBurst: number };
  /** The tenant's send window as the request found it (read with the key, in the same query); null: none. */
  sendWindow: WindowRule | null;
}
