import { insertAuditEvent } from "../../core/audit/audit-event-sql.js";
import { auditEvent } from "../../core/audit/audit-record.js";
import { isUniqueViolation } from "../../core/db/unique-violation.js";
import type { ServiceDeps } from "../../core/deps.js";
import { notFound, ServiceError, validationError } from "../../core/errors.js";
import { passwordWeakness, personalWords } from "../../core/staff/password-strength.js";
import { hashPassword } from "../../core/staff/passwords.js";
import { insertStaffUser, updateStaffPassword } from "../../core/staff/staff-user-sql.js";
import { signupCodeWorks, spendSignupCode } from "./signup-code-sql.js";
import { signupCodeHash } from "./signup-codes.js";
import type { SignupRequest } from "./signup-input.js";
import { enqueueTakenMail, issueVerificationLink } from "./signup-mails.js";
import { insertSignupTenant } from "./signup-sql.js";
import { throttleSignup } from "./signup-throttle.js";

// A business opens an account by itself: a tenant on the trial plan, its first owner with the
// password they chose, and a one-time link to prove the address, mailed in the same transaction.
// The answer says the same whether or not the address has a user already, so sign-up tells no
// one which addresses are known; the mail to that address tells its owner what happened.

export type SignupDeps = Pick<ServiceDeps, "db" | "clock" | "config" | "rateLimiter">;

/** Thrown inside the transaction when the address has a user: rolls everything back. */
class AddressTaken extends Error {}

/** Signs up; resolves the same (the caller answers 202) whether a tenant was made or the address was taken. */
export async function signUp(deps: SignupDeps, input: SignupRequest, origin: string | undefined): Promise<void> {
  const { mode } = deps.config.signup;
  if (mode === "closed") throw notFound("Sign-up");
  await throttleSignup(deps, input.email);
  const plan = await trialPlan(deps);
  const at = deps.clock.now();
  if (mode === "invite" && !(input.code && (await signupCodeWorks(deps.db, signupCodeHash(input.code), at)))) {
    throw validationError({ code: input.code ? "is not a sign-up code that still works" : "is required: sign-up is by invitation" });
  }
  const weakness = await passwordWeakness(input.password, [...personalWords(input.email), input.businessName]);
  if (weakness) throw validationError({ password: weakness });
  if (!origin) throw new ServiceError("BAD_REQUEST", "Sign up over HTTP: the verification link needs the address the console is reached at.");
  const passwordHash = await hashPassword(input.password);
  try {
    await createAccount(deps, input, { planId: plan.id, planName: plan.name, passwordHash, origin, at });
  } catch (err) {
    if (!(err instanceof AddressTaken) && !isUniqueViolation(err)) throw err;
    // Taken (or taken by a sign-up that committed first): nothing was made; the address's owner hears of it.
    await enqueueTakenMail(deps.db, origin, { email: input.email, locale: input.locale, at });
  }
}

async function trialPlan(deps: SignupDeps) {
  const name = deps.config.signup.trialPlan;
  const plan = name ? await deps.db.plan.findFirst({ where: { name }, select: { id: true, name: true } }) : null;
  if (!plan) throw new ServiceError("SIGNUP_UNAVAILABLE", "Sign-up is not available right now: the gateway's trial plan is not set up. Contact its operator.");
  return plan;
}

interface Made {
  planId: number;
  planName: string;
  passwordHash: string;
  origin: string;
  at: Date;
}

async function createAccount(deps: SignupDeps, input: SignupRequest, made: Made): Promise<void> {
  const { at } = made;
  const endsOn = new Date(`${deps.clock.day(at)}T00:00:00Z`);
  endsOn.setUTCDate(endsOn.getUTCDate() + deps.config.signup.trialDays);
  await deps.db.$transaction(async (tx) => {
    if (await tx.staffUser.findUnique({ where: { email: input.email }, select: { id: true } })) throw new AddressTaken();
    // Spent in the transaction: a sign-up that rolls back (a taken address) leaves the code's use.
    if (input.code && deps.config.signup.mode === "invite" && !(await spendSignupCode(tx, signupCodeHash(input.code), at))) {
      throw validationError({ code: "is not a sign-up code that still works" });
    }
    const tenant = await insertSignupTenant(tx, { name: input.businessName, planId: made.planId, subscriptionEndsOn: endsOn, vatNumber: input.vatNumber, locale: input.locale });
    const user = await insertStaffUser(tx, { tenantId: tenant.id, email: input.email, role: "owner", createdAt: at });
    await updateStaffPassword(tx, user.id, made.passwordHash);
    await issueVerificationLink(tx, made.origin, { userId: user.id, tenantId: tenant.id, email: input.email, business: input.businessName, locale: input.locale }, at);
    const after = {
      name: input.businessName,
      plan: made.planName,
      subscriptionEndsOn: endsOn.toISOString().slice(0, 10),
      locale: input.locale,
      vatNumber: input.vatNumber,
      owner: input.email,
    };
    await insertAuditEvent(
      tx,
      auditEvent(tenant.id, { kind: "user", name: input.email, label: "owner" }, at, { action: "tenant.signed_up", target: `tenant:${tenant.id}`, after }),
    );
  });
}
