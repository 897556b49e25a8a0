import { z } from "zod";

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

const validTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat("en", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

/** Every setting the service reads; each comes from one environment variable (see README). */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  TIME_ZONE: z.string().refine(validTimeZone, "must be an IANA time zone such as Asia/Riyadh").default("Asia/Riyadh"),
  ADMIN_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  SEED_DEMO: bool.optional(),
  WORKER_ENABLED: bool.default(true),
  WORKER_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(250),
  WORKER_BATCH_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  WORKER_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  SIMULATOR_LATENCY_MS: z.coerce.number().int().min(0).max(60_000).default(20),
  SIMULATOR_FAIL_PATTERN: z
    .string()
    .refine((p) => {
      try {
        new RegExp(p);
        return true;
      } catch {
        return false;
      }
    }, "must be a valid regular expression")
    .default("^9665000000"),
});

export type Env = Partial<Record<keyof z.input<typeof envSchema>, string>>;

export interface Config {
  nodeEnv: "development" | "production" | "test";
  host: string;
  port: number;
  logLevel: string;
  /** PostgreSQL server; when absent the embedded PGlite database in `dataDir` is used. */
  databaseUrl: string | undefined;
  /** Embedded database directory, or "memory://" for a throwaway in-memory database. */
  dataDir: string;
  dbPoolMax: number;
  timeZone: string;
  adminToken: string | undefined;
  seedDemo: boolean;
  worker: { enabled: boolean; pollMs: number; batchSize: number; leaseSeconds: number };
  simulator: { latencyMs: number; failPattern: RegExp };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid settings:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Parses the environment once, reporting every problem together. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`));
  }
  const e = parsed.data;
  return {
    nodeEnv: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    dbPoolMax: e.DB_POOL_MAX,
    timeZone: e.TIME_ZONE,
    adminToken: e.ADMIN_TOKEN,
    // The demo tenant and its printed key must never appear in production.
    seedDemo: e.NODE_ENV !== "production" && (e.SEED_DEMO ?? !e.DATABASE_URL),
    worker: {
      enabled: e.WORKER_ENABLED,
      pollMs: e.WORKER_POLL_MS,
      batchSize: e.WORKER_BATCH_SIZE,
      leaseSeconds: e.WORKER_LEASE_SECONDS,
    },
    simulator: { latencyMs: e.SIMULATOR_LATENCY_MS, failPattern: new RegExp(e.SIMULATOR_FAIL_PATTERN) },
  };
}
