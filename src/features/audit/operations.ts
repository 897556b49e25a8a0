import { graphql } from "../../gql/index.js";

// The prepared GraphQL operation behind GET /audit-events.

export const AuditEventsOperation = graphql(`
  query RestAuditEvents($first: Int, $after: String, $actor: String, $action: String, $target: String, $since: String, $until: String) {
    auditEvents(first: $first, after: $after, actor: $actor, action: $action, target: $target, since: $since, until: $until) {
      edges {
        node { id at actor { kind name label } action target before after address userAgent requestId hash prevHash }
      }
      pageInfo { hasNextPage endCursor }
    }
  }
`);
