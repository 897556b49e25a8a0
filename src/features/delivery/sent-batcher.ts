import type { Message } from "../../generated/prisma/client.js";
import type { Db } from "../../core/db/database.js";
import type { ServiceDeps } from "../../core/deps.js";
import { inlineOwner } from "../../core/queue/owners.js";
import { markManySent } from "../queue/index.js";

interface Waiting {
  id: bigint;
  providerMessageId: string | null;
  resolve: (row: Message | undefined) => void;
  reject: (err: unknown) => void;
}

/** Marks a delivered message sent (with the provider's id), resolving to the row as written. */
export type SentRecorder = (id: bigint, providerMessageId: string | null) => Promise<Message | undefined>;

/**
 * Coalesces the deliveries that finish in the same turn of the event loop into one `markManySent`
 * statement. A claimed batch sent to a fast provider thus costs one completion statement instead
 * of one per message; a slow provider's answers still complete as they arrive, never later.
 */
export function createSentBatcher(db: Db, owner: string, now: () => Date): SentRecorder {
  let waiting: Waiting[] = [];
  const flush = async () => {
    const items = waiting;
    waiting = [];
    try {
      const rows = new Map((await markManySent(db, owner, items, now())).map((m) => [m.id, m]));
      for (const item of items) item.resolve(rows.get(item.id));
    } catch (err) {
      for (const item of items) item.reject(err);
    }
  };
  return (id, providerMessageId) =>
    new Promise((resolve, reject) => {
      if (waiting.length === 0) setImmediate(() => void flush());
      waiting.push({ id, providerMessageId, resolve, reject });
    });
}

const inlineRecorders = new WeakMap<ServiceDeps, SentRecorder>();

/** Marks inline sends sent, coalescing the ones that finish together into one statement (one batcher per server). */
export function inlineSentRecorder(deps: ServiceDeps): SentRecorder {
  let record = inlineRecorders.get(deps);
  if (!record) inlineRecorders.set(deps, (record = createSentBatcher(deps.db, inlineOwner(deps.instanceId), () => deps.clock.now())));
  return record;
}
