import type { ServiceDeps } from "../../core/deps.js";
import { ServiceError } from "../../core/errors.js";
import { readBodyWithin } from "../../core/http/body.js";
import { Response } from "../../core/http/fetch-api.js";
import { restError } from "../../core/rest/errors.js";
import { bridgeOfSecret, takeAgentMessage } from "./agent-messages.js";
import { WEBHOOK_PATH } from "./bridge.js";
import { checkSignature } from "./webhook-signature.js";
import { takeStatusChange } from "./conversation-events.js";

// POST /chatwoot/webhooks/{secret}: the events Chatwoot posts to the bridge's inbox webhook (what
// is kept of them: agent-messages.ts). The address's secret finds the bridge; the signature with
// the inbox's own secret proves Chatwoot sent it (webhook-signature.ts). An unsigned webhook is
// taken only for a bridge whose inbox has no secret while the operator allows it
// (CHATWOOT_ALLOW_UNSIGNED), and each is logged as a warning. The answer is quick, as the relay
// sends the reply later: Chatwoot marks an agent's message failed if its webhook waits over 5 s,
// or is refused, and does not retry.

const answer = (e: { status: number; body: unknown }, headers?: Record<string, string>) => Response.json(e.body, { status: e.status, ...(headers ? { headers } : {}) });

export function createChatwootReceiver(deps: ServiceDeps) {
  if (deps.config.chatwoot.allowUnsigned) {
    deps.log.warn(
      "CHATWOOT_ALLOW_UNSIGNED is on: Chatwoot webhooks without a signature are accepted for bridges whose inbox has no secret (Chatwoot before 4.13), and anyone who has seen such a bridge's webhook URL, as every agent of the inbox has, can send WhatsApp messages as the business",
    );
  }
  return async (request: Request): Promise<Response> => {
    if (request.method !== "POST") return answer(restError("METHOD_NOT_ALLOWED", "Chatwoot's webhooks are POSTed."), { allow: "POST" });
    try {
      const bridge = await bridgeOfSecret(deps, new URL(request.url).pathname.slice(WEBHOOK_PATH.length + 1));
      const raw = await readBodyWithin(request, deps.config.receiptMaxBodyBytes);
      if (!raw) return answer(restError("PAYLOAD_TOO_LARGE", `The body may be at most ${deps.config.receiptMaxBodyBytes} bytes.`));
      if (checkSignature(bridge.webhookSecret, request.headers, raw, deps.clock.now(), deps.config.chatwoot.allowUnsigned) === "unsigned") {
        deps.log.warn({ bridgeId: bridge.id, inboxId: bridge.inboxId }, "accepted an unsigned Chatwoot webhook (CHATWOOT_ALLOW_UNSIGNED): it cannot be told from a forged one");
      }
      let json: unknown;
      try {
        json = JSON.parse(raw.toString("utf8"));
      } catch {
        return answer(restError("INVALID_JSON", "The body must be JSON."));
      }
      const event = (json as { event?: unknown } | null)?.event;
      const taken = event === "conversation_status_changed" ? await takeStatusChange(deps, bridge, json) : await takeAgentMessage(deps, bridge, json);
      return Response.json({ success: true, ...taken });
    } catch (err) {
      if (err instanceof ServiceError) return answer(restError(err.code, err.message, err.fields));
      throw err;
    }
  };
}
