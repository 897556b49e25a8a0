import type { z } from "zod";
import type { RestAccountFieldsFragment, RestHealthFiguresFragment } from "../../gql/graphql.js";
import { renamed, route, type AnyRoute } from "../../core/rest/route.js";
import * as shapes from "./rest-schemas.js";
import { thresholdsFromRest, warmUpFromRest } from "./health-input.js";
import {
  AccountHealthOperation,
  AccountsOperation,
  BalanceOperation,
  HealthThresholdsOperation,
  ResumeAccountOperation,
  SetHealthThresholdsOperation,
  SetWarmUpOperation,
} from "./operations.js";

// The tenant's numbers, their health and the allowance on the REST facade.

const account = (a: RestAccountFieldsFragment): z.input<typeof shapes.accountShape> => ({
  id: a.id,
  name: a.name,
  // Only linked numbers reach an answer (GET /accounts leaves the others out; the other routes refuse them).
  phone_number: a.phoneNumber ?? "",
  status: a.status,
  state: a.state,
  state_reason: a.stateReason ?? null,
  state_since: a.stateSince,
  state_until: a.stateUntil ?? null,
  slowed_until: a.slowedUntil ?? null,
  slow_factor: a.slowFactor,
  messaging_tier: a.messagingTier ?? null,
  quality: a.quality ?? null,
  warm_up: a.warmUp
    ? {
        started_on: a.warmUp.startedOn,
        day: a.warmUp.day,
        today_limit: a.warmUp.todayLimit,
        ramp: a.warmUp.ramp,
        first_contact_cap: a.warmUp.firstContactCap,
        first_contacts_today: a.warmUp.firstContactsToday,
      }
    : null,
  today_sent: a.todaySent,
  month_sent: a.monthSent,
  daily_limit: a.dailyLimit,
  monthly_limit: a.monthlyLimit,
  capabilities: { channel: a.capabilities.channel, kinds: a.capabilities.kinds, customer_window: a.capabilities.customerWindow },
});

const figures = (f: RestHealthFiguresFragment) => ({
  sent: f.sent,
  failed: f.failed,
  undeliverable: f.undeliverable,
  opt_outs: f.optOuts,
  replies: f.replies,
  block_signals: f.blockSignals,
  failure_rate: f.failureRate ?? null,
  undeliverable_rate: f.undeliverableRate ?? null,
  opt_out_rate: f.optOutRate ?? null,
  reply_rate: f.replyRate ?? null,
});

const thresholds = (t: { optOutRatePercent: number; undeliverableRatePercent: number; failureRatePercent: number; minSends: number }) => ({
  opt_out_rate_percent: t.optOutRatePercent,
  undeliverable_rate_percent: t.undeliverableRatePercent,
  failure_rate_percent: t.failureRatePercent,
  min_sends: t.minSends,
});

/** An account id from a path (0, which no account has, for anything else: the service answers 404). */
export const accountId = (id: string | undefined) => (/^\d{1,9}$/.test(id ?? "") ? Number(id) : 0);

const healthDoc = "docs/number-health.md: the states, the rule table, warm-up and thresholds.";

/** GET /accounts, GET /balance, and the number-health routes. */
export const accountRoutes: AnyRoute[] = [
  route({
    method: "GET",
    path: /^\/accounts$/,
    doc: { path: "/accounts", operationId: "listAccounts", summary: "Your sender numbers and their counts", tag: "Account", errors: [] },
    answer: shapes.accountsResponse,
    operation: AccountsOperation,
    variables: () => ({}),
    // The spec's list is of connected sender numbers: one still being linked has no number yet (GET /accounts/{id}/connection).
    respond: ({ accounts }) => ({ accounts: accounts.filter((a) => a.phoneNumber != null).map(account) }),
  }),
  route({
    method: "GET",
    path: /^\/accounts\/([^/]+)\/health$/,
    doc: {
      path: "/accounts/{id}/health",
      operationId: "getAccountHealth",
      summary: "A number's health: figures, thresholds, what the gateway did",
      description: healthDoc,
      tag: "Account",
      errors: ["NOT_FOUND"],
    },
    answer: shapes.healthResponse,
    operation: AccountHealthOperation,
    variables: ([id]) => ({ id: accountId(id) }),
    respond: ({ accountHealth: h }) => ({
      success: true as const,
      account: account(h.account),
      last_24h: figures(h.last24h),
      last_7d: figures(h.last7d),
      thresholds: thresholds(h.thresholds),
      changes: h.changes.map((c) => ({ event_id: c.eventId, from_state: c.fromState, state: c.state, reason: c.reason, signal: c.signal, until: c.until ?? null, at: c.at })),
    }),
  }),
  route({
    method: "POST",
    path: /^\/accounts\/([^/]+)\/resume$/,
    doc: {
      path: "/accounts/{id}/resume",
      operationId: "resumeAccount",
      summary: "Resume a paused or stopped number",
      description: `Refused with PROVIDER_BLOCK_ACTIVE while the provider still reports a block. ${healthDoc}`,
      tag: "Account",
      errors: ["NOT_FOUND", "PROVIDER_BLOCK_ACTIVE"],
    },
    answer: shapes.accountResponse,
    operation: ResumeAccountOperation,
    variables: ([id]) => ({ id: accountId(id) }),
    respond: ({ resumeAccount: a }) => ({ success: true as const, account: account(a) }),
  }),
  route({
    method: "PUT",
    path: /^\/accounts\/([^/]+)\/warm-up$/,
    doc: {
      path: "/accounts/{id}/warm-up",
      operationId: "setWarmUp",
      summary: "A number's warm-up, first-contact cap and messaging tier",
      description: healthDoc,
      tag: "Account",
      body: shapes.warmUpBody,
      errors: ["NOT_FOUND"],
    },
    answer: shapes.accountResponse,
    operation: SetWarmUpOperation,
    variables: ([id], body) => ({
      id: accountId(id),
      input: renamed(body, { ramp: "ramp", first_contact_cap: "firstContactCap", messaging_tier: "messagingTier", warming_up: "warmingUp" }) as never,
    }),
    checked: ({ input }) => warmUpFromRest(input),
    respond: ({ setWarmUp: a }) => ({ success: true as const, account: account(a) }),
  }),
  route({
    method: "GET",
    path: /^\/health-thresholds$/,
    doc: { path: "/health-thresholds", operationId: "getHealthThresholds", summary: "When a number is paused for its figures", description: healthDoc, tag: "Account", errors: [] },
    answer: shapes.thresholdsShape,
    operation: HealthThresholdsOperation,
    variables: () => ({}),
    respond: ({ healthThresholds: t }) => thresholds(t),
  }),
  route({
    method: "PUT",
    path: /^\/health-thresholds$/,
    doc: {
      path: "/health-thresholds",
      operationId: "setHealthThresholds",
      summary: "Change when a number is paused for its figures",
      description: healthDoc,
      tag: "Account",
      body: shapes.thresholdsBody,
      errors: [],
    },
    answer: shapes.thresholdsShape,
    operation: SetHealthThresholdsOperation,
    variables: (_, body) => ({
      input: renamed(body, {
        opt_out_rate_percent: "optOutRatePercent",
        undeliverable_rate_percent: "undeliverableRatePercent",
        failure_rate_percent: "failureRatePercent",
        min_sends: "minSends",
      }) as never,
    }),
    checked: ({ input }) => thresholdsFromRest(input),
    respond: ({ setHealthThresholds: t }) => thresholds(t),
  }),
  route({
    method: "GET",
    path: /^\/balance$/,
    doc: { path: "/balance", operationId: "getBalance", summary: "Plan, allowance and connected numbers", tag: "Account", errors: [] },
    answer: shapes.balanceResponse,
    operation: BalanceOperation,
    variables: () => ({}),
    respond: ({ balance: b }) => ({ plan: b.plan, subscription_ends: b.subscriptionEnds, messages: b.messages, accounts: b.accounts }),
  }),
];
