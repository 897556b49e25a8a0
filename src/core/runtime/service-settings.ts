import type { Settings } from "../settings-schema.js";

// Settings of the features built on the core that the core's config carries for them (billing,
// automation), and of reads that may lag: each a function of the parsed environment.

/** Stripe (docs/stripe.md): the keys and where the SDK sends its requests (a stand-in in tests). */
function stripeSettings(e: Settings) {
  const api = new URL(e.STRIPE_API_URL);
  const protocol = api.protocol === "http:" ? ("http" as const) : ("https" as const);
  const port = api.port ? Number(api.port) : protocol === "http" ? 80 : 443;
  return { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, api: { host: api.hostname, port, protocol } };
}

/** Billing (docs/billing.md): the payment provider and its keys, the renewal pass, the grace of a failed renewal. */
export function billingSettings(e: Settings) {
  const moyasar = { secretKey: e.MOYASAR_SECRET_KEY, publishableKey: e.MOYASAR_PUBLISHABLE_KEY, webhookSecret: e.MOYASAR_WEBHOOK_SECRET, apiUrl: e.MOYASAR_API_URL };
  return {
    provider: e.PAYMENT_PROVIDER,
    moyasar,
    stripe: stripeSettings(e),
    graceDays: e.GRACE_DAYS,
    intervalMs: e.BILLING_INTERVAL_SECONDS * 1000,
    concurrency: e.BILLING_CONCURRENCY,
  };
}

/** The part of the service's configuration that billing reads (src/core/config.ts). */
export interface BillingConfig {
  billing: ReturnType<typeof billingSettings>;
}

/** Automated answers (docs/automation.md): how long a handover keeps the rules away, messages looked at in flight per process, a bot's time to answer. */
export const automationSettings = (e: Settings) => ({
  handoverMs: e.AUTOMATION_HANDOVER_MINUTES * 60_000,
  concurrency: e.AUTOMATION_CONCURRENCY,
  botTimeoutMs: e.AUTOMATION_BOT_TIMEOUT_MS,
});

/** The part of the service's configuration that automation reads (src/core/config.ts). */
export interface AutomationConfig {
  automation: ReturnType<typeof automationSettings>;
}

/** Reads that may lag (docs/operations.md, "A standby for reads"): the standby, and how far behind it may be read. */
export const readSettings = (e: Settings) => ({ url: e.DATABASE_READ_URL, maxLagMs: e.READ_MAX_LAG_MS });

/** The part of the service's configuration that routes reads (src/core/db/read-standby.ts). */
export interface ReadConfig {
  reads: ReturnType<typeof readSettings>;
}

/** Traces (docs/operations.md, "Traces"): the OTLP/HTTP collector's base URL (unset: off) and the service's name in them. */
export const tracingSettings = (e: Settings) => ({ endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: e.OTEL_SERVICE_NAME });

/** The part of the service's configuration that tracing reads (src/core/runtime/tracing.ts). */
export interface TracingConfig {
  tracing: ReturnType<typeof tracingSettings>;
}

/** Billing, automation, reads that may lag and traces, as the config carries them. */
export const serviceSettings = (e: Settings) => ({ billing: billingSettings(e), automation: automationSettings(e), reads: readSettings(e), tracing: tracingSettings(e) });

export interface ServiceSettingsConfig extends BillingConfig, AutomationConfig, ReadConfig, TracingConfig {}
