import { audited, type Author } from "../../core/audit/audited.js";
import type { ServiceDeps } from "../../core/deps.js";
import { validationError } from "../../core/errors.js";
import { getBridge } from "./bridge.js";
import { type FailedPost, listFailedPosts, retryFailedPosts } from "./relay/outbox-sql.js";

// What Chatwoot refused for good (a 4xx about the post itself, such as a file it would not take)
// stays in the outbox as `failed`, with Chatwoot's reason: GET /chatwoot lists the latest, and a
// retry puts them back in their contacts' queues, to be posted as any other (after the contact's
// messages still waiting, before the later ones). Each retry is in the audit log
// (`chatwoot.posts_retried`, with the posts' ids).

/** The most failed posts a bridge lists (the count of all is beside them). */
export const FAILED_POSTS_SHOWN = 100;

export const failedPostsOf = (deps: Pick<ServiceDeps, "db">, bridgeId: number): Promise<FailedPost[]> => listFailedPosts(deps.db, bridgeId, FAILED_POSTS_SHOWN);

/**
 * Posts again the tenant's failed posts named by `ids`, or all of them when null; answers how many.
 * Refuses (422 naming `ids`, nothing changed) ids that are not failed posts of the tenant's bridge;
 * 404 when the tenant has no bridge.
 */
export async function retryFailed(deps: Pick<ServiceDeps, "db" | "wakeChatwootRelay">, tenantId: number, ids: bigint[] | null, by: Author): Promise<number> {
  const bridge = await getBridge(deps, tenantId);
  const wanted = ids === null ? null : [...new Set(ids)];
  const taken = await audited(
    deps.db,
    by,
    async (tx) => {
      const back = await retryFailedPosts(tx, bridge.id, wanted, by.at);
      const missing = wanted?.filter((id) => !back.includes(id)) ?? [];
      if (missing.length) throw validationError({ ids: `${missing.join(", ")} ${missing.length === 1 ? "is not a post" : "are not posts"} of your Chatwoot bridge that failed` });
      return back;
    },
    (back) => (back.length ? { tenantId, action: "chatwoot.posts_retried", target: `chatwoot_bridge:${bridge.id}`, after: { ids: back.map(String) } } : null),
  );
  if (taken.length) deps.wakeChatwootRelay?.();
  return taken.length;
}
