/** The operation GraphiQL opens with. */
export const graphiqlExample = `# Put your API key in the Headers tab below: { "Authorization": "Bearer <API_KEY>" }

query Balance {
  balance {
    plan
    subscriptionEnds
    messages { limit used remaining }
    accounts { limit connected }
  }
  accounts { id name phoneNumber status todaySent monthSent dailyLimit monthlyLimit }
}

mutation Send {
  sendMessage(input: { to: "0501234567", text: "مرحبا! Hello from the gateway" }) {
    message { id to status sentAt error }
  }
}

mutation SendBulk {
  sendBulk(input: { numbers: ["0501234567", "0551234567"], text: "Weekly offer" }) {
    batchId queued status
  }
}

query RecentMessages {
  messages(first: 10) {
    edges { node { id to status sentAt error batchId } }
    pageInfo { hasNextPage endCursor }
  }
}
`;
