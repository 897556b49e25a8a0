// What the billing feature offers the admin commands and the composition root.
export { insertPlan, insertPlanVersion, retirePlan, insertTopUpPack, retireTopUpPack, type PlanFields } from "./plans/plans-sql.js";
export { runRenewalPass, createRenewalTask } from "./renewal.js";
export { handleWebhook, handleCallback, WEBHOOK_PATH, CALLBACK_PATH } from "./http-routes.js";
export { handleStripeWebhook, STRIPE_WEBHOOK_PATH } from "./stripe/stripe-webhook.js";
export { billingUrl } from "./billing-url.js";
export { plansOnSale } from "./plans/plans.js";
export { useTenantStandingWriter } from "./standing.js";
export { quotaWarningWriter } from "./mails/quota-warnings.js";
export { setPlanByOperator, extendTrial, refundInvoice, type OperatorBillingDeps } from "./operator-billing.js";
