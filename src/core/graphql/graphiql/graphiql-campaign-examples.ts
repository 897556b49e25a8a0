import { keyHint, vars, type GraphiQLTab } from "./graphiql-tab.js";

const HOUR_MS = 3_600_000;

/** The campaigns tab: personalised and scheduled bulk sends, their preview, batches, templates and the send window. */
export const campaignsTab: GraphiQLTab = {
  query: `${keyHint}
# Campaigns: each recipient's variables fill the text's {{placeholders}}; sendAt is ISO 8601 with
# its offset, at most 35 days ahead (empty or past: now). The allowance is taken when it is accepted.
mutation ScheduledPersonalisedBulk($sendAt: String) {
  sendBulk(input: {
    text: "مرحبا {{name}}، your order {{order}} is ready for pickup"
    recipients: [
      { to: "0501234567", variables: { name: "Sara", order: "A17" } }
      { to: "0551234567", variables: { name: "Omar", order: "A18" } }
    ]
    sendAt: $sendAt
    validForSeconds: 86400
  }) {
    batchId queued status sendAt
    messages { id to }
  }
}

# Before sending: a sheet (CSV text) read as recipients, and what the first ones would get.
# Neither stores or charges anything; their errors are sendBulk's, rows and columns named.
query SheetRecipients {
  sheetRecipients(csv: "to,name,order\\n0501234567,Sara,A17\\n0551234567,Omar,A18\\n") { to variables row }
}

query PreviewBulk {
  previewBulk(first: 3, input: {
    text: "مرحبا {{name}}، your order {{order}} is ready for pickup"
    recipients: [{ to: "0501234567", variables: { name: "Sara", order: "A17" } }]
  }) { total skipped recipients { to text skipped } }
}

# What the console's overview shows: the queue, and the last 24 hours hour by hour.
query Activity {
  queuedMessages
  sendingActivity { hour sent failed }
}

query ScheduledBatches {
  batches(first: 20, state: scheduled) {
    edges { cursor node { id state priority sendAt total counts { pending cancelled } } }
    pageInfo { hasNextPage endCursor }
  }
}

query BatchReport($batchId: ID!) {
  batch(id: $batchId) {
    id state priority sendAt firstSentAt lastSentAt total
    counts { pending sending sent failed cancelled expired delivered read }
  }
}

# Messages that have not started sending fail with error "cancelled" and their allowance is given back.
mutation CancelBatch($batchId: ID!) {
  cancelBatch(id: $batchId) {
    cancelled
    batch { id state counts { pending sending sent failed cancelled } }
  }
}

mutation CancelMessage($id: ID!) {
  cancelMessage(id: $id) {
    cancelled
    message { id status error cancelled }
  }
}

# Queued messages go out only inside the window (here Saudi working hours); outside it they wait,
# and an immediate send is refused (OUTSIDE_SEND_WINDOW). RemoveSendWindow below undoes it.
mutation SetSendWindow {
  setSendWindow(input: { timeZone: "Asia/Riyadh", days: [sun, mon, tue, wed, thu], start: "09:00", end: "17:00" }) {
    sendWindow { timeZone days start end }
  }
}

query SendWindow {
  sendWindow { timeZone days start end }
}

# null removes the window: messages go out at any time.
mutation RemoveSendWindow {
  setSendWindow(input: null) { sendWindow { timeZone } }
}
`,
  // Tomorrow at 09:00 in the service's time zone, read when the page is served: always within the 35 days.
  variables: (clock) => vars({ sendAt: clock.timestamp(new Date(clock.startOfNextDay().getTime() + 9 * HOUR_MS)), batchId: "1", id: "1" }),
};
