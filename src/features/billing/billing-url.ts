import type { ServiceDeps } from "../../core/deps.js";

/** The console's billing page, where a payer lands, where 429 and 403 answers point, and where billing mails lead. */
export const billingUrl = (deps: Pick<ServiceDeps, "config" | "urls">) => `${deps.config.consoleUrl ?? deps.urls.api ?? ""}/console/#/billing`;
