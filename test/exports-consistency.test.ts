import { describe, expect, it } from "vitest";
import { useServer } from "./kit/server.js";
import { csvRows, download, ndjsonRows, startExport, waitForExport } from "./kit/exports.js";
import { MESSAGE_COLUMNS } from "../src/features/exports/formats.js";
import { VOLUME_MS } from "./kit/limits.js";

// An export while the tenant keeps sending: the file holds exactly the rows of the range that
// existed when the job started, each whole and once, however many pages it took and whatever was
// sent meanwhile; rows counted at the start equal rows written, and the progress climbs to 1.

const server = useServer();
const SEEDED = 9_000;

describe("exports during sends", () => {
  it("holds the range as it was at the start: no row partial, missing or twice, none sent after", { timeout: VOLUME_MS }, async () => {
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    const db = server().app.database.prisma;
    const now = server().app.deps.clock.now();
    // Seeded straight into the table, spread over the last hour, with texts CSV must quote.
    await db.$executeRawUnsafe(
      `INSERT INTO message (tenant_id, account_id, "to", body, status, reserved_on, created_at, sent_at)
       SELECT ${t.id}, ${t.accounts[0]!.id}, '9665' || lpad(g::text, 8, '0'), 'row ' || g || E', "quoted"\\nand more', 'sent', '${now.toISOString()}'::date,
         '${now.toISOString()}'::timestamptz - (${SEEDED} - g) * interval '300 ms', '${now.toISOString()}'::timestamptz - (${SEEDED} - g) * interval '300 ms'
       FROM generate_series(1, ${SEEDED}) g`,
    );
    const clock = server().app.deps.clock;
    const range = { from: clock.timestamp(new Date(now.getTime() - 3_600_000)), to: clock.timestamp(new Date(now.getTime() + 3_600_000)) };

    let sending = true;
    const sentIds: number[] = [];
    const sender = (async () => {
      for (let i = 0; sending; i++) {
        const r = await api.post("/send", { to: `0502${String(i).padStart(6, "0")}`, message: `during ${i}` });
        expect(r.status).toBe(200);
        sentIds.push(r.body.message_id as number);
      }
    })();
    while (sentIds.length < 3) await new Promise((resolve) => setTimeout(resolve, 10));
    const jobs = [await startExport(api, { kind: "messages", format: "ndjson", ...range }), await startExport(api, { kind: "messages", format: "csv", ...range })];
    const ended = [];
    for (const job of jobs) ended.push(await waitForExport(api, job.id, 100_000));
    sending = false;
    await sender;

    const [ndjson, csv] = [ndjsonRows((await download(api, jobs[0]!.id)).text), csvRows((await download(api, jobs[1]!.id)).text)];
    for (const [{ done, progress }, rows] of [
      [ended[0]!, ndjson],
      [ended[1]!, csv],
    ] as const) {
      expect(done.status).toBe("ready");
      expect(done.rows_total).toBe(rows.length);
      expect(done.rows_done).toBe(rows.length);
      expect(progress.at(-1)).toBe(1);
      expect(progress).toEqual([...progress].sort((a, b) => a - b));
      const ids = rows.map((r) => Number(r.id));
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      for (const row of rows) expect(Object.keys(row)).toEqual([...MESSAGE_COLUMNS]);
      // Exactly the range's rows up to the last one the job saw at its start: the seeded ones
      // and those sent before it started; what was sent after is left out.
      const lastId = ids.at(-1)!;
      const inRange = await db.message.findMany({ where: { tenantId: t.id, id: { lte: BigInt(lastId) } }, select: { id: true }, orderBy: { id: "asc" } });
      expect(ids).toEqual(inRange.map((m) => Number(m.id)));
      // The seeded rows and every send answered before the job's last row, each once.
      expect(rows.length).toBe(SEEDED + sentIds.filter((id) => id <= lastId).length);
      // Not counts but the test's own premise: the jobs started after three sends had answered,
      // and sends went on while they ran, or the test proved nothing.
      expect(sentIds.filter((id) => id <= lastId).length).toBeGreaterThanOrEqual(3);
      expect(sentIds.some((id) => id > lastId)).toBe(true);
    }
    expect(ndjson[0]).toMatchObject({ text: 'row 1, "quoted"\nand more', status: "sent" });
    expect(csv[0]).toMatchObject({ text: 'row 1, "quoted"\nand more', status: "sent" });
    // The CSV job started second: it holds the first's rows, and perhaps a send or two more.
    expect(csv.slice(0, ndjson.length).map((r) => r.text)).toEqual(ndjson.map((r) => r.text));
  });
});
