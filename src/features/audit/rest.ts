import type { z } from "zod";
import type { ServiceDeps } from "../../core/deps.js";
import type { Principal } from "../../core/principal.js";
import type { RestAuditEventsQuery } from "../../gql/graphql.js";
import { route, streamRoute, type StreamAnswer } from "../../core/rest/route.js";
import { AuditEventsOperation } from "./operations.js";
import * as auditShapes from "./rest-schemas.js";
import { exportAuditEvents } from "./audit-export.js";
import { parseAuditFilter } from "./audit-events.js";

// The audit log on the REST facade: a page at a time over the GraphQL operation, or whole as NDJSON.

type EventData = NonNullable<RestAuditEventsQuery["auditEvents"]["edges"][number]>["node"];

const parsed = (json: string | null | undefined) => (json == null ? null : (JSON.parse(json) as unknown));

const auditEvent = (e: EventData) => ({
  id: Number(e.id),
  at: e.at,
  actor: { kind: e.actor.kind as "key" | "user" | "admin", name: e.actor.name, label: e.actor.label ?? null },
  action: e.action,
  target: e.target ?? null,
  before: parsed(e.before),
  after: parsed(e.after),
  address: e.address ?? null,
  user_agent: e.userAgent ?? null,
  request_id: e.requestId ?? null,
  prev_hash: e.prevHash ?? null,
  hash: e.hash,
});

function exportAnswer(deps: ServiceDeps, principal: Principal, query: Record<string, unknown>): StreamAnswer {
  const filter = parseAuditFilter(query);
  return {
    body: exportAuditEvents(deps, principal, filter),
    headers: { "content-type": "application/x-ndjson; charset=utf-8", "cache-control": "private, no-store", "content-disposition": 'attachment; filename="audit-events.ndjson"' },
  };
}

export const auditRoutes = [
  route({
    method: "GET",
    path: /^\/audit-events$/,
    doc: {
      path: "/audit-events",
      operationId: "listAuditEvents",
      summary: "Who changed what, and every sign-in, newest first",
      tag: "Audit",
      query: auditShapes.auditEventsQuery,
      errors: ["VALIDATION_ERROR"],
    },
    answer: auditShapes.auditEventsResponse,
    operation: AuditEventsOperation,
    variables: (_, __, query) => {
      const q = query as z.output<typeof auditShapes.auditEventsQuery>;
      return { first: q.limit, after: q.cursor, actor: q.actor, action: q.action, target: q.target, since: q.since, until: q.until };
    },
    respond: ({ auditEvents: c }) => ({
      events: c.edges.flatMap((e) => (e ? [auditEvent(e.node)] : [])),
      next_cursor: c.pageInfo.hasNextPage ? (c.pageInfo.endCursor ?? null) : null,
    }),
  }),
  streamRoute({
    method: "GET",
    path: /^\/audit-events\/export$/,
    scope: "audit:read",
    doc: {
      path: "/audit-events/export",
      operationId: "exportAuditEvents",
      summary: "The audit log as NDJSON, oldest first",
      description: "One event per line, in the shape of GET /audit-events's events, streamed from the database as it is read (the same filters).",
      tag: "Audit",
      query: auditShapes.auditExportQuery,
      errors: ["VALIDATION_ERROR"],
    },
    answerDescription: "NDJSON: one AuditEvent per line.",
    answerHeaders: {
      "Content-Disposition": { required: true, type: "string", description: '`attachment; filename="audit-events.ndjson"`.' },
      "Cache-Control": { required: true, type: "string", description: "`private, no-store`." },
    },
    // A bad filter rejects the promise, as any route's refusal does.
    open: (deps, principal, _params, query) => new Promise((resolve) => resolve(exportAnswer(deps, principal, query))),
  }),
];
