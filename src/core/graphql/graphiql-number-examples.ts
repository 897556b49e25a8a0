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
`,
  variables: vars({ linkId: 2 }),
};
