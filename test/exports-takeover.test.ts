import { describe, expect, it } from "vitest";
import { useServer } from "./kit/server.js";
import { csvRows, download, startExport, waitForExport } from "./kit/exports.js";
import { claimExport } from "../src/features/exports/export-sql.js";
import { runExport } from "../src/features/exports/runner.js";
import { ExportRunner } from "../src/features/exports/index.js";

// A worker that dies in the middle of an export: its lease runs out (the service clock moved past
// it), another worker takes the job over and goes on from the last page written, and the file is
// whole: the head once, every row once, in order. The dead worker, were it to wake, writes nothing
// more. This server runs no worker of its own: the test plays both workers.

const server = useServer({ WORKER_ENABLED: "false" });
const ROWS = 5_000;

describe("an export taken over", () => {
  it("goes on from the last page the dead worker wrote, with no row lost or twice", async () => {
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    const { deps } = server().app;
    const now = deps.clock.now();
    await server().app.database.prisma.$executeRawUnsafe(
      `INSERT INTO message (tenant_id, account_id, "to", body, status, reserved_on, created_at)
       SELECT ${t.id}, ${t.accounts[0]!.id}, '9665' || lpad(g::text, 8, '0'), 'row ' || g, 'sent', '${now.toISOString()}'::date,
         '${now.toISOString()}'::timestamptz - (${ROWS} - g) * interval '1 second'
       FROM generate_series(1, ${ROWS}) g`,
    );
    const range = { from: deps.clock.timestamp(new Date(now.getTime() - 86_400_000)), to: deps.clock.timestamp(new Date(now.getTime() + 60_000)) };
    const job = await startExport(api, { kind: "messages", format: "csv", ...range });

    // The first worker writes the head and one page, then dies (it checks for a stop before each page).
    const claimed = (await claimExport(deps.db, "dead-worker", deps.config.worker.leaseSeconds * 1000, deps.clock.now()))!;
    let checks = 0;
    const diesAfterOnePage = {
      get aborted() {
        return checks++ >= 1;
      },
    } as unknown as AbortSignal;
    await runExport(deps, "dead-worker", claimed, diesAfterOnePage);
    const midway = (await api.get(`/exports/${job.id}`)).body;
    expect(midway).toMatchObject({ status: "running", rows_done: 2_000, rows_total: ROWS, progress: 0.4 });

    deps.clock.advance(deps.config.worker.leaseSeconds * 1000 + 1_000);
    const runner = new ExportRunner(deps);
    runner.start();
    try {
      const { done, progress } = await waitForExport(api, job.id);
      expect(done).toMatchObject({ status: "ready", rows_done: ROWS, rows_total: ROWS, progress: 1 });
      // Taken over where it was left: no reading after the takeover goes back below the 2,000 rows.
      expect(Math.min(...progress)).toBeGreaterThanOrEqual(0.4);
    } finally {
      await runner.stop();
    }
    const file = await download(api, job.id);
    expect(file.text.match(/^\uFEFFid,to,status/gm)).toHaveLength(1);
    const rows = csvRows(file.text);
    expect(rows.map((r) => r.text)).toEqual(Array.from({ length: ROWS }, (_, i) => `row ${i + 1}`));

    // The dead worker wakes with its old claim: the job is no longer its own, so nothing is written.
    const chunks = await deps.db.exportChunk.count({ where: { exportId: BigInt(job.id) } });
    await runExport(deps, "dead-worker", claimed, new AbortController().signal);
    expect(await deps.db.exportChunk.count({ where: { exportId: BigInt(job.id) } })).toBe(chunks);
    expect((await download(api, job.id)).text).toBe(file.text);
  });
});
