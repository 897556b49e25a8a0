import { describe, expect, it } from "vitest";
import { graphql } from "../src/gql/index.js";
import { useServer } from "./kit/server.js";
import { csvRows, download, ndjsonRows, startExport, waitForExport } from "./kit/exports.js";

// Exports of a range of time, over the real server: the file holds exactly what the API's own
// reads give for that range (CSV and NDJSON), the inbound kind likewise, and the progress it
// reports climbs to 1 with rows written equal to rows counted.

const server = useServer();
const HOUR = 3_600_000;

const RangeMessages = graphql(`
  query ExportTestMessages($since: String, $until: String) {
    messages(first: 20, since: $since, until: $until) {
      edges { node { id to text imageUrl kind status error accountId batchId createdAt sentAt deliveredAt readAt } }
    }
  }
`);

const StartExport = graphql(`
  mutation ExportTestStart($input: StartExportInput!) {
    startExport(input: $input) { export { id status kind format from to progress } }
  }
`);

const ExportState = graphql(`
  query ExportTestState($id: ID!) { export(id: $id) { id status rowsDone rowsTotal progress downloadPath } }
`);

const TEXTS = ["plain", "a, with a comma", 'a "quoted" word', "two\nlines", "مرحبا، كيف حالك؟", "=SUM(1,2)", "-5 off"];

/** The range [an hour ago, an hour ahead) in the service's timestamps. */
const range = () => {
  const now = server().app.deps.clock.now().getTime();
  return { from: server().app.deps.clock.timestamp(new Date(now - HOUR)), to: server().app.deps.clock.timestamp(new Date(now + HOUR)) };
};

async function tenantWithMessages() {
  const t = await server().seed.tenant().account().create();
  const api = server().client(t.key);
  for (const [i, message] of TEXTS.entries()) expect((await api.post("/send", { to: `05010000${10 + i}`, message })).status).toBe(200);
  const bulk = await api.post("/send-bulk", { numbers: ["0501000101", "0501000102"], message: "offer, today" });
  await expect.poll(async () => (await api.get(`/batches/${bulk.body.batch_id}`)).body.state, { timeout: 20_000 }).toBe("finished");
  // One message two days old: outside the range.
  const old = (await api.post("/send", { to: "0501000199", message: "too old" })).body.message_id as number;
  await server().app.database.prisma.$executeRawUnsafe(`UPDATE message SET created_at = created_at - interval '2 days' WHERE id = ${old}`);
  return { t, api, old };
}

describe("exports", () => {
  it("writes a range's messages as CSV and NDJSON, each row as the API reads it", async () => {
    const { api, old } = await tenantWithMessages();
    const { from, to } = range();
    const listed = (await api.graphql(RangeMessages, { since: from, until: to })).data!.messages.edges.map((e) => e.node);
    expect(listed).toHaveLength(TEXTS.length + 2);
    const expected = await Promise.all(
      [...listed].reverse().map(async (m) => {
        const read = (await api.get(`/messages/${m.id}`)).body;
        return {
          id: read.id,
          to: read.to,
          status: read.status,
          error: read.error,
          kind: read.kind,
          text: m.text,
          image_url: m.imageUrl ?? null,
          account_id: m.accountId ?? null,
          batch_id: m.batchId == null ? null : Number(m.batchId),
          created_at: m.createdAt,
          sent_at: read.sent_at,
          delivered_at: read.delivered_at,
          read_at: read.read_at,
        };
      }),
    );

    const ndjson = await startExport(api, { kind: "messages", format: "ndjson", from, to });
    expect(ndjson).toMatchObject({ kind: "messages", format: "ndjson", status: "queued", rows_done: 0, rows_total: null, progress: 0, download_path: null });
    const { done, progress } = await waitForExport(api, ndjson.id);
    expect(done).toMatchObject({ status: "ready", rows_done: expected.length, rows_total: expected.length, progress: 1, download_path: `/exports/${ndjson.id}/download` });
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    const file = await download(api, ndjson.id);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/x-ndjson; charset=utf-8");
    expect(file.headers.get("content-disposition")).toBe(`attachment; filename="messages-${ndjson.id}.ndjson"`);
    expect(Number(file.headers.get("content-length"))).toBe(file.bytes.length);
    expect(done.bytes).toBe(file.bytes.length);
    expect(ndjsonRows(file.text)).toEqual(expected);
    expect(ndjsonRows(file.text).map((r) => r.id)).not.toContain(old);

    const csv = await startExport(api, { kind: "messages", format: "csv", from, to });
    expect((await waitForExport(api, csv.id)).done.status).toBe("ready");
    const sheet = await download(api, csv.id);
    expect(sheet.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(sheet.headers.get("content-disposition")).toBe(`attachment; filename="messages-${csv.id}.csv"`);
    expect([...sheet.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const asCell = (v: string | number | null) => (v === null ? "" : typeof v === "string" && /^[=+\-@]/.test(v) ? `'${v}` : String(v));
    const asCells = (row: Record<string, string | number | null>) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, asCell(v)]));
    expect(csvRows(sheet.text)).toEqual(expected.map(asCells));
  });

  it("writes the inbound messages of a range as GET /inbound-messages reads them", async () => {
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    const db = server().app.deps.db;
    const now = server().app.deps.clock.now().getTime();
    for (const [text, agoMs] of [
      ["first, reply", 60_000],
      ["ثانية", 30_000],
      ["old", 3 * HOUR],
    ] as const) {
      const at = new Date(now - agoMs);
      await db.inboundMessage.create({
        data: { tenantId: t.id, accountId: t.accounts[0]!.id, providerMessageId: `in-${text}`, fromNumber: "966501000001", kind: "text", text, sentAt: at, receivedAt: at },
      });
    }
    const { from, to } = range();
    const read = (await api.get("/inbound-messages?limit=100")).body.inbound_messages as Array<Record<string, unknown>>;
    const expected = read
      .filter((m) => m.text !== "old")
      .reverse()
      .map(({ provider_message_id: _p, media_id: _m, media_path: _mp, reply_to_provider_id: _r, ...m }) => m);
    expect(expected.map((m) => m.text)).toEqual(["first, reply", "ثانية"]);
    const job = await startExport(api, { kind: "inbound", format: "ndjson", from, to });
    expect((await waitForExport(api, job.id)).done).toMatchObject({ status: "ready", rows_done: 2, rows_total: 2 });
    const file = await download(api, job.id);
    expect(file.headers.get("content-disposition")).toBe(`attachment; filename="inbound-${job.id}.ndjson"`);
    expect(ndjsonRows(file.text)).toEqual(expected);
  });

  it("starts and follows an export over GraphQL", async () => {
    const { api } = await tenantWithMessages();
    const started = await api.graphql(StartExport, { input: { kind: "messages", format: "csv", ...range() } });
    expect(started.errors).toBeUndefined();
    const id = started.data!.startExport.export.id;
    expect(started.data!.startExport.export).toMatchObject({ status: "queued", kind: "messages", format: "csv", progress: 0 });
    await expect.poll(async () => (await api.graphql(ExportState, { id })).data?.export.status, { timeout: 20_000 }).toBe("ready");
    expect((await api.graphql(ExportState, { id })).data?.export).toEqual({
      id,
      status: "ready",
      rowsDone: TEXTS.length + 2,
      rowsTotal: TEXTS.length + 2,
      progress: 1,
      downloadPath: `/exports/${id}/download`,
    });
  });
});
