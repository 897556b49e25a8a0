import type { z } from "zod";
import type { RestChatwootBridgeQuery } from "../../gql/graphql.js";
import { route } from "../../core/rest/route.js";
import * as shapes from "./rest-schemas.js";
import { ChatwootBridgeOperation, ConnectChatwootOperation, DisconnectChatwootOperation, RetryChatwootPostsOperation } from "./operations.js";

// The Chatwoot bridge on the REST facade, over the same GraphQL operations as /graphql.

type BridgeData = RestChatwootBridgeQuery["chatwootBridge"];

const bridge = (b: Omit<BridgeData, "relay" | "failedPosts">) => ({
  id: Number(b.id),
  base_url: b.baseUrl,
  chatwoot_account_id: b.chatwootAccountId,
  inbox_id: b.inboxId,
  account_ids: b.accountIds.map(Number),
  webhooks_signed: b.webhooksSigned,
  created_at: b.createdAt,
  updated_at: b.updatedAt,
});

const failedPostOf = (p: BridgeData["failedPosts"][number]) => ({
  id: Number(p.id),
  phone: p.phone,
  kind: p.kind,
  inbound_message_id: p.inboundMessageId == null ? null : Number(p.inboundMessageId),
  reason: p.reason,
  attempts: p.attempts,
  created_at: p.createdAt,
  failed_at: p.failedAt,
});

const relayOf = (r: BridgeData["relay"]) => ({
  to_chatwoot: r.toChatwoot,
  to_whatsapp: r.toWhatsapp,
  failed_posts: r.failedPosts,
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
    respond: ({ chatwootBridge: b }) => ({ success: true as const, bridge: { ...bridge(b), relay: relayOf(b.relay), failed_posts: b.failedPosts.map(failedPostOf) } }),
  }),
  route({
    method: "POST",
    path: /^\/chatwoot\/failed-posts\/retry$/,
    doc: {
      path: "/chatwoot/failed-posts/retry",
      operationId: "retryChatwootPosts",
      summary: "Post again what Chatwoot refused for good",
      description:
        "The failed posts named by `ids` (in `GET /chatwoot`'s `failed_posts`), or all of them, go back in their contacts' queues and are posted as any other. An id that is not a failed post of your bridge is 422 naming `ids`, and nothing changes. In the audit log as `chatwoot.posts_retried`.",
      tag: "Chatwoot",
      body: shapes.retryBody,
      errors: ["NOT_FOUND"],
    },
    answer: shapes.retryResponse,
    operation: RetryChatwootPostsOperation,
    variables: (_, body) => {
      const ids = (body as z.output<typeof shapes.retryBody>).ids;
      return { ids: ids ? ids.map(String) : null };
    },
    respond: ({ retryChatwootPosts: r }) => ({ success: true as const, retried: r.retried }),
  }),
  route({
    method: "PUT",
    path: /^\/chatwoot$/,
    doc: {
      path: "/chatwoot",
      operationId: "connectChatwoot",
      summary: "Connect a Chatwoot API channel inbox to some of your numbers",
      description:
        "The gateway reads the inbox from Chatwoot with the token: it must be an API channel inbox, and the token an administrator's, as Chatwoot shows the inbox's webhook secret only to administrators (4.13 and later); each webhook is then verified with it. A refusal names the field to change (422). Connecting again replaces the settings and makes a new webhook address (the old one stops working); connecting to another inbox forgets the old inbox's conversations. Chatwoot's address must be public, unless the operator named its host in CHATWOOT_PRIVATE_HOSTS. The answer's `webhook_url`, shown only now, is what the inbox in Chatwoot calls.",
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
