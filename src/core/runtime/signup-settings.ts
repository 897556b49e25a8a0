import type { Settings } from "../settings-schema.js";
import { StartupError } from "./startup-error.js";

// Whether businesses may open an account by themselves, and on what trial (docs/signup.md).

export type SignupMode = "closed" | "invite" | "open";

/** SIGNUP, TRIAL_DAYS and TRIAL_PLAN; with sign-up open (or by invitation) a trial plan must be named. */
export function signupSettings(e: Settings): { mode: SignupMode; trialDays: number; trialPlan: string | undefined } {
  if (e.SIGNUP !== "closed" && !e.TRIAL_PLAN) {
    throw new StartupError(`SIGNUP=${e.SIGNUP} needs TRIAL_PLAN: the name of the plan new accounts start on (docs/signup.md).`);
  }
  return { mode: e.SIGNUP, trialDays: e.TRIAL_DAYS, trialPlan: e.TRIAL_PLAN };
}

export interface SignupConfig {
  /** SIGNUP (closed: only the operator makes accounts; invite: with a sign-up code; open), TRIAL_DAYS, TRIAL_PLAN. */
  signup: ReturnType<typeof signupSettings>;
}
