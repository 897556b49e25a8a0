import { ServiceError, validationError } from "../../core/errors.js";
import type { ServiceDeps } from "../../core/deps.js";
import { unusableAccountNote } from "../accounts/index.js";

// The refusals every send path shares, worded once.

export const notUsableAccount = (note?: string | null) =>
  validationError({ accountId: note ? `must name a number that can send: it ${note}` : "must name one of your connected accounts" });

/** The refusal of a send naming a number that cannot send, saying why (paused, disconnected…) when it is the tenant's. */
export const notUsableAccountError = async (deps: ServiceDeps, tenantId: number, accountId: number) =>
  notUsableAccount(await unusableAccountNote(deps.db, tenantId, accountId, (at) => deps.clock.timestamp(at)));

export const noConnectedNumber = (why = "No sender number is connected. Connect a number, then send again.") => new ServiceError("NO_CONNECTED_NUMBER", why);

export const monthlyLimitReached = (detail: string) => new ServiceError("MONTHLY_LIMIT_REACHED", `The monthly message allowance is used up${detail}. Upgrade to the next plan.`);
