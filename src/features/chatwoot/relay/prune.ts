import type { Db } from "../../../core/db/database.js";
import { pruneEndedPosts } from "./outbox-sql.js";
import { pruneEndedReplies } from "./reply-sql.js";

// What the housekeeper forgets of the bridges' work, after as long as webhook deliveries are kept:
// posts that ended, and replies that ended and whose ticks closed (Chatwoot does not redeliver a
// webhook days later, so the reply's row is no longer needed to recognise one).

/** Deletes at most `limit` ended rows (posts first); answers how many went. */
export async function pruneEndedChatwootWork(db: Db, days: number, now: Date, limit: number): Promise<number> {
  const posts = await pruneEndedPosts(db, days, now, limit);
  return posts + (posts < limit ? await pruneEndedReplies(db, days, now, limit - posts) : 0);
}
