import type { SimulatedHealthSettings } from "./channels/simulator-signals.js";
import type { SimulatorOptions } from "./channels/simulator.js";
import fs from "node:fs";
import path from "node:path";
import { parseEnv } from "node:util";
import type { z } from "zod";
import { StartupError } from "./runtime/startup-error.js";
import { envSchema, type Settings } from "./settings-schema.js";
import { type ServiceSettingsConfig, serviceSettings } from "./runtime/service-settings.js";
import { channelSettings, type ChannelConfig } from "./channels/channel-config.js";
import { type MailConfig, mailSettings } from "./mail/mail-settings.js";
import { sellerSettings, type InvoiceSeller } from "./runtime/seller-settings.js";
import { type SignupConfig, signupSettings } from "./runtime/signup-settings.js";
export type Env = Partial<Record<keyof z.input<typeof envSchema>, string>>;

export interface Config extends MailConfig, SignupConfig, ServiceSettingsConfig {
  nodeEnv: "development" | "production" | "test";
  host: string;
  port: number;
  /** A second listener for operator surfaces (/admin/commands, /metrics); undefined: they stay on the main one. */
  admin: { host: string; port: number | undefined };
  /** Origins whose pages may call the API from a browser ("*": any); empty: none besides this server's own. */
  corsOrigins: string[];
  /** TRUSTED_PROXIES: addresses or ranges of the proxies whose X-Forwarded-For names the client. */
  trustedProxies: string[];
  /** CONSOLE_URL: the origin people open the console at, for the links it hands out (invitations); undefined: the request's own. */
  consoleUrl: string | undefined;
  logLevel: string;
  /** PostgreSQL server; when absent the embedded PGlite database in `dataDir` is used. */
  databaseUrl: string | undefined;
  /** DATABASE_DIRECT_URL: the same database without a pooler in between, for what needs a session of its own (migrations' lock, LISTEN). */
  databaseDirectUrl: string | undefined;
  /** Embedded database directory, or "memory://" for a throwaway in-memory database. */
  dataDir: string;
  dbPoolMax: number;
  /** Whether a server, worker or admin command applies pending migrations itself, or refuses to start. */
  migrateOnStart: boolean;
  timeZone: string;
  adminToken: string | undefined;
  /** ERASURE_KEY: the key of erased contacts' number hashes (outside production, a fixed development one); undefined: erasure is off. */
  erasureKey: string | undefined;
  seedDemo: boolean;
  worker: { enabled: boolean } & Record<"pollMs" | "batchSize" | "leaseSeconds" | "maxAttempts" | "retryBaseMs" | "retryMaxMs" | "shutdownMs", number>;
  /** How long a queued message may wait before it fails with `expired`. */
  messageTtlMs: number;
  /** How long a request holds its Idempotency-Key without renewing it; a retry may then take the key over. */
  idempotencyLeaseMs: number;
  /** How long a looked-up API key is trusted before it is read again (0: never cached); see key-cache.ts. */
  authCacheMs: number;
  /** Most single sends (of any tenants) accepted together in one statement (1: no grouping); see send-groups.ts. */
  sendGroupMax: number;
  /** How long sends wait behind the statement in flight before they go alone; see send-groups.ts. */
  sendGroupMaxWaitMs: number;
  channel: ChannelConfig;
  /** Largest request body on /graphql, the REST facade and /admin/commands (413 above it). */
  maxBodyBytes: number;
  /** Largest signed delivery-receipt body a provider may POST (413 above it). */
  receiptMaxBodyBytes: number;
  /** GET /inbound-messages/{id}/media: the largest file relayed, and how long the provider may keep it waiting. */
  inboundMedia: { maxBytes: number; timeoutMs: number };
  graphql: {
    /** Introspection over HTTP and websockets; off by default in production. */
    introspection: boolean;
    graphiql: boolean;
    maxDepth: number;
    maxCost: number;
    maxAliases: number;
    maxTokens: number;
    maxDirectives: number;
  };
  /** Events across instances go through Redis when set; otherwise they stay in this process. */
  redisUrl: string | undefined;
  /** Starts every Redis channel name, so several deployments can share one Redis. */
  redisPrefix: string;
  realtime: {
    /** keepAliveMs 0: no pings. */
    connectionInitTimeoutMs: number;
    keepAliveMs: number;
    maxPayloadBytes: number;
    maxSubscriptionsPerConnection: number;
    /** Per API key: across instances with Redis, else on this instance. */
    maxSubscriptionsPerKey: number;
    /** With Redis: how long a subscription's slot outlives an instance that died holding it. */
    subscriptionLeaseMs: number;
    /** How long `messageStatus` stays open after `sent` for delivered and read receipts. */
    receiptWaitMs: number;
    /** How often the keys of open subscriptions are checked again (revoked, suspended, expired). */
    authRecheckMs: number;
  };
  chatwoot: ReturnType<typeof chatwootSettings>;
  webhooks: {
    /** Lets endpoints resolve to loopback, private, link-local… addresses (development, tests). */
    allowPrivateAddresses: boolean;
    timeoutMs: number;
    maxAttempts: number;
    retryBaseMs: number;
    retryMaxMs: number;
    /** POSTs in flight at once per dispatcher. */
    concurrency: number;
    /** POSTs in flight at once to one endpoint, across all dispatchers. */
    perEndpointConcurrency: number;
  };
  seller: InvoiceSeller | undefined;
  health: {
    /** How often the health monitor ends due pauses and warm-ups and judges the thresholds. */
    checkIntervalMs: number;
  };
  housekeeping: {
    /** Ended webhook deliveries are kept this long for the delivery log and replays. */
    webhookRetentionDays: number;
    /** Audit events are kept this long, then removed oldest first (the chain starts later). */
    auditRetentionDays: number;
    /** MESSAGE_RETENTION_DAYS: messages and inbound messages are kept this long unless their tenant says otherwise; undefined: for ever. */
    messageRetentionDays: number | undefined;
    intervalMs: number;
  };
  /** qrRotateMs: a simulated number being linked shows a new QR code this often; its "phone" scans the linkAfterQrCodes-th (0: never). ledgerLimit: SimulatorChannel's. */
  simulator: Record<"latencyMs" | "qrRotateMs" | "linkAfterQrCodes" | "replyDelayMs" | "ledgerLimit", number> &
    Record<"failPattern" | "transientPattern" | "flakyPattern" | "replyPattern" | "stopPattern", RegExp> &
    Record<"replyText" | "stopText", string> &
    Pick<SimulatorOptions, "lostAnswerPattern" | "stallAfterAccept"> & {
      ledgerFile: string | undefined;
      /** Keep Meta's 24-hour customer-service window, as a Cloud number would. */
      customerWindow: boolean;
    } & SimulatedHealthSettings;
}

export class ConfigError extends StartupError {
  constructor(readonly problems: string[]) {
    super(`Invalid settings:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  }
}

const knownSettings = new Set(Object.keys(envSchema.shape));

/**
 * The process environment over the settings file: `ENV_FILE` when set (it must exist), else `.env`
 * in the working directory when there is one. A variable set in the environment always wins, so a
 * deployment can override one line of a shared file (an empty variable counts as unset). The file holds this service's settings only:
 * a name it does not know is reported, since it is nearly always a misspelt setting that would
 * otherwise be silently ignored.
 */
export function readEnvironment(processEnv: Record<string, string | undefined> = process.env, cwd = process.cwd()) {
  const named = processEnv.ENV_FILE;
  const file = path.resolve(cwd, named || ".env");
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (err) {
    if (!named && (err as NodeJS.ErrnoException).code === "ENOENT") return { env: processEnv, problems: [] };
    return { env: processEnv, problems: [`ENV_FILE: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? String(err)})`] };
  }
  const fromFile = parseEnv(text);
  const problems = Object.keys(fromFile)
    .filter((name) => !knownSettings.has(name))
    .map((name) => `${name}: not a setting of this service (in ${file})`);
  // An empty variable counts as unset here as everywhere in the settings, so the file's line applies.
  const setInProcess = Object.fromEntries(Object.entries(processEnv).filter(([, v]) => v !== undefined && v !== ""));
  return { env: { ...fromFile, ...setInProcess }, problems, file };
}

/** The queue worker: polling, batches, leases, retries and shutdown. */
function workerSettings(e: Settings): Config["worker"] {
  return {
    enabled: e.WORKER_ENABLED,
    pollMs: e.WORKER_POLL_MS,
    batchSize: e.WORKER_BATCH_SIZE,
    leaseSeconds: e.WORKER_LEASE_SECONDS,
    maxAttempts: e.WORKER_MAX_ATTEMPTS,
    retryBaseMs: e.WORKER_RETRY_BASE_MS,
    retryMaxMs: e.WORKER_RETRY_MAX_MS,
    shutdownMs: e.WORKER_SHUTDOWN_MS,
  };
}

/** GraphQL's introspection, GraphiQL and the limits on an operation. */
function graphqlSettings(e: Settings): Config["graphql"] {
  return {
    introspection: e.GRAPHQL_INTROSPECTION ?? e.NODE_ENV !== "production",
    // A playground that cannot read the schema is no use, so it follows introspection unless set.
    graphiql: e.GRAPHIQL_ENABLED ?? e.GRAPHQL_INTROSPECTION ?? e.NODE_ENV !== "production",
    maxDepth: e.GRAPHQL_MAX_DEPTH,
    maxCost: e.GRAPHQL_MAX_COST,
    maxAliases: e.GRAPHQL_MAX_ALIASES,
    maxTokens: e.GRAPHQL_MAX_TOKENS,
    maxDirectives: e.GRAPHQL_MAX_DIRECTIVES,
  };
}

/** Websockets and live subscriptions. */
function realtimeSettings(e: Settings): Config["realtime"] {
  return {
    connectionInitTimeoutMs: e.WS_CONNECTION_INIT_TIMEOUT_MS,
    keepAliveMs: e.WS_KEEPALIVE_MS,
    maxPayloadBytes: e.WS_MAX_PAYLOAD_BYTES,
    maxSubscriptionsPerConnection: e.WS_MAX_SUBSCRIPTIONS_PER_CONNECTION,
    maxSubscriptionsPerKey: e.WS_MAX_SUBSCRIPTIONS_PER_KEY,
    subscriptionLeaseMs: e.WS_SUBSCRIPTION_LEASE_SECONDS * 1000,
    receiptWaitMs: e.SUBSCRIPTION_RECEIPT_WAIT_SECONDS * 1000,
    authRecheckMs: e.LIVE_AUTH_RECHECK_SECONDS * 1000,
  };
}

/** Outbound webhooks: addresses, timeouts, retries and concurrency. */
function webhooksSettings(e: Settings): Config["webhooks"] {
  return {
    allowPrivateAddresses: e.WEBHOOK_ALLOW_PRIVATE_ADDRESSES,
    timeoutMs: e.WEBHOOK_TIMEOUT_MS,
    maxAttempts: e.WEBHOOK_MAX_ATTEMPTS,
    retryBaseMs: e.WEBHOOK_RETRY_BASE_MS,
    retryMaxMs: e.WEBHOOK_RETRY_MAX_MS,
    concurrency: e.WEBHOOK_CONCURRENCY,
    perEndpointConcurrency: e.WEBHOOK_CONCURRENCY_PER_ENDPOINT,
  };
}

/** The simulator channel's latency, failures, ledger and replies (development and tests). */
function simulatorSettings(e: Settings): Config["simulator"] {
  return {
    latencyMs: e.SIMULATOR_LATENCY_MS,
    ...{ qrRotateMs: e.SIMULATOR_QR_ROTATE_MS, linkAfterQrCodes: e.SIMULATOR_LINK_AFTER_QR_CODES },
    failPattern: new RegExp(e.SIMULATOR_FAIL_PATTERN),
    transientPattern: new RegExp(e.SIMULATOR_TRANSIENT_PATTERN),
    flakyPattern: new RegExp(e.SIMULATOR_FLAKY_PATTERN),
    ledgerFile: e.SIMULATOR_LEDGER_FILE,
    ...{ lostAnswerPattern: e.SIMULATOR_LOST_ANSWER_PATTERN ? new RegExp(e.SIMULATOR_LOST_ANSWER_PATTERN) : undefined, stallAfterAccept: e.SIMULATOR_STALL_AFTER_ACCEPT },
    ledgerLimit: e.NODE_ENV === "production" ? 0 : 10_000, // the in-memory ledger is for tests; in production nothing reads it
    replyPattern: new RegExp(e.SIMULATOR_REPLY_PATTERN),
    replyText: e.SIMULATOR_REPLY_TEXT,
    stopPattern: new RegExp(e.SIMULATOR_STOP_PATTERN),
    stopText: e.SIMULATOR_STOP_TEXT,
    replyDelayMs: e.SIMULATOR_REPLY_DELAY_MS,
    customerWindow: e.SIMULATOR_CUSTOMER_WINDOW,
    signalPattern: e.SIMULATOR_SIGNAL_PATTERN ? new RegExp(e.SIMULATOR_SIGNAL_PATTERN) : undefined,
    ...{ signal: e.SIMULATOR_SIGNAL, signalAfterSends: e.SIMULATOR_SIGNAL_AFTER_SENDS },
    ...{ qualityRedAfterSends: e.SIMULATOR_QUALITY_RED_AFTER_SENDS, sessionLostAfterSends: e.SIMULATOR_SESSION_LOST_AFTER_SENDS },
  };
}

/** Parses the settings once, reporting every problem together. Without `env`: the environment and the settings file. */
export function loadConfig(env?: Record<string, string | undefined>): Config {
  const read = env ? { env, problems: [] } : readEnvironment();
  const cleaned = Object.fromEntries(Object.entries(read.env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(cleaned);
  const problems = [...read.problems, ...(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`))];
  if (!parsed.success || problems.length) throw new ConfigError(problems);
  const e = parsed.data;
  return {
    nodeEnv: e.NODE_ENV,
    // Loopback unless in production: a development server (demo data, error details) is not for the network.
    host: e.HOST ?? (e.NODE_ENV === "production" ? "0.0.0.0" : "127.0.0.1"),
    port: e.PORT,
    admin: { host: e.ADMIN_HOST, port: e.ADMIN_PORT },
    corsOrigins: e.CORS_ORIGINS,
    trustedProxies: e.TRUSTED_PROXIES,
    consoleUrl: e.CONSOLE_URL,
    logLevel: e.LOG_LEVEL,
    databaseUrl: e.DATABASE_URL,
    databaseDirectUrl: e.DATABASE_DIRECT_URL,
    dataDir: e.DATA_DIR,
    dbPoolMax: e.DB_POOL_MAX,
    // A production PostgreSQL is migrated as a release step (npm run db:migrate), never by
    // whichever replica happens to start first; the embedded database has one process, which does it.
    migrateOnStart: e.MIGRATE_ON_START ?? (!e.DATABASE_URL || e.NODE_ENV !== "production"),
    timeZone: e.TIME_ZONE,
    adminToken: e.ADMIN_TOKEN,
    erasureKey: e.ERASURE_KEY ?? (e.NODE_ENV === "production" ? undefined : "development erasure key, not secret"),
    // The demo tenant and its printed key must never appear in production.
    seedDemo: e.NODE_ENV !== "production" && (e.SEED_DEMO ?? !e.DATABASE_URL),
    messageTtlMs: e.MESSAGE_TTL_SECONDS * 1000,
    idempotencyLeaseMs: e.IDEMPOTENCY_LEASE_SECONDS * 1000,
    authCacheMs: e.AUTH_CACHE_MS,
    sendGroupMax: e.SEND_GROUP_MAX,
    sendGroupMaxWaitMs: e.SEND_GROUP_MAX_WAIT_MS,
    ...{ maxBodyBytes: e.HTTP_MAX_BODY_BYTES, receiptMaxBodyBytes: e.RECEIPT_MAX_BODY_BYTES },
    inboundMedia: { maxBytes: e.INBOUND_MEDIA_MAX_BYTES, timeoutMs: e.INBOUND_MEDIA_TIMEOUT_MS },
    ...{ seller: sellerSettings(e), redisUrl: e.REDIS_URL, redisPrefix: e.REDIS_PREFIX },
    health: { checkIntervalMs: e.NUMBER_HEALTH_CHECK_MS },
    housekeeping: {
      ...{ webhookRetentionDays: e.WEBHOOK_RETENTION_DAYS, auditRetentionDays: e.AUDIT_RETENTION_DAYS },
      ...{ messageRetentionDays: e.MESSAGE_RETENTION_DAYS, intervalMs: e.HOUSEKEEPING_INTERVAL_SECONDS * 1000 },
    },
    worker: workerSettings(e),
    channel: channelSettings(e),
    graphql: graphqlSettings(e),
    realtime: realtimeSettings(e),
    webhooks: webhooksSettings(e),
    ...{ chatwoot: chatwootSettings(e), simulator: simulatorSettings(e), ...serviceSettings(e) },
    ...{ mail: mailSettings(e), signup: signupSettings(e) },
  };
}

/** Chatwoot's settings (docs/configuration.md): the relay's calls, its backoff (the longest never shorter than the first), its look for a post whose answer was lost, unsigned webhooks. */
function chatwootSettings(e: Settings) {
  return {
    ...{ privateHosts: e.CHATWOOT_PRIVATE_HOSTS, timeoutMs: e.CHATWOOT_TIMEOUT_MS, concurrency: e.CHATWOOT_CONCURRENCY },
    ...{ retryBaseMs: e.CHATWOOT_RETRY_BASE_MS, retryMaxMs: Math.max(e.CHATWOOT_RETRY_MAX_MS, e.CHATWOOT_RETRY_BASE_MS) },
    ...{ recheckAfterMs: e.CHATWOOT_RECHECK_AFTER_MS, allowUnsigned: e.CHATWOOT_ALLOW_UNSIGNED },
  };
}
