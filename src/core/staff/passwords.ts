import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { ServiceError } from "../errors.js";

// Passwords are hashed with scrypt from node:crypto: memory-hard, in Node itself (no native addon
// to build, nothing to keep up to date), and run on libuv's thread pool so a sign-in never blocks
// the event loop. The parameters are OWASP's for scrypt (N=2^15, r=8, p=3: 32 MiB per hash) and
// are stored with each hash, so raising them later still verifies older hashes.

const PARAMS = { N: 2 ** 15, r: 8, p: 3 } as const;
const KEY_LENGTH = 32;

/**
 * Hashes run at once (each about a quarter second of one core and 32 MiB), and hashes that may wait
 * for a turn. Sign-ins are throttled per address and per email, but many addresses together could
 * still ask for more hashing than the server has cores; past the queue they are told to come back
 * (503 with Retry-After) instead of the server's sends waiting behind them.
 */
export const HASHING = { atOnce: 2, waiting: 32 } as const;
let hashing = 0;
const turns: Array<() => void> = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (hashing >= HASHING.atOnce) {
    if (turns.length >= HASHING.waiting) {
      throw new ServiceError("SERVICE_UNAVAILABLE", "Too many sign-ins at once; try again in a moment.", undefined, { retryAfter: 1 });
    }
    await new Promise<void>((resolve) => turns.push(resolve));
  } else hashing++;
  try {
    return await work();
  } finally {
    // The turn passes straight to the next waiter, so `hashing` counts it still.
    const next = turns.shift();
    if (next) next();
    else hashing--;
  }
}

export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 256;

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 };
  return inTurn(() => new Promise((resolve, reject) => scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key)))));
}

/** A new salted hash of `password`, as `scrypt$N$r$p$salt$hash` (base64url). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ["scrypt", PARAMS.N, PARAMS.r, PARAMS.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/** A hash no password matches, for checking a password of an unknown email in the same time as a known one's. */
let decoy: Promise<string> | undefined;
const decoyHash = () => (decoy ??= hashPassword(randomBytes(24).toString("base64url")));

/** Whether `password` matches `stored`; with no stored hash it still spends a hash's time, and says no. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = (stored ?? (await decoyHash())).split("$");
  if (scheme !== "scrypt" || !salt || !key) return false;
  const expected = Buffer.from(key, "base64url");
  const actual = await derive(password, Buffer.from(salt, "base64url"), { N: Number(n), r: Number(r), p: Number(p) });
  return timingSafeEqual(actual, expected.length === actual.length ? expected : Buffer.alloc(actual.length)) && stored !== null;
}
