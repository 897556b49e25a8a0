import type { RestBatchSummaryFragment } from "../../gql/graphql.js";
import { route } from "../../core/rest/route.js";
import * as shapes from "../../core/rest/schemas.js";
import * as windowShapes from "../campaigns/window-schemas.js";
import { BatchesOperation, CancelBatchOperation, CancelMessageOperation, SendWindowOperation, SetSendWindowOperation } from "../messages/operations.js";
import type { RestSendWindowQuery } from "../../gql/graphql.js";

// Cancelling and listing on the REST facade, over the same GraphQL operations as /graphql.

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

type WindowData = RestSendWindowQuery["sendWindow"];
const sendWindow = (w: WindowData) => (w ? { time_zone: w.timeZone, days: w.days, start: w.start, end: w.end } : null);
const windowDoc = "Your queued messages go out only on these days between start and end, local time in time_zone; outside it they wait for the next opening. An immediate POST /send is refused with OUTSIDE_SEND_WINDOW unless it says outside_window: queue.";

export const campaignRoutes = [
  route({
    method: "GET",
    path: /^\/send-window$/,
    doc: { path: "/send-window", operationId: "getSendWindow", summary: "Your send window (null: any time)", description: windowDoc, tag: "Account", errors: [] },
    answer: windowShapes.sendWindowResponse,
    operation: SendWindowOperation,
    variables: () => ({}),
    respond: ({ sendWindow: w }) => ({ send_window: sendWindow(w) }),
  }),
  route({
    method: "PUT",
    path: /^\/send-window$/,
    doc: { path: "/send-window", operationId: "setSendWindow", summary: "Set your send window", description: windowDoc, tag: "Account", body: windowShapes.sendWindowBody, errors: [] },
    answer: windowShapes.sendWindowResponse,
    operation: SetSendWindowOperation,
    variables: (_, body) => ({ input: { timeZone: body.time_zone as string, days: body.days as never, start: body.start as string, end: body.end as string } }),
    respond: ({ setSendWindow: { sendWindow: w } }) => ({ send_window: sendWindow(w) }),
  }),
  route({
    method: "DELETE",
    path: /^\/send-window$/,
    doc: { path: "/send-window", operationId: "deleteSendWindow", summary: "Remove your send window (send at any time)", tag: "Account", errors: [] },
    answer: windowShapes.sendWindowResponse,
    operation: SetSendWindowOperation,
    variables: () => ({ input: null }),
    respond: ({ setSendWindow: { sendWindow: w } }) => ({ send_window: sendWindow(w) }),
  }),
  route({
    method: "POST",
    path: /^\/messages\/([^/]+)\/cancel$/,
    doc: {
      path: "/messages/{id}/cancel",
      operationId: "cancelMessage",
      summary: "Cancel a message that has not started sending",
      description:
        "A queued or scheduled message becomes `failed` with error `cancelled`, and its allowance is given back. " +
        "One already sending, sent or failed is left as it is (`cancelled: false`); cancelling twice is harmless.",
      tag: "Messages",
      errors: ["NOT_FOUND"],
    },
    answer: shapes.cancelMessageResponse,
    operation: CancelMessageOperation,
    variables: ([id]) => ({ id: id ?? "" }),
    respond: ({ cancelMessage: { cancelled, message } }) => ({
      success: true as const,
      message_id: Number(message.id),
      cancelled,
      status: message.status,
      error: message.error ?? null,
    }),
  }),
  route({
    method: "POST",
    path: /^\/batches\/([^/]+)\/cancel$/,
    doc: {
      path: "/batches/{id}/cancel",
      operationId: "cancelBatch",
      summary: "Cancel what a batch has not started sending",
      description: "Its pending messages become `failed` with error `cancelled` and their allowance is given back; those sending or ended are left alone and counted in `counts`.",
      tag: "Messages",
      errors: ["NOT_FOUND"],
    },
    answer: shapes.cancelBatchResponse,
    operation: CancelBatchOperation,
    variables: ([id]) => ({ id: id ?? "" }),
    respond: ({ cancelBatch: { cancelled, batch } }) => ({ success: true as const, batch_id: Number(batch.id), cancelled, counts: shapes.restCounts(batch.counts) }),
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
