import { cloudSignature } from "./provider-signing.js";
import { graphError, type GraphState, type Incoming, type Reply } from "./graph-api-state.js";

// What Meta's WhatsApp Cloud API does that a receiver cannot count on, for the Graph stand-in
// (test/kit/graph-api.ts, which follows Meta's OpenAPI v23.0). Reference: test/kit/references/waha-sessions-and-graph.md B.4 and B.6;
// Meta's WhatsApp webhooks overview (developers.facebook.com/docs/whatsapp/cloud-api/guides/set-up-webhooks,
// read through copies): a notification the receiver does not answer 200 is sent again "with decreasing
// frequency" for up to 7 days; delivery is at least once, so the same notification may come twice;
// notifications are not ordered, and a message's `sent` status can reach the webhook before the
// send's own HTTP answer reaches the sender. An access token expires ("Session has expired", code 190).

/** B.6's 401 for an expired token, word for word. */
export const expiredToken = (): Reply => graphError(401, { message: "Error validating access token: Session has expired", type: "OAuthException", code: 190, error_subcode: 463 });

export type CloudStatus = "sent" | "delivered" | "read";

/** A `messages` change carrying statuses (B.4 object `whatsapp_business_account`, field `messages`, value.statuses[]). */
export function statusesWebhook(phoneNumberId: string, statuses: Array<{ id: string; status: CloudStatus; recipient_id: string; timestamp?: number }>) {
  const value = {
    messaging_product: "whatsapp",
    metadata: { display_phone_number: "15550000000", phone_number_id: phoneNumberId },
    statuses: statuses.map((s) => ({ ...s, timestamp: String(s.timestamp ?? Math.floor(Date.now() / 1000)) })),
  };
  return { object: "whatsapp_business_account", entry: [{ id: "102290129340398", changes: [{ field: "messages", value }] }] };
}

/** One signed POST (X-Hub-Signature-256 with the app secret); the receiver's status, 0 when it gave none. */
export async function postNotification(url: string, appSecret: string, payload: unknown): Promise<number> {
  const raw = JSON.stringify(payload);
  return fetch(url, { method: "POST", headers: { "content-type": "application/json", "x-hub-signature-256": cloudSignature(raw, appSecret) }, body: raw }).then(
    (r) => r.status,
    () => 0,
  );
}

/**
 * Sends a notification as Meta does: again after each of `retryDelaysMs` (growing: decreasing
 * frequency) while the receiver does not answer 200, then `duplicates` more times once it did.
 * Answers the receiver's status for every try.
 */
export async function deliverAsMeta(url: string, appSecret: string, payload: unknown, o: { retryDelaysMs?: number[]; duplicates?: number } = {}): Promise<number[]> {
  const tries = [await postNotification(url, appSecret, payload)];
  for (const wait of o.retryDelaysMs ?? []) {
    if (tries.at(-1) === 200) break;
    await new Promise((resolve) => setTimeout(resolve, wait));
    tries.push(await postNotification(url, appSecret, payload));
  }
  for (let i = 0; i < (o.duplicates ?? 0) && tries.at(-1) === 200; i++) tries.push(await postNotification(url, appSecret, payload));
  return tries;
}

/** The phone number id of a `/{v}/{phone-number-id}/messages` send, if `req` is one. */
const sendOf = (req: Incoming) => (req.method === "POST" ? /^\/v\d+\.\d+\/([^/?]+)\/messages$/.exec(req.path)?.[1] : undefined);

/** The test's side of these modes, over the stand-in's state. */
export function awkwardControls(state: GraphState) {
  return {
    /** The token expires: every call with it is answered B.6's expired-session 401 from now on. */
    expireToken(token: string): void {
      state.expired.add(token);
    },
    /**
     * Each accepted send's `statuses` notifications go to `webhookUrl` and are answered (200 or not)
     * before the send itself is answered, as when Meta's webhook is faster than its API's answer.
     * Answers the receiver's statuses, one list per send.
     */
    receiptsBeforeAnswer(webhookUrl: string, statuses: CloudStatus[]): number[][] {
      const answered: number[][] = [];
      state.beforeAnswer = async (req, reply) => {
        const phoneNumberId = sendOf(req);
        const wamid = (reply.body as { messages?: Array<{ id: string }> } | undefined)?.messages?.[0]?.id;
        if (!phoneNumberId || reply.status !== 200 || !wamid) return;
        const to = (req.body as { to?: unknown } | undefined)?.to;
        const recipient = typeof to === "string" ? to : "";
        const tries = [];
        for (const status of statuses)
          tries.push(await postNotification(webhookUrl, state.appSecret, statusesWebhook(phoneNumberId, [{ id: wamid, status, recipient_id: recipient }])));
        answered.push(tries);
      };
      return answered;
    },
  };
}
