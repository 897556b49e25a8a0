import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

// Passwords are hashed with scrypt from node:crypto: memory-hard, in Node itself (no native addon
// to build, nothing to keep up to date), and run on libuv's thread pool so a sign-in never blocks
// the event loop. The parameters are OWASP's for scrypt (N=2^15, r=8, p=3: 32 MiB per hash) and
// are stored with each hash, so raising them later still verifies older hashes.

const PARAMS = { N: 2 ** 15, r: 8, p: 3 } as const;
const KEY_LENGTH = 32;

export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 256;

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 };
  return new Promise((resolve, reject) => scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key))));
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
