import { keyHint, vars, type GraphiQLTab } from "./graphiql-tab.js";

/** The billing tab: plans, the subscription and its meters, paying, changing plan, top-ups, invoices; sign-up. */
export const billingTab: GraphiQLTab = {
  query: `${keyHint}
# Billing (docs/billing.md): amounts are halalas (1 SAR = 100), VAT included where it says total.
query Plans {
  plans { name version messagesPerMonth numbers users monthly { net vat total } yearly { total } }
}

# The plan, the period paid through, and this month's meters.
query Billing {
  billing { plan { name } state interval periodEnd daysLeft graceUntil pendingPlan messages { used allowance } numbers { used allowance } card { brand last4 } }
}

# token: what Moyasar's payment form gives for the card (the card is saved for renewals).
# status "initiated" means: send the payer to redirectUrl for 3-D Secure.
mutation Checkout($plan: String!, $token: String!) {
  checkout(plan: $plan, interval: "month", token: $token) { paymentId status redirectUrl amount }
}

# An upgrade is charged now for the days left; a downgrade waits for the period's end.
mutation ChangePlan($plan: String!) {
  changePlan(plan: $plan) { kind effectiveOn paymentId status }
}

# The packs of messages on sale this month.
query TopUpPacks {
  topUpPacks { id name messages price { net vat total } }
}

# More messages for this month, charged to the saved card (a pack's id from TopUpPacks).
mutation TopUp($pack: ID!) {
  topUp(pack: $pack) { paymentId status amount }
}

# One tax invoice per payment, one credit note per refund; the PDF is at pdfPath under /api/v1.
query Invoices {
  invoices(first: 10) { edges { node { id number kind issuedAt totalHalalas pdfPath } } }
}

query Invoice($invoiceId: ID!) {
  invoice(id: $invoiceId) { number kind creditFor seller { name vatNumber } buyer { name } lines { descriptionEn netHalalas vatHalalas } subtotalHalalas vatHalalas totalHalalas }
}

# Sign-up (docs/signup.md) needs no key; the answer is the same whether or not the address was known.
mutation SignUp($email: String!) {
  signUp(input: { businessName: "Example Trading", email: $email, password: "a long and unusual passphrase", locale: "en" }) { message }
}

# token: the one in the link mailed to the owner.
mutation VerifyEmail($verifyToken: String!) {
  verifyEmail(token: $verifyToken) { email }
}

# A new link, if the address is not confirmed yet.
mutation ResendVerification {
  resendVerification { sent }
}
`,
  variables: vars({ plan: "basic", token: "token_from_the_payment_form", pack: 1, invoiceId: 1, email: "owner@example.com", verifyToken: "from_the_mail" }),
};
