import { createHash } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { Prisma } from "../generated/prisma/client.js";
import type { Principal, ServiceDeps } from "./deps.js";
import { ServiceError, validationError, type ErrorCode } from "./errors.js";

// Idempotency-Key: a caller that retries a send (timeout, dropped connection) with the same key and
// the same request gets the first request's result, and nothing is sent again, for 24 hours. The
// key row is taken with one conditional insert, so of 20 concurrent requests exactly one runs; the
// others wait for its result.

export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
export const KEEP_HOURS = 24;
/** How long a request waits for a concurrent one with the same key before giving up. */
const WAIT_FOR_FIRST_MS = 60_000;

/** Errors after which something exists (a failed message): their answer is kept like a result. */
const KEPT_ERRORS = new Set<ErrorCode>(["CHANNEL_ERROR"]);

export interface Codec<T> {
  save(result: T): unknown;
  load(saved: unknown): T;
}

/** Keeps bigints and dates through JSON (tagged), for results that are rows. */
export const rowCodec = <T>(): Codec<T> => ({
  save: (result) =>
    JSON.parse(
      JSON.stringify(result, function (this: Record<string, unknown>, key, value: unknown) {
        const original = this[key];
        if (typeof original === "bigint") return { $bigint: original.toString() };
        if (original instanceof Date) return { $date: original.toISOString() };
        return value;
      }),
    ) as unknown,
  load: (saved) =>
    JSON.parse(JSON.stringify(saved), (_key, value: unknown) => {
      if (value && typeof value === "object" && !Array.isArray(value)) {
        const tagged = value as { $bigint?: string; $date?: string };
        if (typeof tagged.$bigint === "string") return BigInt(tagged.$bigint);
        if (typeof tagged.$date === "string") return new Date(tagged.$date);
      }
      return value;
    }) as T,
});

type Stored = { ok: unknown } | { error: { code: ErrorCode; message: string; fields?: Record<string, string>; details?: Record<string, unknown> } };

/** JSON with sorted keys, so the same request always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

export function checkIdempotencyKey(key: string | null | undefined): string | undefined {
  if (key === null || key === undefined || key === "") return undefined;
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw validationError({ idempotencyKey: "must be 1 to 255 printable ASCII characters" });
  return key;
}

function replay<T>(stored: Stored, codec: Codec<T>): T {
  if ("ok" in stored) return codec.load(stored.ok);
  const { code, message, fields, details } = stored.error;
  throw new ServiceError(code, message, fields, details);
}

/**
 * Runs `run` once per (tenant, key) and request. The same key with another request, within 24
 * hours, is refused with IDEMPOTENCY_KEY_REUSED. A run that fails before anything exists (bad
 * input, a limit) keeps nothing, so the caller may fix it and retry under the same key.
 */
export async function idempotent<T>(
  deps: ServiceDeps,
  principal: Principal,
  key: string | undefined,
  request: { operation: string; input: unknown },
  codec: Codec<T>,
  run: () => Promise<T>,
): Promise<T> {
  if (key === undefined) return run();
  const hash = createHash("sha256").update(canonical(request)).digest("hex");
  const tenantId = principal.tenantId;
  // Taken when new, or when the previous holder of the key is older than the retention.
  const taken = await deps.db.$queryRaw<Array<{ taken: boolean }>>`
    INSERT INTO idempotency_key AS k (tenant_id, key, request_hash) VALUES (${tenantId}, ${key}, ${hash})
    ON CONFLICT (tenant_id, key) DO UPDATE SET request_hash = EXCLUDED.request_hash, response = NULL,
      created_at = now(), completed_at = NULL
      WHERE k.created_at < now() - make_interval(hours => ${KEEP_HOURS})
    RETURNING true AS taken`;
  if (taken.length > 0) return runAndKeep(deps, tenantId, key, codec, run);

  const deadline = Date.now() + WAIT_FOR_FIRST_MS;
  for (;;) {
    const row = await deps.db.idempotencyKey.findUnique({ where: { tenantId_key: { tenantId, key } } });
    if (!row) return idempotent(deps, principal, key, request, codec, run); // the first run kept nothing
    if (row.requestHash !== hash) {
      throw new ServiceError("IDEMPOTENCY_KEY_REUSED", "This Idempotency-Key was already used with a different request. Use a new key for a new request.");
    }
    if (row.response !== null) return replay(row.response as Stored, codec);
    if (Date.now() > deadline) {
      throw new ServiceError("IDEMPOTENCY_KEY_IN_PROGRESS", "A request with this Idempotency-Key is still running; retry in a moment.");
    }
    await sleep(50);
  }
}

async function runAndKeep<T>(deps: ServiceDeps, tenantId: number, key: string, codec: Codec<T>, run: () => Promise<T>): Promise<T> {
  const keep = async (stored: Stored) => {
    await deps.db.idempotencyKey.update({
      where: { tenantId_key: { tenantId, key } },
      data: { response: stored as Prisma.InputJsonObject, completedAt: new Date() },
    });
  };
  let result: T;
  try {
    result = await run();
  } catch (err) {
    if (err instanceof ServiceError && KEPT_ERRORS.has(err.code)) {
      await keep({ error: { code: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}), ...(err.details ? { details: err.details } : {}) } });
    } else {
      await deps.db.idempotencyKey.delete({ where: { tenantId_key: { tenantId, key } } });
    }
    throw err;
  }
  await keep({ ok: codec.save(result) });
  return result;
}
