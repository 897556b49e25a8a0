import { keyHint, vars, type GraphiQLTab } from "./graphiql-tab.js";

/** The connecting-numbers tab: add a number, its QR code live, a pairing code, re-link, remove. */
export const connectingNumbersTab: GraphiQLTab = {
  query: `${keyHint}
# Connecting numbers (docs/connecting-numbers.md): add a number, follow its QR code live until the
# phone scans it (or type a pairing code), link it again when it is lost, remove it. Put the
# accountId Connect answers in the variables as linkId.
mutation Connect {
  connectAccount(input: { name: "Sales", warmUp: true }) { accountId state status qr }
}

query Connection($linkId: Int!) {
  accountConnection(id: $linkId) { accountId state status phoneNumber qr qrChangedAt pairingCode error }
}

# Each new QR code and state as it happens; ends when the number is removed.
subscription LiveConnection($linkId: Int!) {
  accountConnection(id: $linkId) { state qr pairingCode phoneNumber error }
}

# Only while the session waits for a scan (state SCAN_QR_CODE).
mutation PairingCode($linkId: Int!) {
  requestPairingCode(id: $linkId, phoneNumber: "0551234567") { state pairingCode pairingPhone }
}

mutation Relink($linkId: Int!) {
  relinkAccount(id: $linkId) { accountId state }
}

mutation Remove($linkId: Int!) {
  removeAccount(id: $linkId) { id removedAt }
}

# Meta's Embedded Signup as the operator set it up (null: connect a Cloud number with its token).
query EmbeddedSignup {
  embeddedSignup { appId configId graphVersion }
}

# A Cloud API number by its credentials (or signupCode from Meta's Embedded Signup instead of the token):
# mutation { connectAccount(input: { name: "Cloud", phoneNumberId: "…", wabaId: "…", accessToken: "…" }) { state quality messagingTier } }

# Your Cloud numbers' templates, their status and quality, from Meta.
mutation SyncTemplates {
  syncWhatsAppTemplates { synced skipped }
}

# A new template for Meta's review: registered at once (PENDING); Meta's webhooks follow the review.
mutation SubmitTemplate($templateName: String!) {
  submitWhatsAppTemplate(input: {
    name: $templateName, language: "en_US", category: utility,
    body: "Your order {{1}} arrives on {{2}}.", bodyExamples: ["A17", "Sunday"],
    buttons: [{ type: url, text: "Track", url: "https://example.com/track/{{1}}", urlExample: "A17" }]
  }) { id name status bodyParameters }
}
`,
  variables: vars({ linkId: 2, templateName: "order_arrival" }),
};
