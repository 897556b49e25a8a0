import { z } from "zod";
import { timestamp } from "../../core/rest/schemas.js";
import { bridgeNumbers, chatwootAccessToken, chatwootBaseUrl } from "./bridge-input.js";

// The Chatwoot routes' bodies and answers (see core/rest/schemas.ts), built from bridge-input.ts's rules.

const id = z.number().int().positive().max(2_147_483_647);

export const bridgeBody = z
  .strictObject({
    base_url: chatwootBaseUrl.meta({ description: "Where Chatwoot answers (a public address).", examples: ["https://chatwoot.example.com"] }),
    chatwoot_account_id: id.meta({ description: "Chatwoot's account id (in its URLs: /app/accounts/<id>).", examples: [1] }),
    inbox_id: id.meta({ description: "An API channel inbox of that account.", examples: [7] }),
    access_token: chatwootAccessToken.meta({ description: "An agent's or agent bot's access token; kept, never shown again." }),
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
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "ChatwootBridge" });

const relay = z
  .object({
    to_chatwoot: z.number().int().meta({ description: "Contacts' messages and private notes waiting to be posted to Chatwoot." }),
    to_whatsapp: z.number().int().meta({ description: "Agents' messages waiting to be sent on WhatsApp." }),
    oldest_waiting_at: timestamp.nullable().meta({ description: "When the oldest of those arrived." }),
    last_posted_at: timestamp.nullable().meta({ description: "The last call to Chatwoot that worked." }),
    last_error: z.string().nullable().meta({ description: "Why the last call to Chatwoot failed, while no later one has worked (it is retried)." }),
    last_error_at: timestamp.nullable(),
  })
  .meta({ id: "ChatwootRelayState" });

export const bridgeResponse = z.object({ success: z.literal(true), bridge }).meta({ id: "ChatwootBridgeResponse" });
export const bridgeStateResponse = z.object({ success: z.literal(true), bridge: bridge.extend({ relay }) }).meta({ id: "ChatwootBridgeStateResponse" });
export const bridgeConnectedResponse = z
  .object({
    success: z.literal(true),
    bridge,
    webhook_url: z.string().meta({ description: "Set it as the inbox's webhook URL in Chatwoot. It carries a secret and is shown only now." }),
  })
  .meta({ id: "ChatwootConnected" });
