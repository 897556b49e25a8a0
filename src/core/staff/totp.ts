import { createHash, randomBytes } from "node:crypto";
import { Secret, TOTP } from "otpauth";

// The optional second factor: TOTP (RFC 6238: SHA-1, 6 digits, 30-second steps, what every
// authenticator app reads) through the `otpauth` library, and ten single-use recovery codes kept
// only as SHA-256 hashes (each has 50 random bits, so a fast hash is enough).

const ISSUER = "Messaging gateway";
export const RECOVERY_CODE_COUNT = 10;

const totpOf = (secret: string, label = "") => new TOTP({ issuer: ISSUER, label, algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) });

/** A new random secret, base32. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** The otpauth:// address an authenticator app scans. */
export const totpUri = (secret: string, email: string) => totpOf(secret, email).toString();

/**
 * The 30-second step `code` belongs to (one step either side of `now` accepted, for clocks that
 * drift), or undefined when it matches none or is not newer than `lastStep`: a code is used once.
 */
export function acceptedTotpStep(secret: string, code: string, now: Date, lastStep: number | null): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const delta = totpOf(secret).validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return undefined;
  const step = Math.floor(now.getTime() / 30_000) + delta;
  return lastStep !== null && step <= lastStep ? undefined : step;
}

/** Recovery codes as shown once (xxxxx-xxxxx), and the hashes kept of them. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(10)].map((b) => alphabet[b % alphabet.length]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  return { codes, hashes: codes.map(recoveryCodeHash) };
}

/** What is kept of a recovery code: spaces and case do not matter when it is typed. */
export const recoveryCodeHash = (code: string) => createHash("sha256").update(code.trim().toLowerCase().replace(/\s+/g, "")).digest("hex");
