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

export const bridgeResponse = z.object({ success: z.literal(true), bridge }).meta({ id: "ChatwootBridgeResponse" });
export const bridgeConnectedResponse = z
  .object({
    success: z.literal(true),
    bridge,
    webhook_url: z.string().meta({ description: "Set it as the inbox's webhook URL in Chatwoot. It carries a secret and is shown only now." }),
  })
  .meta({ id: "ChatwootConnected" });
