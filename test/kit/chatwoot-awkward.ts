import type { ChatwootStandIn } from "./chatwoot.js";
import type { CwMessage } from "./chatwoot-state.js";

// What the Chatwoot stand-in (test/kit/chatwoot.ts) does that Chatwoot v4.16.2 does and a bridge
// cannot count on (test/kit/references/chatwoot-api.md): its webhooks are sent by background jobs
// (WebhookJob), so two messages' webhooks arrive in either order; a contact an agent made in the
// app is there before the bridge ever looks for it.

/**
 * Sends the `message_created` webhooks of `messages` newest first, one after the other, as two
 * webhook jobs that ran in the other order do; answers the responses in the order sent.
 */
export async function deliverOutOfOrder(cw: ChatwootStandIn, url: string, messages: CwMessage[]): Promise<Response[]> {
  const answers: Response[] = [];
  for (const m of [...messages].reverse()) answers.push(await cw.deliver(url, cw.webhookOf(m)));
  return answers;
}

/** An agent makes a contact in the app (POST /contacts, no inbox: no session yet), as an administrator's token can. */
export async function agentMakesContact(cw: ChatwootStandIn, o: { accountId: number; token: string; name: string; phone: string }): Promise<number> {
  const made = await fetch(`${cw.url}/api/v1/accounts/${o.accountId}/contacts`, {
    method: "POST",
    headers: { api_access_token: o.token, "content-type": "application/json" },
    body: JSON.stringify({ name: o.name, phone_number: o.phone }),
  });
  if (made.status !== 200) throw new Error(`the stand-in refused the contact: ${made.status}`);
  const body = (await made.json()) as { payload: { contact: { id: number } } };
  return body.payload.contact.id;
}
