import QRCode from "qrcode";
import { audited } from "../../core/audit/audited.js";
import { ServiceError, validationError } from "../../core/errors.js";
import type { Principal } from "../../core/principal.js";
import { verifyPassword } from "../../core/staff/passwords.js";
import { disableTotp, enableTotp, updatePendingTotp } from "../../core/staff/staff-user-sql.js";
import { acceptedTotpStep, newRecoveryCodes, newTotpSecret, totpUri } from "../../core/staff/totp.js";
import type { UserDeps } from "./users.js";

// A signed-in staff user turns the second factor on for themselves: a secret to scan, confirmed by
// a first code (so a mistyped secret can never lock them out), and ten recovery codes shown once.
// Turning it off takes their password. A key has no second factor: these are for users only.

type Caller = Pick<Principal, "userId" | "tenantId" | "actor">;

function userIdOf(caller: Caller): number {
  if (caller.userId === null) throw new ServiceError("INSUFFICIENT_SCOPE", "Only a staff user signed in to the console has a second factor.");
  return caller.userId;
}

const ownRow = (deps: UserDeps, id: number) =>
  deps.db.staffUser.findUniqueOrThrow({ where: { id }, select: { email: true, passwordHash: true, totpSecret: true, totpEnabledAt: true } });

/** A new secret to scan (as an otpauth:// address and a QR code); it counts once confirmed. */
export async function beginTwoFactor(deps: UserDeps, caller: Caller): Promise<{ secret: string; uri: string; qrSvg: string }> {
  const id = userIdOf(caller);
  const user = await ownRow(deps, id);
  if (user.totpEnabledAt) throw validationError({ twoFactor: "is on already; turn it off first to set a new one" });
  const secret = newTotpSecret();
  await updatePendingTotp(deps.db, id, secret);
  const uri = totpUri(secret, user.email);
  return { secret, uri, qrSvg: await QRCode.toString(uri, { type: "svg", margin: 1 }) };
}

/** Turns the second factor on with a first code from the app; the answer's recovery codes are shown only now. */
export async function confirmTwoFactor(deps: UserDeps, caller: Caller, code: string): Promise<{ recoveryCodes: string[] }> {
  const id = userIdOf(caller);
  const user = await ownRow(deps, id);
  if (user.totpEnabledAt) throw validationError({ twoFactor: "is on already" });
  const now = deps.clock.now();
  const step = user.totpSecret ? acceptedTotpStep(user.totpSecret, code.trim(), now, null) : undefined;
  if (step === undefined) throw validationError({ code: user.totpSecret ? "is not the app's current code" : "start by asking for a secret to scan" });
  const { codes, hashes } = newRecoveryCodes();
  await audited(
    deps.db,
    { actor: caller.actor, at: now },
    (tx) => enableTotp(tx, id, now, step, hashes),
    () => ({ tenantId: caller.tenantId, action: "user.two_factor_enabled", target: `user:${id}` }),
  );
  return { recoveryCodes: codes };
}

/** Turns the second factor off, with the user's password. */
export async function turnOffTwoFactor(deps: UserDeps, caller: Caller, password: string): Promise<void> {
  const id = userIdOf(caller);
  const user = await ownRow(deps, id);
  if (!(await verifyPassword(password, user.passwordHash))) throw validationError({ password: "is wrong" });
  if (!user.totpEnabledAt) return;
  await audited(
    deps.db,
    { actor: caller.actor, at: deps.clock.now() },
    (tx) => disableTotp(tx, id),
    () => ({ tenantId: caller.tenantId, action: "user.two_factor_disabled", target: `user:${id}` }),
  );
}
