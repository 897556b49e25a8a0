import { graphql } from "../../gql/index.js";

// The GraphQL documents of the billing and plans pages and of sign-up; codegen.ts types them into
// ../../gql/ like the others.

export const PlanFieldsFragment = graphql(`
  fragment PlanFields on Plan {
    name version messagesPerMonth numbers users
    monthly { net vat total }
    yearly { net vat total }
  }
`);

export const PlansQuery = graphql(`
  query ConsolePlans {
    plans { ...PlanFields }
    billing { plan { name } }
  }
`);

export const BillingQuery = graphql(`
  query ConsoleBilling {
    billing {
      interval state periodStart periodEnd daysLeft graceUntil pendingPlan provider renewedByProvider
      plan { ...PlanFields }
      messages { used allowance }
      numbers { used allowance }
      card { brand last4 }
    }
    plans { ...PlanFields }
    topUpPacks { id name messages price { net vat total } }
  }
`);

export const InvoicesQuery = graphql(`
  query ConsoleInvoices($first: Int!) {
    invoices(first: $first) { edges { node { id number kind issuedAt totalHalalas } } }
  }
`);

export const CheckoutMutation = graphql(`
  mutation ConsoleCheckout($plan: String!, $interval: String!, $token: String) {
    checkout(plan: $plan, interval: $interval, token: $token) { paymentId status redirectUrl amount }
  }
`);

export const ChangePlanMutation = graphql(`
  mutation ConsoleChangePlan($plan: String!) {
    changePlan(plan: $plan) { kind effectiveOn paymentId status }
  }
`);

export const TopUpMutation = graphql(`
  mutation ConsoleTopUp($pack: ID!) {
    topUp(pack: $pack) { paymentId status redirectUrl amount }
  }
`);

export const SignUpMutation = graphql(`
  mutation ConsoleSignUp($input: SignUpInput!) {
    signUp(input: $input) { message }
  }
`);

export const ResendVerificationMutation = graphql(`
  mutation ConsoleResendVerification {
    resendVerification { sent }
  }
`);
