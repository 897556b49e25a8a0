import type { Message } from "../../generated/prisma/client.js";
import type { Db } from "../../core/db/database.js";
import type { ServiceDeps } from "../../core/deps.js";
import { inlineOwner } from "../../core/queue/owners.js";
import { markManySent } from "../queue/index.js";
import { perTurn } from "../../core/queue/per-turn.js";

/** Marks a delivered message sent (with the provider's id), resolving to the row as written. */
export type SentRecorder = (id: bigint, providerMessageId: string | null) => Promise<Message | undefined>;

/**
 * Coalesces the deliveries that finish in the same turn of the event loop into one `markManySent`
 * statement (perTurn): a claimed batch sent to a fast provider costs one completion statement.
 */
export function createSentBatcher(db: Db, owner: string, now: () => Date): SentRecorder {
  const mark = perTurn(async (items: Array<{ id: bigint; providerMessageId: string | null }>) => new Map((await markManySent(db, owner, items, now())).map((m) => [m.id, m])));
  return async (id, providerMessageId) => (await mark({ id, providerMessageId })).get(id);
}

const inlineRecorders = new WeakMap<ServiceDeps, SentRecorder>();

/** Marks inline sends sent, coalescing the ones that finish together into one statement (one batcher per server). */
export function inlineSentRecorder(deps: ServiceDeps): SentRecorder {
  let record = inlineRecorders.get(deps);
  if (!record) inlineRecorders.set(deps, (record = createSentBatcher(deps.db, inlineOwner(deps.instanceId), () => deps.clock.now())));
  return record;
}
