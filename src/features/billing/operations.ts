import { graphql } from "../../gql/index.js";

// The prepared GraphQL operations behind billing's REST routes: each route runs exactly one.

export const PlansOperation = graphql(`
  query RestPlans {
    plans { name version messagesPerMonth numbers users monthly { net vat total } yearly { net vat total } }
  }
`);

export const BillingOperation = graphql(`
  query RestBilling {
    billing {
      plan { name version messagesPerMonth numbers users monthly { net vat total } yearly { net vat total } }
      interval state periodStart periodEnd daysLeft graceUntil pendingPlan
      messages { used allowance }
      numbers { used allowance }
      card { brand last4 }
    }
  }
`);

export const CheckoutOperation = graphql(`
  mutation RestCheckout($plan: String!, $interval: String!, $token: String) {
    checkout(plan: $plan, interval: $interval, token: $token) { paymentId status redirectUrl amount }
  }
`);

export const ChangePlanOperation = graphql(`
  mutation RestChangePlan($plan: String!) {
    changePlan(plan: $plan) { kind effectiveOn paymentId status }
  }
`);

export const TopUpOperation = graphql(`
  mutation RestTopUp($pack: ID!) {
    topUp(pack: $pack) { paymentId status redirectUrl amount }
  }
`);
