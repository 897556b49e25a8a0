import type { z } from "zod";
import type { RestChatwootBridgeQuery } from "../../gql/graphql.js";
import { route } from "../../core/rest/route.js";
import * as shapes from "./rest-schemas.js";
import { ChatwootBridgeOperation, ConnectChatwootOperation, DisconnectChatwootOperation } from "./operations.js";

// The Chatwoot bridge on the REST facade, over the same GraphQL operations as /graphql.

type BridgeData = RestChatwootBridgeQuery["chatwootBridge"];

const bridge = (b: Omit<BridgeData, "relay">) => ({
  id: Number(b.id),
  base_url: b.baseUrl,
  chatwoot_account_id: b.chatwootAccountId,
  inbox_id: b.inboxId,
  account_ids: b.accountIds.map(Number),
  created_at: b.createdAt,
  updated_at: b.updatedAt,
});

const relayOf = (r: BridgeData["relay"]) => ({
  to_chatwoot: r.toChatwoot,
  to_whatsapp: r.toWhatsapp,
  oldest_waiting_at: r.oldestWaitingAt ?? null,
  last_posted_at: r.lastPostedAt ?? null,
  last_error: r.lastError ?? null,
  last_error_at: r.lastErrorAt ?? null,
});

export const chatwootRoutes = [
  route({
    method: "GET",
    path: /^\/chatwoot$/,
    doc: { path: "/chatwoot", operationId: "getChatwootBridge", summary: "Your Chatwoot connection (never its access token)", tag: "Chatwoot", errors: ["NOT_FOUND"] },
    answer: shapes.bridgeStateResponse,
    operation: ChatwootBridgeOperation,
    variables: () => ({}),
    respond: ({ chatwootBridge: b }) => ({ success: true as const, bridge: { ...bridge(b), relay: relayOf(b.relay) } }),
  }),
  route({
    method: "PUT",
    path: /^\/chatwoot$/,
    doc: {
      path: "/chatwoot",
      operationId: "connectChatwoot",
      summary: "Connect a Chatwoot API channel inbox to some of your numbers",
      description:
        "Connecting again replaces the settings and makes a new webhook address (the old one stops working). Chatwoot's address must be public, unless the operator named its host in CHATWOOT_PRIVATE_HOSTS. The answer's `webhook_url`, shown only now, is what the inbox in Chatwoot calls.",
      tag: "Chatwoot",
      body: shapes.bridgeBody,
      errors: [],
    },
    answer: shapes.bridgeConnectedResponse,
    operation: ConnectChatwootOperation,
    variables: (_, body) => {
      const b = body as z.output<typeof shapes.bridgeBody>;
      return { input: { baseUrl: b.base_url, chatwootAccountId: b.chatwoot_account_id, inboxId: b.inbox_id, accessToken: b.access_token, accountIds: b.account_ids.map(String) } };
    },
    checked: ({ input }) => ({ ...input, accountIds: [...new Set(input.accountIds.map(Number))] }),
    respond: ({ connectChatwoot: c }) => ({ success: true as const, bridge: bridge(c.bridge), webhook_url: c.webhookUrl }),
  }),
  route({
    method: "DELETE",
    path: /^\/chatwoot$/,
    doc: { path: "/chatwoot", operationId: "disconnectChatwoot", summary: "Disconnect your Chatwoot inbox", tag: "Chatwoot", errors: ["NOT_FOUND"] },
    answer: shapes.bridgeResponse,
    operation: DisconnectChatwootOperation,
    variables: () => ({}),
    respond: ({ disconnectChatwoot: d }) => ({ success: true as const, bridge: bridge(d.bridge) }),
  }),
];
