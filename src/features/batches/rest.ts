import type { RestBatchSummaryFragment } from "../../gql/graphql.js";
import { route, renamed, type AnyRoute } from "../../core/rest/route.js";
import * as shapes from "./rest-schemas.js";
import { bulkSendFromRest } from "../../core/input/send-input.js";
import { optionFields } from "../messages/rest.js";
import { BatchesOperation, BatchOperation, CancelBatchOperation, SendBulkOperation } from "./operations.js";

// Bulk sends and their batches on the REST facade, over the same GraphQL operations as /graphql.

const bulkFields = { numbers: "numbers", recipients: "recipients", ...optionFields };

/** A batch's report in REST spelling (GET /batches/{id} and each entry of GET /batches). */
export const batchSummary = (b: RestBatchSummaryFragment) => ({
  id: Number(b.id),
  status: b.finished ? ("completed" as const) : ("processing" as const),
  state: b.state,
  total: b.total,
  priority: b.priority,
  send_at: b.sendAt ?? null,
  created_at: b.createdAt,
  first_sent_at: b.firstSentAt ?? null,
  last_sent_at: b.lastSentAt ?? null,
  counts: shapes.restCounts(b.counts),
});

/** POST /send-bulk (JSON or a CSV sheet). */
export const bulkRoutes: AnyRoute[] = [
  route({
    method: "POST",
    path: /^\/send-bulk$/,
    doc: {
      path: "/send-bulk",
      operationId: "sendBulk",
      summary: "Queue one text for many numbers",
      description:
        "Takes the allowance for every number at once (all or nothing) and queues the messages; follow them with GET /batches/{id}. " +
        "`recipients` carry each number's placeholder values; a gap in any refuses the whole request (422, each gap named). " +
        "A CSV body (Content-Type: text/csv; a header row `to` plus variable columns; `message` or `template` and the other fields as query parameters) is read as `recipients`, and errors name `row N, column X`.",
      tag: "Sending",
      body: shapes.sendBulkBody,
      csv: shapes.sendBulkCsvQuery,
      idempotent: true,
      errors: ["NO_CONNECTED_NUMBER", "MONTHLY_LIMIT_REACHED", "ACCOUNT_LIMIT_REACHED", "RECIPIENT_OPTED_OUT", "IDEMPOTENCY_KEY_REUSED", "IDEMPOTENCY_KEY_IN_PROGRESS"],
    },
    answer: shapes.sendBulkResponse,
    operation: SendBulkOperation,
    variables: (_, body) => ({ input: renamed(body, bulkFields) as never }),
    checked: ({ input }) => bulkSendFromRest(input),
    respond: ({ sendBulk: b }) => ({
      success: true as const,
      queued: b.queued,
      // The spec's word for a batch just queued; GraphQL says the same in `status`.
      status: "processing" as const,
      batch_id: Number(b.batchId),
      send_at: b.sendAt ?? null,
      messages: b.messages.map((m) => ({ message_id: Number(m.id), to: m.to })),
      skipped: b.skipped,
    }),
  }),
];

/** A batch's progress and messages. */
export const batchRoutes: AnyRoute[] = [
  route({
    method: "GET",
    path: /^\/batches\/([^/]+)$/,
    doc: { path: "/batches/{id}", operationId: "getBatch", summary: "A bulk batch's progress and messages", tag: "Messages", errors: ["NOT_FOUND"] },
    answer: shapes.batchResponse,
    operation: BatchOperation,
    variables: ([id]) => ({ id: id ?? "" }),
    respond: ({ batch: b }) => ({
      ...batchSummary(b),
      messages: b.messages.map((m) => ({ message_id: Number(m.id), to: m.to, status: m.status, sent_at: m.sentAt ?? null, error: m.error ?? null })),
    }),
  }),
];

/** Cancelling what a batch has not started, and listing batches. */
export const batchListRoutes: AnyRoute[] = [
  route({
    method: "POST",
    path: /^\/batches\/([^/]+)\/cancel$/,
    doc: {
      path: "/batches/{id}/cancel",
      operationId: "cancelBatch",
      summary: "Cancel what a batch has not started sending",
      description:
        "Its messages that have not started sending become `failed` with error `cancelled` and their allowance is given back (those a worker holds as it lets go of them; the answer waits for that). " +
        "Those already in the provider's hands or ended are left alone and counted in `counts`; `in_flight` counts any still in the provider's hands when the answer came (normally 0).",
      tag: "Messages",
      errors: ["NOT_FOUND"],
    },
    answer: shapes.cancelBatchResponse,
    operation: CancelBatchOperation,
    variables: ([id]) => ({ id: id ?? "" }),
    respond: ({ cancelBatch: { cancelled, inFlight, batch } }) => ({
      success: true as const,
      batch_id: Number(batch.id),
      cancelled,
      in_flight: inFlight,
      counts: shapes.restCounts(batch.counts),
    }),
  }),
  route({
    method: "GET",
    path: /^\/batches$/,
    doc: {
      path: "/batches",
      operationId: "listBatches",
      summary: "Your batches, newest first",
      tag: "Messages",
      query: shapes.batchesQuery,
      errors: [],
    },
    answer: shapes.batchesResponse,
    operation: BatchesOperation,
    variables: (_, __, query) => ({
      first: (query.limit as number | undefined) ?? 20,
      after: (query.cursor as string | undefined) ?? null,
      state: (query.state as "scheduled" | "running" | "finished" | undefined) ?? null,
    }),
    respond: ({ batches }) => ({
      batches: batches.edges.map((e) => batchSummary(e.node)),
      next_cursor: batches.pageInfo.hasNextPage ? (batches.pageInfo.endCursor ?? null) : null,
    }),
  }),
];
