import { readSecretAgainAt, type SecretRead, storeSecret } from "../bridge-sql.js";
import { ChatwootCallError } from "./chatwoot-api.js";
import { readInbox, secretOf } from "./chatwoot-calls.js";
import type { RelayWork } from "./relay-steps.js";

// The inbox's webhook secret, read again from Chatwoot with the bridge's own token: a bridge
// connected before the gateway read secrets gets its own at once, and a secret reset in Chatwoot
// (POST /inboxes/{id}/reset_secret) is followed within SECRET_READ_EVERY_MS; a read Chatwoot did
// not answer is tried again a minute later. A secret is never dropped because Chatwoot shows none
// now (the token lost its administrator's role): the webhooks stay verified with the last one read.

/** How often each bridge's inbox secret is read again. */
export const SECRET_READ_EVERY_MS = 15 * 60_000;
/** How soon a read that failed (Chatwoot away) is tried again: a bridge without its secret refuses webhooks meanwhile. */
const RETRY_READ_MS = 60_000;

export async function readSecret(w: RelayWork, read: SecretRead): Promise<void> {
  const { deps } = w;
  const allowed = deps.config.chatwoot.allowUnsigned;
  try {
    const inbox = await readInbox({ agent: w.agent, config: deps.config, target: read, signal: w.signal });
    const secret = secretOf(inbox);
    if (secret !== null && secret !== read.webhookSecret && (await storeSecret(deps.db, read, secret))) {
      deps.log.info({ bridgeId: read.id, inboxId: read.inboxId }, "took the Chatwoot inbox's webhook secret: its webhooks are verified with it");
    } else if (secret === null && read.webhookSecret === null) {
      deps.log.warn(
        { bridgeId: read.id, inboxId: read.inboxId },
        `Chatwoot shows no webhook secret for this bridge's inbox (not an administrator's token, or Chatwoot before 4.13): its webhooks are ${allowed ? "accepted unsigned (CHATWOOT_ALLOW_UNSIGNED)" : "refused until it connects again with an administrator's token"}`,
      );
    }
  } catch (err) {
    const reason = err instanceof ChatwootCallError ? err.message : String(err);
    deps.log.warn({ bridgeId: read.id, err: reason }, "could not read the Chatwoot inbox's webhook secret; read again in a minute");
    await readSecretAgainAt(deps.db, read.id, new Date(deps.clock.now().getTime() + RETRY_READ_MS), SECRET_READ_EVERY_MS);
  }
}
