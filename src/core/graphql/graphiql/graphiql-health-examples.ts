import { keyHint, vars, type GraphiQLTab } from "./graphiql-tab.js";

/** The number-health tab: states, figures, thresholds, warm-up, resuming, and the live changes. */
export const numberHealthTab: GraphiQLTab = {
  query: `${keyHint}
# Number health (docs/number-health.md): each number's state, its figures over 24 hours and 7 days,
# what the gateway did and why, warm-up, thresholds, and resuming a paused number.
query NumberStates {
  accounts { id phoneNumber status state stateReason stateUntil slowedUntil warmUp { day todayLimit firstContactCap firstContactsToday } }
}

query Health($accountId: Int!) {
  accountHealth(id: $accountId) {
    last24h { sent optOutRate undeliverableRate failureRate replyRate blockSignals }
    last7d { sent optOutRate }
    thresholds { optOutRatePercent undeliverableRatePercent failureRatePercent minSends }
    changes { eventId fromState state reason signal until at }
  }
  healthThresholds { optOutRatePercent minSends }
}

# Refused with PROVIDER_BLOCK_ACTIVE while the provider still reports a block.
mutation Resume($accountId: Int!) {
  resumeAccount(id: $accountId) { id state stateReason }
}

# A warming-up number sends at most its ramp's step a day: EndWarmUp puts it back on its own limits.
mutation WarmUp($accountId: Int!) {
  setWarmUp(id: $accountId, input: { ramp: [30, 60, 120, 240], firstContactCap: 25, warmingUp: true }) { id state warmUp { ramp todayLimit } }
}

mutation EndWarmUp($accountId: Int!) {
  setWarmUp(id: $accountId, input: { warmingUp: false }) { id state warmUp { ramp } }
}

mutation Thresholds {
  setHealthThresholds(input: { optOutRatePercent: 2, minSends: 100 }) { optOutRatePercent undeliverableRatePercent failureRatePercent minSends }
}

subscription NumberChanges {
  accountStatusChanges { id accountId fromState state reason signal until at }
}
`,
  variables: vars({ accountId: 1 }),
};
