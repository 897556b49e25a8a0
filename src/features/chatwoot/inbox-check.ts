import { validationError } from "../../core/errors.js";
import { type CallSettings, ChatwootCallError, createChatwootAgent } from "./relay/chatwoot-api.js";
import { readInbox, secretOf } from "./relay/chatwoot-calls.js";

// Connecting reads the inbox from Chatwoot with the token given (GET /inboxes/{id}, reference
// section 6d): that the address answers, the token is accepted, the inbox is an API channel inbox
// of that account, and its own secret, with which Chatwoot 4.13 and later sign its webhooks and
// which Chatwoot shows only to administrators. Each refusal names the field to change.

/**
 * The least a connection waits for Chatwoot's answer: a person is waiting for it, once, and a slow
 * answer is better than a refusal; the relay's own timeout (CHATWOOT_TIMEOUT_MS) may be shorter.
 */
const CONNECT_TIMEOUT_MS = 10_000;

export interface InboxTarget {
  baseUrl: string;
  chatwootAccountId: number;
  inboxId: number;
  accessToken: string;
}

/** What Chatwoot's refusal means for the connection's fields. */
function refusedBy(err: ChatwootCallError, target: InboxTarget): Error {
  if (err.status === null) return validationError({ baseUrl: `Chatwoot could not be reached there: ${err.message}` });
  if (err.status === 401)
    return validationError({
      accessToken: `Chatwoot refused this access token (${err.message}): use an administrator's access token from Profile settings; an agent bot's token cannot read inboxes`,
    });
  if (err.status === 403) return validationError({ chatwootAccountId: `Chatwoot refused the account's API (${err.message})` });
  if (err.status === 404) return validationError({ inboxId: `Chatwoot has no inbox ${target.inboxId} in account ${target.chatwootAccountId}` });
  return validationError({ baseUrl: `Chatwoot did not read the inbox (${err.message}); try again` });
}

/**
 * The inbox's webhook secret, read from Chatwoot; null when Chatwoot shows none and the operator
 * accepts unsigned webhooks (CHATWOOT_ALLOW_UNSIGNED). Refuses (422 naming the field) anything else.
 */
export async function inboxSecretAtConnect(relaySettings: CallSettings, target: InboxTarget): Promise<string | null> {
  const settings = { ...relaySettings, chatwoot: { ...relaySettings.chatwoot, timeoutMs: Math.max(relaySettings.chatwoot.timeoutMs, CONNECT_TIMEOUT_MS) } };
  const agent = createChatwootAgent(settings);
  try {
    const inbox = await readInbox({ agent, config: settings, target, signal: new AbortController().signal }).catch((err: unknown) => {
      throw err instanceof ChatwootCallError ? refusedBy(err, target) : err;
    });
    if (inbox.channel_type !== "Channel::Api") throw validationError({ inboxId: `is a ${inbox.channel_type} inbox: connect an API channel inbox` });
    const secret = secretOf(inbox);
    if (secret !== null || settings.chatwoot.allowUnsigned) return secret;
    throw validationError({
      accessToken:
        "Chatwoot shows no webhook secret for this inbox to this token: use an administrator's access token, on Chatwoot 4.13 or later (an operator can accept older Chatwoot's unsigned webhooks with CHATWOOT_ALLOW_UNSIGNED)",
    });
  } finally {
    await agent.close();
  }
}
