import { describe, it } from "vitest";
import { drainThroughOutage, useOwnCluster } from "./kit/database-outage.js";
import { onPostgres } from "./kit/server.js";
import { VOLUME_MS } from "./kit/limits.js";

// PgBouncer restarted under load (an immediate shutdown, every connection through it cut, then
// started again on its port) while PostgreSQL behind it stays up: a worker process drains 2,000
// queued messages and an API process keeps taking sends, both through the pooler in transaction
// mode, with sessions of their own (migrations' lock, LISTEN) on DATABASE_DIRECT_URL, as
// docs/operations.md runs them. Cluster and pooler are this file's own; CI's are never stopped.
describe.skipIf(!onPostgres)("faults: PgBouncer restarted under load", () => {
  const own = useOwnCluster({ bouncer: true });

  it("every accepted message ends sent exactly once or failed with a reason; the API answers 503 while the pooler is away and recovers by itself", {
    timeout: VOLUME_MS,
  }, async () => {
    const bouncer = own.bouncer!;
    await drainThroughOutage({
      ...own,
      reach: { DATABASE_URL: bouncer.url, DATABASE_DIRECT_URL: own.cluster.url },
      takeDown: () => bouncer.stop(),
      bringBack: () => bouncer.start(),
    });
  });
});
