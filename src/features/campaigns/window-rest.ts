import type { RestSendWindowQuery } from "../../gql/graphql.js";
import { route, type AnyRoute } from "../../core/rest/route.js";
import * as windowShapes from "./window-schemas.js";
import { sendWindowFromRest } from "./send-window.js";
import { SendWindowOperation, SetSendWindowOperation } from "./window-operations.js";

// The send window on the REST facade.

type WindowData = RestSendWindowQuery["sendWindow"];
const sendWindow = (w: WindowData) => (w ? { time_zone: w.timeZone, days: w.days, start: w.start, end: w.end } : null);
const windowDoc =
  "Your queued messages go out only on these days between start and end, local time in time_zone; outside it they wait for the next opening. An immediate POST /send is refused with OUTSIDE_SEND_WINDOW unless it says outside_window: queue.";

/** Reading, setting and removing the send window. */
export const sendWindowRoutes: AnyRoute[] = [
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
    doc: {
      path: "/send-window",
      operationId: "setSendWindow",
      summary: "Set your send window",
      description: windowDoc,
      tag: "Account",
      body: windowShapes.sendWindowBody,
      errors: [],
    },
    answer: windowShapes.sendWindowResponse,
    operation: SetSendWindowOperation,
    variables: (_, body) => ({ input: { timeZone: body.time_zone as string, days: body.days as never, start: body.start as string, end: body.end as string } }),
    checked: ({ input }) => sendWindowFromRest(input),
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
];
