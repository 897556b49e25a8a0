import { createHash, randomUUID } from "node:crypto";
import { IDEMPOTENCY_KEY_PATTERN } from "../../core/input/idempotency-key.js";
import { setTimeout as sleep } from "node:timers/promises";
import { KEEP_HOURS, keepResult, letKeyGo, readKey, renewKeyLease, takeKey, takeOverKey, type Claim, type Created } from "../queue/index.js";

export type { Claim };
import type { Principal } from "../../core/principal.js";
import type { ServiceDeps } from "../../core/deps.js";
import { ServiceError, validationError, type ErrorCode } from "../../core/errors.js";

// Idempotency-Key: a caller that retries a send (timeout, dropped connection) with the same key and
// the same request gets the first request's result, and nothing is sent again, for 24 hours. The
// key row is taken with one conditional insert, so of 20 concurrent requests exactly one runs; the
// others wait for its result. The request that runs holds the key under a lease it renews; the
// statement that creates its message(s) checks that it still holds the key and records on it what
// it created. A process that dies mid-request stops renewing, so after the lease a retry takes the
// key over and answers from what was created, or runs the request if nothing was.

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

/**
 * A call's Idempotency-Key, with the request as its caller sent it (in the operation's names):
 * the key's fingerprint is taken of that, so a retry matches however the input is later shaped.
 */
export interface KeyedCall {
  key: string | undefined;
  asSent: unknown;
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

export interface IdempotentRequest<T> {
  operation: string;
  input: unknown;
  codec: Codec<T>;
  /** Runs the request; with a key, the statement that creates something gates on and links the claim. */
  run(claim: Claim | undefined): Promise<T>;
  /** The answer from what a vanished holder created (its current state; nothing is sent again). */
  resume(created: Created): Promise<T>;
}

/** The statement that creates something found the key held by another request: a retry took it over. */
export const keyTakenOver = () => new ServiceError("IDEMPOTENCY_KEY_IN_PROGRESS", "A retry with this Idempotency-Key took over this request; its answer is the one to use.");

const leaseEnd = (deps: ServiceDeps) => new Date(deps.clock.now().getTime() + deps.config.idempotencyLeaseMs);

/**
 * Runs a request once per (tenant, key) and request. The same key with another request, within 24
 * hours, is refused with IDEMPOTENCY_KEY_REUSED. A run that fails before anything exists (bad
 * input, a limit) keeps nothing, so the caller may fix it and retry under the same key.
 */
export async function idempotent<T>(deps: ServiceDeps, principal: Principal, key: string | undefined, request: IdempotentRequest<T>): Promise<T> {
  if (key === undefined) return request.run(undefined);
  const hash = createHash("sha256")
    .update(canonical({ operation: request.operation, input: request.input }))
    .digest("hex");
  const claim: Claim = { tenantId: principal.tenantId, key, owner: `${deps.instanceId}:${randomUUID()}` };
  const now = deps.clock.now();
  const retainedSince = new Date(now.getTime() - KEEP_HOURS * 3_600_000);
  if (await takeKey(deps.db, claim, { hash, leaseUntil: leaseEnd(deps), now, retainedSince })) return runAndKeep(deps, claim, request, { messageId: null, batchId: null });

  const deadline = Date.now() + WAIT_FOR_FIRST_MS;
  for (;;) {
    const row = await readKey(deps.db, claim);
    if (!row) return idempotent(deps, principal, key, request); // the first run kept nothing
    if (row.requestHash !== hash) {
      throw new ServiceError("IDEMPOTENCY_KEY_REUSED", "This Idempotency-Key was already used with a different request. Use a new key for a new request.");
    }
    if (row.response !== null) return replay(row.response as Stored, request.codec);
    if (row.leaseUntil === null || row.leaseUntil < deps.clock.now()) {
      const created = await takeOver(deps, claim, hash);
      if (created) return runAndKeep(deps, claim, request, created);
    }
    if (Date.now() > deadline) {
      throw new ServiceError("IDEMPOTENCY_KEY_IN_PROGRESS", "A request with this Idempotency-Key is still running; retry in a moment.");
    }
    await sleep(50);
  }
}

/** Takes an unfinished key whose holder stopped renewing its lease; of concurrent retries one wins. */
async function takeOver(deps: ServiceDeps, claim: Claim, hash: string): Promise<Created | undefined> {
  const row = await takeOverKey(deps.db, claim, { hash, leaseUntil: leaseEnd(deps), now: deps.clock.now() });
  if (row) deps.log.warn({ key: claim.key, tenantId: claim.tenantId, ...row }, "idempotency key taken over from a request that stopped renewing it");
  return row;
}

async function runAndKeep<T>(deps: ServiceDeps, claim: Claim, request: IdempotentRequest<T>, created: Created): Promise<T> {
  const keep = (stored: Stored) => keepResult(deps.db, claim, stored, deps.clock.now());
  const lease = holdLease(deps, claim);
  let result: T;
  try {
    result = created.messageId !== null || created.batchId !== null ? await request.resume(created) : await request.run(claim);
  } catch (err) {
    await lease.stop();
    if (err instanceof ServiceError && KEPT_ERRORS.has(err.code)) {
      await keep({ error: { code: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}), ...(err.details ? { details: err.details } : {}) } });
    } else {
      await letKeyGo(deps.db, claim);
    }
    throw err;
  }
  await lease.stop();
  await keep({ ok: request.codec.save(result) });
  return result;
}

/** Renews the claim's lease every third of its length until stopped (or until the key is lost). */
function holdLease(deps: ServiceDeps, claim: Claim): { stop(): Promise<void> } {
  const stopped = new AbortController();
  const renewing = (async () => {
    for (;;) {
      try {
        await sleep(deps.config.idempotencyLeaseMs / 3, undefined, { signal: stopped.signal, ref: false });
      } catch {
        return; // stopped
      }
      try {
        if (!(await renewKeyLease(deps.db, claim, leaseEnd(deps)))) return;
      } catch (err) {
        // A missed renewal costs at most a takeover, which answers from what was created.
        deps.log.warn({ err, key: claim.key }, "could not renew an idempotency key's lease");
      }
    }
  })();
  return {
    async stop() {
      stopped.abort();
      await renewing;
    },
  };
}
