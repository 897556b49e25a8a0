import { keyHint, vars, type GraphiQLTab } from "./graphiql-tab.js";

/** The Exports tab: a range of messages as a file, followed until it can be downloaded. */
export const exportsTab: GraphiQLTab = {
  query: `${keyHint}
# Exports (docs/exports.md): your messages (or inbound ones) of a range of time as CSV or NDJSON,
# written by a worker. Follow it with export(id); once ready, GET /api/v1 + downloadPath with your
# key for the file, within a day.
mutation StartExport {
  startExport(input: { kind: messages, format: csv, from: "2026-11-01T00:00:00+03:00", to: "2026-12-01T00:00:00+03:00" }) {
    export { id status }
  }
}

query Export($exportId: ID!) {
  export(id: $exportId) { id status rowsDone rowsTotal progress bytes expiresAt downloadPath error }
}

query Exports {
  exports { id kind format from to status progress downloadPath }
}
`,
  variables: vars({ exportId: "1" }),
};

/** The Privacy tab: a contact erased at their request. */
export const privacyTab: GraphiQLTab = {
  query: `${keyHint}
# At a contact's request (docs/privacy.md): their number and every text go from your data in one
# step; counts stay, and so does an opt-out. It cannot be undone: try it on a number you only
# used for trying (the Contacts tab's opt-out and opt-in examples use this one).
mutation EraseContact {
  eraseContact(number: "0509990001") { erasureId messages inboundMessages contacts cancelled suppressionKept }
}
`,
  variables: vars({}),
};
