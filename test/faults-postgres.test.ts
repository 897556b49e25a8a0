import { describe, it } from "vitest";
import { drainThroughOutage, useOwnCluster } from "./kit/database-outage.js";
import { onPostgres } from "./kit/server.js";
import { VOLUME_MS } from "./kit/limits.js";

// PostgreSQL restarted (fast shutdown, then started again) while a worker process drains 2,000
// queued messages and an API process keeps taking sends (test/kit/database-outage.ts). The cluster
// is this file's own (initdb into a temporary directory, its own port), never the shared server.
describe.skipIf(!onPostgres)("faults: PostgreSQL restarted under load", () => {
  const own = useOwnCluster({ bouncer: false });

  it("every accepted message ends sent exactly once or failed with a reason; the API answers 503 while the database is away and recovers by itself", {
    timeout: VOLUME_MS,
  }, async () => {
    await drainThroughOutage({
      ...own,
      reach: { DATABASE_URL: own.cluster.url },
      takeDown: () => own.cluster.stop(),
      bringBack: () => own.cluster.start(),
    });
  });
});
