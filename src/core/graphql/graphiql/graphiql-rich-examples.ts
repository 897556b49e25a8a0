import { keyHint, vars, type GraphiQLTab } from "./graphiql-tab.js";

/** The rich-messages tab: what each number can send, the content kinds, template registrations, a fallback. */
export const richMessagesTab: GraphiQLTab = {
  query: `${keyHint}
# Rich messages: what each number can send, and one content kind per message. Media goes by https
# link (the provider fetches it; this one is on this machine, which needs
# MEDIA_ALLOW_PRIVATE_ADDRESSES=true, docs/README.md); on WhatsApp Cloud numbers free-form messages
# reach only contacts who wrote within 24 hours, and template messages (registered first) reach anyone.
query Capabilities {
  accounts { id phoneNumber capabilities { channel kinds customerWindow } }
}

mutation SendInvoice {
  sendMessage(input: { to: "0501234567", text: "Your invoice", media: { type: document, url: "https://localhost/files/invoice-17.pdf" } }) {
    message { id kind status }
  }
}

mutation SendStoreLocation {
  sendMessage(input: { to: "0501234567", location: { latitude: 24.7136, longitude: 46.6753, name: "Riyadh store", address: "King Fahd Rd" } }) {
    message { id kind status }
  }
}

mutation SendButtons {
  sendMessage(input: { to: "0501234567", text: "Confirm your booking?", interactive: { buttons: [{ id: "yes", title: "Confirm" }, { id: "no", title: "Cancel" }] } }) {
    message { id kind status }
  }
}

mutation RegisterWhatsAppTemplate {
  registerWhatsAppTemplate(input: { name: "order_update", language: "ar", category: utility, bodyParameters: 1 }) {
    id name language category bodyParameters buttons { type parameters }
  }
}

query WhatsAppTemplates {
  whatsappTemplates { id name language category accountId headerFormat headerParameters bodyParameters createdAt }
}

# Contacts outside the window get the fallback template (its {{order}} filled per recipient) instead of being skipped.
mutation SendBulkWithFallback {
  sendBulk(input: {
    recipients: [{ to: "0501234567", variables: { order: "A17" } }, { to: "0551234567", variables: { order: "A18" } }]
    text: "Order {{order}} is on its way"
    fallbackTemplate: { name: "order_update", language: "ar", body: ["{{order}}"] }
  }) {
    batchId queued skipped { to reason }
  }
}

# $templateId: the id RegisterWhatsAppTemplate answered; this removes the registration again.
mutation DeleteWhatsAppTemplate($templateId: ID!) {
  deleteWhatsAppTemplate(id: $templateId) { id name }
}
`,
  variables: vars({ templateId: "1" }),
};
