import { describe, expect, it } from "vitest";
import { Secret, TOTP } from "otpauth";
import { SCOPES } from "../auth/scopes.js";
import { randomBytes, scryptSync } from "node:crypto";
import { HASHING, hashPassword, verifyPassword } from "./passwords.js";
import { passwordWeakness, personalWords } from "./password-strength.js";
import { mayManageRole, ROLES, scopesOfRole } from "./roles.js";
import { acceptedTotpStep, newRecoveryCodes, newTotpSecret, recoveryCodeHash } from "./totp.js";

describe("roles", () => {
  it("are sets of the known scopes, owner and admin holding all", () => {
    for (const role of ROLES) for (const scope of scopesOfRole(role)) expect(SCOPES).toContain(scope);
    expect(scopesOfRole("owner").size).toBe(SCOPES.length);
    expect(scopesOfRole("agent").has("keys:manage")).toBe(false);
  });

  it("are given only by a caller holding their scopes; an owner only by an owner or a key", () => {
    const admin = { scopes: scopesOfRole("admin"), role: "admin" as const };
    expect(mayManageRole(admin, "agent")).toBe(true);
    expect(mayManageRole(admin, "owner")).toBe(false);
    expect(mayManageRole({ scopes: scopesOfRole("owner"), role: null }, "owner")).toBe(true);
    expect(mayManageRole({ scopes: scopesOfRole("campaigns"), role: "campaigns" }, "viewer")).toBe(false);
  });
});

describe("passwords", () => {
  it("verify against their own salted hash only, and an absent hash never", async () => {
    const a = await hashPassword("correct horse battery");
    const b = await hashPassword("correct horse battery");
    expect(a).not.toBe(b);
    expect(a).toMatch(/^scrypt\$32768\$8\$3\$/);
    expect(await verifyPassword("correct horse battery", a)).toBe(true);
    expect(await verifyPassword("correct horse batterY", a)).toBe(false);
    expect(await verifyPassword("correct horse battery", null)).toBe(false);
  });
});

describe("hashing at once", () => {
  it("runs a few hashes, queues some, and turns the rest away with 503 and a wait", async () => {
    // A hash with small parameters (they are stored with it), so the test is quick; the turns are the same.
    const salt = randomBytes(16);
    const cheap = ["scrypt", 1024, 8, 1, salt.toString("base64url"), scryptSync("pw", salt, 32, { N: 1024, r: 8, p: 1 }).toString("base64url")].join("$");
    const extra = 6;
    const results = await Promise.allSettled(Array.from({ length: HASHING.atOnce + HASHING.waiting + extra }, () => verifyPassword("pw", cheap)));
    expect(results.filter((r) => r.status === "fulfilled" && r.value === true)).toHaveLength(HASHING.atOnce + HASHING.waiting);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(refused.map((r) => [r.reason.code, r.reason.details.retryAfter])).toEqual(Array.from({ length: extra }, () => ["SERVICE_UNAVAILABLE", 1]));
    expect(await verifyPassword("pw", cheap)).toBe(true);
  });
});

describe("password strength", () => {
  it("refuses leaked passwords, walks, repeats and the person's email, and passes a few uncommon words", async () => {
    const personal = personalWords("sara.k@example.com");
    for (const weak of ["password1234", "qwertyuiop12", "aaaaaaaaaaaa", "sara.k@example.com", "sara.ksara.k"])
      expect(await passwordWeakness(weak, personal), weak).toMatch(/^is too easy to guess: /);
    for (const strong of ["correct horse battery", "a long passphrase", "tea with cardamom at dawn"]) expect(await passwordWeakness(strong, personal), strong).toBeUndefined();
  });
});

describe("TOTP", () => {
  const secret = newTotpSecret();
  const code = (at: number) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at });
  const now = new Date("2026-11-26T12:00:10Z");

  it("accepts the current code and one step either side, never one already spent", () => {
    const step = Math.floor(now.getTime() / 30_000);
    expect(acceptedTotpStep(secret, code(now.getTime()), now, null)).toBe(step);
    expect(acceptedTotpStep(secret, code(now.getTime() - 30_000), now, null)).toBe(step - 1);
    expect(acceptedTotpStep(secret, code(now.getTime() - 90_000), now, null)).toBeUndefined();
    expect(acceptedTotpStep(secret, code(now.getTime()), now, step)).toBeUndefined();
    expect(acceptedTotpStep(secret, "12345", now, null)).toBeUndefined();
  });

  it("makes ten distinct recovery codes, kept as hashes that ignore case and spaces", () => {
    const { codes, hashes } = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    expect(hashes[0]).toBe(recoveryCodeHash(` ${codes[0]!.toUpperCase()} `));
  });
});
