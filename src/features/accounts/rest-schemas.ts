import { z } from "zod";
import { AccountStatus } from "../../generated/prisma/enums.js";
import { normalised } from "../../core/rest/schemas.js";
import { CONTENT_KINDS } from "../../core/content/message-content.js";
import { NUMBER_STATES } from "./number-states.js";
import { firstContactCap, messagingTier, thresholdRules, warmUpRamp } from "./health-input.js";

const timestamp = z.string().meta({ description: "ISO 8601, service time zone." });

// The account routes' bodies and answers (see core/rest/schemas.ts for how the facade uses them).
// The bodies' rules and messages are the services' own (health-input.ts): a body is checked here
// once, and the service takes what this check made of it.

export const accountShape = z
  .object({
    id: z.number().int().positive(),
    name: z.string(),
    phone_number: normalised,
    status: z.enum(AccountStatus).meta({ description: "`connected` for a number that can send (also while it warms up or is slowed down); else why not, as `state`." }),
    state: z.enum(NUMBER_STATES).meta({ description: "connected, warming_up, paused, restricted, disconnected, banned or token_invalid (docs/number-health.md)." }),
    state_reason: z.string().nullable().meta({ description: "Why it is in its state: spam_rate_limit, quality_red, opt_out_rate, session_lost, resumed…" }),
    state_since: timestamp,
    state_until: timestamp.nullable().meta({ description: "A timed pause ends by itself then; null: until lifted or resumed." }),
    slowed_until: timestamp.nullable().meta({ description: "Its pacing is slowed (× slow_factor) until then." }),
    slow_factor: z.number().int().positive(),
    messaging_tier: z.number().int().nullable().meta({ description: "Meta's messaging limit held for it (sends in a rolling 24 hours); null: none." }),
    quality: z.string().nullable().meta({ description: "The provider's last quality rating (GREEN, YELLOW, RED)." }),
    warm_up: z
      .object({
        started_on: z.iso.date(),
        day: z.number().int(),
        today_limit: z.number().int(),
        ramp: z.array(z.number().int()),
        first_contact_cap: z.number().int(),
        first_contacts_today: z.number().int(),
      })
      .nullable()
      .meta({ id: "WarmUp", description: "While it warms up: its ramp of daily sends and its first-contact cap." }),
    today_sent: z.number().int().nonnegative(),
    month_sent: z.number().int().nonnegative(),
    daily_limit: z.number().int().nonnegative(),
    monthly_limit: z.number().int().nonnegative(),
    capabilities: z
      .object({
        channel: z.string().meta({ description: "simulator, whatsapp-cloud or waha." }),
        kinds: z.array(z.enum(CONTENT_KINDS)).meta({ description: "The content kinds it can send." }),
        customer_window: z
          .boolean()
          .meta({ description: "True: free-form messages only within 24 hours of the contact's last message to this number (Meta's rule); template messages any time." }),
      })
      .meta({ id: "AccountCapabilities", description: "What the number's channel can send; a send naming it with another kind gets UNSUPPORTED_BY_CHANNEL." }),
  })
  .meta({ id: "Account" });

export const accountsResponse = z.object({ accounts: z.array(accountShape) }).meta({ id: "Accounts" });

export const accountResponse = z.object({ success: z.literal(true), account: accountShape }).meta({ id: "AccountResult" });

const figures = z
  .object({
    sent: z.number().int(),
    failed: z.number().int(),
    undeliverable: z.number().int(),
    opt_outs: z.number().int(),
    replies: z.number().int(),
    block_signals: z.number().int(),
    failure_rate: z.number().nullable(),
    undeliverable_rate: z.number().nullable(),
    opt_out_rate: z.number().nullable(),
    reply_rate: z.number().nullable(),
  })
  .meta({ id: "HealthFigures", description: "Sends and what came back; rates in percent, null below one send." });

export const thresholdsShape = z
  .object({
    opt_out_rate_percent: thresholdRules.optOutRatePercent,
    undeliverable_rate_percent: thresholdRules.undeliverableRatePercent,
    failure_rate_percent: thresholdRules.failureRatePercent,
    min_sends: thresholdRules.minSends,
  })
  .meta({ id: "HealthThresholds", description: "Over one of these in 24 hours (judged over at least min_sends sends), a number is paused with that reason." });

export const thresholdsBody = thresholdsShape.partial().strict().meta({ id: "HealthThresholdsInput", description: "Fields left out are unchanged." });

export const healthResponse = z
  .object({
    success: z.literal(true),
    account: accountShape,
    last_24h: figures,
    last_7d: figures,
    thresholds: thresholdsShape,
    changes: z
      .array(
        z.object({
          event_id: z.string(),
          from_state: z.enum(NUMBER_STATES),
          state: z.enum(NUMBER_STATES),
          reason: z.string(),
          signal: z.string(),
          until: timestamp.nullable(),
          at: timestamp,
        }),
      )
      .meta({ description: "What the gateway did and when, newest first (at most 50); each is an account.status_changed event." }),
  })
  .meta({ id: "AccountHealth" });

export const warmUpBody = z
  .strictObject({
    ramp: warmUpRamp.nullable().optional().meta({ description: "Daily sends by day of warm-up, increasing; null or empty: the plan's." }),
    first_contact_cap: firstContactCap.nullable().optional(),
    messaging_tier: messagingTier.nullable().optional(),
    warming_up: z.boolean().optional().meta({ description: "true: start warming up today; false: end the warm-up now." }),
  })
  .meta({ id: "WarmUpInput", description: "Fields left out are unchanged." });

export const balanceResponse = z
  .object({
    plan: z.string(),
    subscription_ends: z.iso.date().meta({ description: "Last day of the subscription (service time zone); it still counts." }),
    messages: z.object({ limit: z.number().int(), used: z.number().int(), remaining: z.number().int() }),
    accounts: z.object({ limit: z.number().int(), connected: z.number().int() }),
  })
  .meta({ id: "Balance" });
