import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, useServer, type TestServer } from "./kit/server.js";
import { download, startExport, waitForExport } from "./kit/exports.js";
import { MANY_STEPS_MS } from "./kit/limits.js";

// What an export refuses and how it ends: bad input answered 422 naming the field with nothing
// queued, another tenant's export answered as unknown, the scope of inbound messages, the cap on
// exports queued at once, and the file's one day, with the service clock moved past it.

// The housekeeper runs every 10 s (the least allowed), by the service clock the test moves.
const server = useServer({ HOUSEKEEPING_INTERVAL_SECONDS: "10" });
const DAY = 86_400_000;

const stamp = (s: TestServer, offsetMs: number) => s.app.deps.clock.timestamp(new Date(s.app.deps.clock.now().getTime() + offsetMs));
const lastDay = (s: TestServer) => ({ from: stamp(s, -DAY), to: stamp(s, 60_000) });

describe("export rules", () => {
  it("refuses bad input with 422 naming the field, and queues nothing", async () => {
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    const ok = { kind: "messages", format: "csv", from: "2026-01-01T00:00:00+03:00", to: "2026-02-01T00:00:00+03:00" };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...ok, to: "2027-01-03T00:00:00+03:00" }, "to"],
      [{ ...ok, from: "2026-03-01T00:00:00+03:00" }, "to"],
      [{ ...ok, to: ok.from }, "to"],
      [{ ...ok, kind: "contacts" }, "kind"],
      [{ ...ok, format: "xlsx" }, "format"],
      [{ ...ok, from: "yesterday" }, "from"],
      [{ ...ok, from: "2026-01-01T00:00:00" }, "from"],
      [{ kind: "messages", format: "csv", to: ok.to }, "from"],
      [{ ...ok, tenant: 1 }, "tenant"],
    ];
    for (const [body, field] of cases) {
      const r = await api.post("/exports", body);
      expect(r.status, JSON.stringify(body)).toBe(422);
      expect(r.body.success).toBe(false);
      expect(r.body.error.code).toBe("VALIDATION_ERROR");
      expect(Object.keys(r.body.error.fields)).toEqual([field]);
    }
    expect((await api.post("/exports", { ...ok, to: "2027-01-03T00:00:00+03:00" })).body.error.fields).toEqual({ to: "must be at most 366 days after from" });
    expect((await api.post("/exports", { ...ok, to: "2026-12-31T00:00:00+03:00" })).status).toBe(202);
    expect((await api.get("/exports")).body.exports).toHaveLength(1);
  });

  it("answers another tenant's export, or an unknown one, as not found", async () => {
    const mine = await server().seed.tenant().account().create();
    const theirs = await server().seed.tenant().account().create();
    const api = server().client(mine.key);
    const job = await startExport(api, { kind: "messages", format: "ndjson", ...lastDay(server()) });
    expect((await waitForExport(api, job.id)).done.status).toBe("ready");
    const other = server().client(theirs.key);
    for (const path of [`/exports/${job.id}`, `/exports/${job.id}/download`, "/exports/999999", "/exports/abc", "/exports/999999/download"]) {
      const r = await other.get(path);
      expect([path, r.status, r.body.error?.code]).toEqual([path, 404, "NOT_FOUND"]);
    }
    expect((await other.get("/exports")).body.exports).toEqual([]);
    expect((await download(api, job.id)).status).toBe(200);
  });

  it("needs inbox:read besides messages:read for inbound messages", async () => {
    const t = await server().seed.tenant().account().create();
    const reader = (
      await server()
        .client(t.key)
        .post("/keys", { label: "reader", scopes: ["messages:read"] })
    ).body.secret as string;
    const api = server().client(reader);
    const refused = await api.post("/exports", { kind: "inbound", format: "csv", ...lastDay(server()) });
    expect([refused.status, refused.body.error.code, refused.body.scope]).toEqual([403, "INSUFFICIENT_SCOPE", "inbox:read"]);
    expect((await api.post("/exports", { kind: "messages", format: "csv", ...lastDay(server()) })).status).toBe(202);
    const sender = (
      await server()
        .client(t.key)
        .post("/keys", { label: "sender", scopes: ["messages:send"] })
    ).body.secret as string;
    expect((await server().client(sender).get("/exports")).status).toBe(403);
  });

  it("keeps the file a day: then 410 EXPORT_EXPIRED, the housekeeper deletes it, and the record goes 30 days later", { timeout: MANY_STEPS_MS }, async () => {
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    expect((await api.post("/send", { to: "0501000001", message: "kept a day" })).status).toBe(200);
    const job = await startExport(api, { kind: "messages", format: "csv", ...lastDay(server()) });
    const { done } = await waitForExport(api, job.id);
    expect(done.status).toBe("ready");
    const chunks = () => server().app.deps.db.exportChunk.count({ where: { exportId: BigInt(job.id) } });
    expect(await chunks()).toBe(2);

    server().app.deps.clock.advance(DAY - 60_000);
    expect((await download(api, job.id)).status).toBe(200);
    server().app.deps.clock.advance(60_000);
    expect((await api.get(`/exports/${job.id}`)).body).toMatchObject({ status: "expired", download_path: null });
    const gone = await download(api, job.id);
    expect([gone.status, JSON.parse(gone.text).error.code]).toEqual([410, "EXPORT_EXPIRED"]);
    await expect.poll(chunks, { timeout: 15_000, interval: 200 }).toBe(0);
    expect((await api.get(`/exports/${job.id}`)).body.status).toBe("expired");
    expect((await download(api, job.id)).status).toBe(410);

    server().app.deps.clock.advance(30 * DAY + 1);
    await expect.poll(async () => (await api.get(`/exports/${job.id}`)).status, { timeout: 15_000, interval: 200 }).toBe(404);
    expect((await download(api, job.id)).status).toBe(404);
  });
});

describe("exports without a worker", () => {
  let idle: TestServer;
  beforeAll(async () => {
    idle = await startServer({ WORKER_ENABLED: "false" });
  });
  afterAll(async () => {
    await idle.close();
  });

  it("caps the exports queued at once per tenant, and answers a download before it is ready with 409", async () => {
    const t = await idle.seed.tenant().account().create();
    const other = await idle.seed.tenant().account().create();
    const api = idle.client(t.key);
    const body = { kind: "messages", format: "csv", ...lastDay(idle) };
    const queued = [];
    for (let i = 0; i < 3; i++) queued.push(await startExport(api, body));
    const refused = await api.post("/exports", body);
    expect([refused.status, refused.body.error.code]).toEqual([429, "EXPORT_LIMIT_REACHED"]);
    expect((await api.get("/exports")).body.exports).toHaveLength(3);
    expect((await idle.client(other.key).post("/exports", body)).status).toBe(202);
    const early = await download(api, queued[0]!.id);
    expect([early.status, JSON.parse(early.text).error.code]).toEqual([409, "EXPORT_NOT_READY"]);
    expect((await api.get(`/exports/${queued[0]!.id}`)).body).toMatchObject({ status: "queued", progress: 0, rows_total: null, download_path: null });
  });
});
