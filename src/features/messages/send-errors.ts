import { ServiceError, validationError } from "../../core/errors.js";

// The refusals every send path shares, worded once.

export const notUsableAccount = () => validationError({ accountId: "must name one of your connected accounts" });

export const noConnectedNumber = () => new ServiceError("NO_CONNECTED_NUMBER", "No sender number is connected. Connect a number, then send again.");

export const monthlyLimitReached = (detail: string) =>
  new ServiceError("MONTHLY_LIMIT_REACHED", `The monthly message allowance is used up${detail}. Upgrade to the next plan.`);
