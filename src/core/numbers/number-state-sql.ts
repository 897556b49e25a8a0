import { Prisma } from "../../generated/prisma/client.js";
import type { AccountStatus } from "../../generated/prisma/enums.js";

// A sender number's health state, from its stored fields: its status, and `warming_up` for a
// connected number still on its warm-up ramp. In the core because the metrics count numbers by
// state; the accounts feature changes states (features/accounts/number-states.ts).

export const NUMBER_STATES = ["connected", "warming_up", "paused", "restricted", "disconnected", "banned", "token_invalid"] as const;
export type NumberState = (typeof NUMBER_STATES)[number];

/** A number's state from its stored fields (the same rule as numberStateSql). */
export const numberStateOf = (a: { status: AccountStatus; warmupStartedOn: Date | null }): NumberState =>
  a.status === "connected" && a.warmupStartedOn !== null ? "warming_up" : a.status;

/** SQL: the state of the account aliased `a`. */
export const numberStateSql = (a: string) =>
  Prisma.raw(`(CASE WHEN ${a}.status = 'connected' AND ${a}.warmup_started_on IS NOT NULL THEN 'warming_up' ELSE ${a}.status::text END)`);
