import { z } from "zod";
import { timestamp } from "../../core/rest/schemas.js";
import { ACCESS_TOKEN_HELP, bridgeNumbers, chatwootAccessToken, chatwootBaseUrl, MAX_RETRY_IDS } from "./bridge-input.js";

// The Chatwoot routes' bodies and answers (see core/rest/schemas.ts), built from bridge-input.ts's rules.

const id = z.number().int().positive().max(2_147_483_647);

export const bridgeBody = z
  .strictObject({
    base_url: chatwootBaseUrl.meta({ description: "Where Chatwoot answers (a public address).", examples: ["https://chatwoot.example.com"] }),
    chatwoot_account_id: id.meta({ description: "Chatwoot's account id (in its URLs: /app/accounts/<id>).", examples: [1] }),
    inbox_id: id.meta({ description: "An API channel inbox of that account.", examples: [7] }),
    access_token: chatwootAccessToken.meta({ description: ACCESS_TOKEN_HELP }),
    account_ids: bridgeNumbers.meta({ description: "The numbers of yours the inbox carries.", examples: [[1]] }),
  })
  .meta({ id: "ConnectChatwootRequest" });

const bridge = z
  .object({
    id,
    base_url: z.string(),
    chatwoot_account_id: id,
    inbox_id: id,
    account_ids: z.array(id),
    webhooks_signed: z.boolean().meta({
      description:
        "True: each webhook must carry Chatwoot's signature with the inbox's secret (4.13 and later). False: the inbox showed no secret, so webhooks are refused, or taken unsigned where the operator allows it (CHATWOOT_ALLOW_UNSIGNED).",
    }),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "ChatwootBridge" });

const failedPost = z
  .object({
    id: z.number().int().positive(),
    phone: z.string().meta({ description: "The contact's number, international digits." }),
    kind: z.enum(["message", "opt_out", "note"]).meta({ description: "message: a contact's message; opt_out: the note that it opted the contact out; note: a private note." }),
    inbound_message_id: z.number().int().positive().nullable().meta({ description: "The contact's message it posts (as in GET /inbound-messages)." }),
    reason: z.string().meta({ description: "What Chatwoot answered." }),
    attempts: z.number().int(),
    created_at: timestamp,
    failed_at: timestamp,
  })
  .meta({ id: "ChatwootFailedPost" });

const relay = z
  .object({
    to_chatwoot: z.number().int().meta({ description: "Contacts' messages and private notes waiting to be posted to Chatwoot." }),
    to_whatsapp: z.number().int().meta({ description: "Agents' messages waiting to be sent on WhatsApp." }),
    failed_posts: z.number().int().meta({ description: "Posts Chatwoot refused for good (listed in the bridge's failed_posts), until retried." }),
    oldest_waiting_at: timestamp.nullable().meta({ description: "When the oldest of those arrived." }),
    last_posted_at: timestamp.nullable().meta({ description: "The last call to Chatwoot that worked." }),
    last_error: z.string().nullable().meta({ description: "Why the last call to Chatwoot failed, while no later one has worked (it is retried)." }),
    last_error_at: timestamp.nullable(),
  })
  .meta({ id: "ChatwootRelayState" });

export const bridgeResponse = z.object({ success: z.literal(true), bridge }).meta({ id: "ChatwootBridgeResponse" });
export const bridgeStateResponse = z
  .object({
    success: z.literal(true),
    bridge: bridge.extend({
      relay,
      failed_posts: z.array(failedPost).meta({ description: "Posts Chatwoot refused for good, the latest first (at most 100; relay.failed_posts counts them all)." }),
    }),
  })
  .meta({ id: "ChatwootBridgeStateResponse" });

export const retryBody = z
  .strictObject({
    ids: z
      .array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER))
      .min(1)
      .max(MAX_RETRY_IDS)
      .optional()
      .meta({ description: "The failed posts to post again (their ids in GET /chatwoot); left out: all of them." }),
  })
  .meta({ id: "RetryChatwootPostsRequest" });

export const retryResponse = z
  .object({ success: z.literal(true), retried: z.number().int().meta({ description: "How many failed posts are back in their contacts' queues." }) })
  .meta({ id: "RetryChatwootPostsResponse" });
export const bridgeConnectedResponse = z
  .object({
    success: z.literal(true),
    bridge,
    webhook_url: z.string().meta({ description: "Set it as the inbox's webhook URL in Chatwoot. It carries a secret and is shown only now." }),
  })
  .meta({ id: "ChatwootConnected" });
