import { graphql } from "../../gql/index.js";

// The prepared GraphQL operations behind this feature's REST routes: each route runs exactly one.

export const AccountsOperation = graphql(`
  query RestAccounts {
    accounts { ...RestAccountFields }
  }
`);

export const BalanceOperation = graphql(`
  query RestBalance {
    balance {
      plan subscriptionEnds
      messages { limit used remaining }
      accounts { limit connected }
    }
  }
`);

export const AccountFieldsFragment = graphql(`
  fragment RestAccountFields on Account {
    id name phoneNumber status state stateReason stateSince stateUntil slowedUntil slowFactor messagingTier quality
    todaySent monthSent dailyLimit monthlyLimit capabilities { channel kinds customerWindow }
    warmUp { startedOn day todayLimit ramp firstContactCap firstContactsToday }
  }
`);

export const AccountHealthOperation = graphql(`
  query RestAccountHealth($id: Int!) {
    accountHealth(id: $id) {
      account { ...RestAccountFields }
      last24h { ...RestHealthFigures }
      last7d { ...RestHealthFigures }
      thresholds { optOutRatePercent undeliverableRatePercent failureRatePercent minSends }
      changes { eventId fromState state reason signal until at }
    }
  }
  fragment RestHealthFigures on HealthFigures {
    sent failed undeliverable optOuts replies blockSignals failureRate undeliverableRate optOutRate replyRate
  }
`);

export const ResumeAccountOperation = graphql(`
  mutation RestResumeAccount($id: Int!) {
    resumeAccount(id: $id) { ...RestAccountFields }
  }
`);

export const SetWarmUpOperation = graphql(`
  mutation RestSetWarmUp($id: Int!, $input: WarmUpInput!) {
    setWarmUp(id: $id, input: $input) { ...RestAccountFields }
  }
`);

export const HealthThresholdsOperation = graphql(`
  query RestHealthThresholds {
    healthThresholds { optOutRatePercent undeliverableRatePercent failureRatePercent minSends }
  }
`);

export const SetHealthThresholdsOperation = graphql(`
  mutation RestSetHealthThresholds($input: HealthThresholdsInput!) {
    setHealthThresholds(input: $input) { optOutRatePercent undeliverableRatePercent failureRatePercent minSends }
  }
`);
