import { z } from "zod";
import { SIMULATED_SIGNALS } from "./channels/simulator-signals.js";
import { parseTrustedProxies } from "./http/client-address.js";

// The settings as environment variables: names, defaults and what each accepts. config.ts reads
// them into the Config the code uses.

const bool = z.enum(["true", "false", "1", "0", "yes", "no"]).transform((v) => v === "true" || v === "1" || v === "yes");

const validTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat("en", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

/** `https://app.example.com` or `http://localhost:3000`: a scheme, a host, maybe a port, nothing else. */
function isOrigin(o: string): boolean {
  try {
    const u = new URL(o);
    return (u.protocol === "http:" || u.protocol === "https:") && u.origin === o && !o.includes("*");
  } catch {
    return false;
  }
}

/** An IP address or a CIDR range (TRUSTED_PROXIES). */
function isAddressOrRange(e: string): boolean {
  try {
    parseTrustedProxies([e]);
    return true;
  } catch {
    return false;
  }
}

function isRegExp(p: string): boolean {
  try {
    new RegExp(p);
    return true;
  } catch {
    return false;
  }
}

/** Every setting the service reads; each comes from one environment variable (docs/configuration.md). */
/**
 * How long messages and inbound messages are kept, in days (MESSAGE_RETENTION_DAYS, or a tenant's
 * own): at least 30, so a month's reports and a contact's recent conversation are always whole.
 */
export const messageRetentionDays = z.coerce.number().int().min(30, "must be at least 30 days").max(3650, "must be at most 3650 days (ten years)");

export const envSchema = z.object({
  ENV_FILE: z.string().min(1).optional(),
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().min(1).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  ADMIN_HOST: z.string().min(1).default("127.0.0.1"),
  ADMIN_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  TRUSTED_PROXIES: z
    .string()
    .refine((v) => v.split(",").every((e) => e.trim() === "" || isAddressOrRange(e.trim())), "must be a comma-separated list of IP addresses or CIDR ranges, such as 10.0.0.0/8")
    .optional()
    .transform((v) =>
      (v ?? "")
        .split(",")
        .map((e) => e.trim())
        .filter(Boolean),
    ),
  CONSOLE_URL: z.string().refine(isOrigin, "must be the origin people open the console at, such as https://gateway.example.com").optional(),
  CORS_ORIGINS: z
    .string()
    .refine((v) => v.trim() === "*" || v.split(",").every((o) => isOrigin(o.trim())), "must be * or a comma-separated list of origins such as https://app.example.com")
    .optional()
    .transform((v) =>
      (v ?? "")
        .split(",")
        .map((o) => o.trim())
        .filter(Boolean),
    ),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  DATABASE_DIRECT_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  // Reads that may lag (docs/operations.md, "A standby for reads"): a streaming standby of DATABASE_URL.
  DATABASE_READ_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  READ_MAX_LAG_MS: z.coerce.number().int().min(100).max(3_600_000).default(5_000),
  // Traces (docs/operations.md, "Traces"): OTLP over HTTP to this collector; unset, tracing is off and its SDK never loaded.
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  OTEL_SERVICE_NAME: z.string().min(1).max(200).default("whatsapp-gateway"),
  DATA_DIR: z.string().min(1).default("./data"),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  MIGRATE_ON_START: bool.optional(),
  TIME_ZONE: z.string().refine(validTimeZone, "must be an IANA time zone such as Asia/Riyadh").default("Asia/Riyadh"),
  ADMIN_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  ERASURE_KEY: z.string().min(32, "must be at least 32 characters").optional(),
  SEED_DEMO: bool.optional(),
  WORKER_ENABLED: bool.default(true),
  WORKER_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(250),
  WORKER_BATCH_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  WORKER_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  WORKER_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(5),
  WORKER_RETRY_BASE_MS: z.coerce.number().int().min(0).max(3_600_000).default(10_000),
  WORKER_RETRY_MAX_MS: z.coerce.number().int().min(0).max(86_400_000).default(600_000),
  WORKER_SHUTDOWN_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  MESSAGE_TTL_SECONDS: z.coerce.number().int().min(1).max(2_592_000).default(86_400),
  IDEMPOTENCY_LEASE_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  AUTH_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  SEND_GROUP_MAX: z.coerce.number().int().min(1).max(1_000).default(64),
  SEND_GROUP_MAX_WAIT_MS: z.coerce.number().int().min(1).max(60_000).default(200),
  CHANNEL_DRIVER: z.enum(["simulator", "whatsapp-cloud", "waha"]).default("simulator"),
  CHANNEL_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  WHATSAPP_CLOUD_BASE_URL: z.url().default("https://graph.facebook.com"),
  WHATSAPP_CLOUD_API_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/, "must look like v21.0")
    .default("v21.0"),
  WAHA_BASE_URL: z.url().default("http://127.0.0.1:3000"),
  WAHA_API_KEY: z.string().min(1).optional(),
  WHATSAPP_CLOUD_APP_SECRET: z.string().min(1).optional(),
  WHATSAPP_CLOUD_VERIFY_TOKEN: z.string().min(1).optional(),
  WAHA_WEBHOOK_HMAC_KEY: z.string().min(1).optional(),
  PUBLIC_URL: z.url().optional(),
  META_APP_ID: z
    .string()
    .regex(/^\d{1,32}$/, "must be Meta's numeric app id")
    .optional(),
  META_SIGNUP_CONFIG_ID: z
    .string()
    .regex(/^\d{1,32}$/, "must be the numeric id of an Embedded Signup configuration")
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must be a redis:// or rediss:// URL")
    .optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/, "must be 1 to 64 letters, digits or _ . : -")
    .default("gateway"),
  HTTP_MAX_BODY_BYTES: z.coerce.number().int().min(1_024).max(10_485_760).default(262_144),
  RECEIPT_MAX_BODY_BYTES: z.coerce.number().int().min(1_024).max(52_428_800).default(3_145_728),
  // 100 MB: Meta's largest media (documents); WAHA has no stated limit.
  INBOUND_MEDIA_MAX_BYTES: z.coerce.number().int().min(1_024).max(2_147_483_648).default(104_857_600),
  INBOUND_MEDIA_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  GRAPHQL_INTROSPECTION: bool.optional(),
  GRAPHIQL_ENABLED: bool.optional(),
  GRAPHQL_MAX_DEPTH: z.coerce.number().int().min(1).max(100).default(10),
  GRAPHQL_MAX_COST: z.coerce.number().int().min(1).max(1_000_000).default(5_000),
  GRAPHQL_MAX_ALIASES: z.coerce.number().int().min(0).max(1_000).default(15),
  GRAPHQL_MAX_TOKENS: z.coerce.number().int().min(10).max(100_000).default(2_000),
  GRAPHQL_MAX_DIRECTIVES: z.coerce.number().int().min(0).max(1_000).default(50),
  WS_CONNECTION_INIT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3_000),
  WS_KEEPALIVE_MS: z.coerce.number().int().min(0).max(300_000).default(12_000),
  WS_MAX_PAYLOAD_BYTES: z.coerce.number().int().min(1_024).max(10_485_760).default(65_536),
  WS_MAX_SUBSCRIPTIONS_PER_CONNECTION: z.coerce.number().int().min(1).max(10_000).default(25),
  WS_MAX_SUBSCRIPTIONS_PER_KEY: z.coerce.number().int().min(1).max(100_000).default(200),
  WS_SUBSCRIPTION_LEASE_SECONDS: z.coerce.number().int().min(2).max(3_600).default(60),
  LIVE_AUTH_RECHECK_SECONDS: z.coerce.number().int().min(1).max(3_600).default(10),
  SUBSCRIPTION_RECEIPT_WAIT_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  CHATWOOT_PRIVATE_HOSTS: z
    .string()
    .refine((v) => v.split(",").every((h) => h.trim() === "" || /^[A-Za-z0-9.:[\]-]{1,253}$/.test(h.trim())), "must be a comma-separated list of host names or addresses")
    .optional()
    .transform((v) =>
      (v ?? "")
        .split(",")
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    ),
  CHATWOOT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  CHATWOOT_CONCURRENCY: z.coerce.number().int().min(1).max(1_000).default(16),
  CHATWOOT_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(1_000),
  CHATWOOT_RETRY_MAX_MS: z.coerce.number().int().min(10).max(3_600_000).default(60_000),
  // Longer than Chatwoot's own request limit (rack-timeout's RACK_TIMEOUT_SERVICE_TIMEOUT, 15 s by default).
  CHATWOOT_RECHECK_AFTER_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  CHATWOOT_ALLOW_UNSIGNED: bool.default(false),
  AUTOMATION_HANDOVER_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(30 * 24 * 60)
    .default(24 * 60),
  AUTOMATION_CONCURRENCY: z.coerce.number().int().min(1).max(1_000).default(16),
  AUTOMATION_BOT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: bool.default(false),
  MEDIA_ALLOW_PRIVATE_ADDRESSES: bool.default(false),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  WEBHOOK_RETRY_MAX_MS: z.coerce.number().int().min(0).max(86_400_000).default(3_600_000),
  WEBHOOK_CONCURRENCY_PER_ENDPOINT: z.coerce.number().int().min(1).max(500).default(16),
  WEBHOOK_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  MESSAGE_RETENTION_DAYS: messageRetentionDays.optional(),
  SELLER_NAME: z.string().trim().min(1).max(200).optional(),
  SELLER_NAME_AR: z.string().trim().min(1).max(200).optional(),
  SELLER_VAT_NUMBER: z
    .string()
    .regex(/^3[0-9]{13}3$/, "must be the seller's VAT number: 15 digits, starting and ending with 3")
    .optional(),
  SELLER_ADDRESS: z.string().trim().min(1).max(300).optional(),
  SELLER_ADDRESS_AR: z.string().trim().min(1).max(300).optional(),
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(30).max(3650).default(400),
  HOUSEKEEPING_INTERVAL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(3_600),
  NUMBER_HEALTH_CHECK_MS: z.coerce.number().int().min(50).max(86_400_000).default(60_000),
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(500).default(64),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, "must be an smtp:// or smtps:// URL, such as smtps://user:password@smtp.example.com:465")
    .optional(),
  MAIL_FROM: z.string().min(3).max(320).default("Messaging gateway <no-reply@localhost>"),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(12),
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  MAIL_RETRY_MAX_MS: z.coerce.number().int().min(0).max(86_400_000).default(3_600_000),
  MAIL_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  MAIL_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(4),
  MAIL_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  SIGNUP: z.enum(["closed", "invite", "open"]).default("closed"),
  TRIAL_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  TRIAL_PLAN: z.string().trim().min(1).max(200).optional(),
  SIMULATOR_LATENCY_MS: z.coerce.number().int().min(0).max(60_000).default(20),
  SIMULATOR_LEDGER_FILE: z.string().min(1).optional(),
  SIMULATOR_FAIL_PATTERN: z.string().refine(isRegExp, "must be a valid regular expression").default("^9665000000"),
  SIMULATOR_TRANSIENT_PATTERN: z.string().refine(isRegExp, "must be a valid regular expression").default("^9665000001"),
  SIMULATOR_FLAKY_PATTERN: z.string().refine(isRegExp, "must be a valid regular expression").default("^9665000002"),
  SIMULATOR_REPLY_PATTERN: z.string().refine(isRegExp, "must be a valid regular expression").default("^9665000003"),
  SIMULATOR_REPLY_TEXT: z.string().min(1).max(4000).default("Thank you, I am interested. Please call me."),
  SIMULATOR_STOP_PATTERN: z.string().refine(isRegExp, "must be a valid regular expression").default("^9665000004"),
  SIMULATOR_CUSTOMER_WINDOW: bool.default(false),
  SIMULATOR_STOP_TEXT: z.string().min(1).max(4000).default("إيقاف"),
  SIMULATOR_SIGNAL_PATTERN: z.string().refine(isRegExp, "must be a valid regular expression").optional(),
  SIMULATOR_LOST_ANSWER_PATTERN: z.string().refine(isRegExp, "must be a valid regular expression").optional(),
  SIMULATOR_STALL_AFTER_ACCEPT: bool.default(false),
  SIMULATOR_SIGNAL: z.enum(SIMULATED_SIGNALS).default("spam_rate_limit"),
  SIMULATOR_SIGNAL_AFTER_SENDS: z.coerce.number().int().min(0).max(1_000_000).default(0),
  SIMULATOR_QUALITY_RED_AFTER_SENDS: z.coerce.number().int().min(0).max(1_000_000).default(0),
  SIMULATOR_SESSION_LOST_AFTER_SENDS: z.coerce.number().int().min(0).max(1_000_000).default(0),
  SIMULATOR_QR_ROTATE_MS: z.coerce.number().int().min(100).max(600_000).default(4_000),
  SIMULATOR_LINK_AFTER_QR_CODES: z.coerce.number().int().min(0).max(100).default(3),
  SIMULATOR_REPLY_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(1_000),
  // Stripe (docs/stripe.md): the second payment provider, which keeps subscriptions itself.
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, "must be a Stripe secret or restricted key (sk_live_…, sk_test_…)")
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, "must be the webhook endpoint's signing secret (whsec_…)")
    .optional(),
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).default("https://api.stripe.com"),
  PAYMENT_PROVIDER: z.enum(["moyasar", "stripe"]).default("moyasar"),
  MOYASAR_SECRET_KEY: z.string().min(1).optional(),
  MOYASAR_PUBLISHABLE_KEY: z.string().min(1).optional(),
  MOYASAR_WEBHOOK_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  MOYASAR_API_URL: z.url().default("https://api.moyasar.com/v1"),
  GRACE_DAYS: z.coerce.number().int().min(0).max(60).default(7),
  BILLING_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3_600),
  BILLING_CONCURRENCY: z.coerce.number().int().min(1).max(200).default(16),
});

/** The settings once parsed. */
export type Settings = z.output<typeof envSchema>;
