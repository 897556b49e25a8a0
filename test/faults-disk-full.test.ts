import { describe, expect, it } from "vitest";
import { outageSettings, useOwnCluster } from "./kit/database-outage.js";
import { Client, type HttpResult } from "./kit/http.js";
import { openApiChecker } from "./kit/openapi.js";
import { ledgerIds, occurrences, startApi } from "./kit/processes.js";
import { onPostgres } from "./kit/server.js";
import { waitFor } from "./kit/wait.js";
import { VOLUME_MS } from "./kit/limits.js";

// The primary's disk full: the gateway's database lives in a tablespace on a small file system of
// the test's own, which a ballast file fills while sends keep coming; then the ballast goes. Writes
// that cannot get room are answered 503 with Retry-After (the caller sends again later), nothing
// accepted is lost, nothing is sent twice, and the same process carries on once there is room.
// WAL stays on the cluster's own disk, as it should: a full WAL disk stops PostgreSQL itself.
const mountable = process.getuid?.() === 0 || process.env.CI === "true";

/** Bulks of 50 and single sends, each answer kept and each accepted message's id noted. */
function sender(client: Client) {
  const answers: HttpResult[] = [];
  const accepted = new Set<string>();
  let n = 0;
  const post = async (p: string, body: unknown) => {
    const r = await client.request("POST", p, body).catch(() => ({ status: 0, headers: new Headers(), body: undefined as any }));
    answers.push(r);
    return r;
  };
  const sendBulk = async () => {
    const r = await post("/api/v1/send-bulk", { numbers: Array.from({ length: 50 }, () => `05${30_000_000 + n++}`), message: "bulk" });
    if (r.status === 200) for (const m of r.body.messages as Array<{ message_id: number }>) accepted.add(String(m.message_id));
    return r;
  };
  const sendOne = async () => {
    const r = await post("/api/v1/send", { to: `05${40_000_000 + n++}`, message: "single" });
    if (r.status === 200) accepted.add(String(r.body.message_id));
    return r;
  };
  return { answers, accepted, sendBulk, sendOne };
}

describe.runIf(onPostgres && mountable)("faults: the database's disk full under load", () => {
  const own = useOwnCluster({ diskMb: 96 });

  it("answers 503 with Retry-After while writes find no room, loses and doubles nothing, and carries on when there is room", { timeout: VOLUME_MS }, async () => {
    // No process dies here, so a lease long past the time the disk stays full costs nothing: an
    // outcome that could not be written is written again within it, never sent twice.
    const { disk, tenant, ledgerFile } = own;
    const api = await startApi({ ...outageSettings(ledgerFile), DATABASE_URL: own.url, SIMULATOR_LATENCY_MS: "5", WORKER_LEASE_SECONDS: "60" });
    own.procs.push(api);
    const client = new Client(api.url, tenant.key);
    const document = await openApiChecker(api.url);
    const { answers, accepted, sendBulk, sendOne } = sender(client);
    expect((await sendBulk()).status).toBe(200);

    disk!.fill(256 * 1024);
    const full = await waitFor(sendBulk, (r) => r.status !== 200, 60_000);
    expect(full.status).toBe(503);
    expect(full.body.error.code).toBe("SERVICE_UNAVAILABLE");
    expect(full.headers.get("retry-after")).toBe("5");
    document.conforms("POST", "/send-bulk", full);
    // A single send's few rows may still find room where a bulk's did not (pages a relation was
    // extended by, an index page with space left): sent on until they find none either.
    const single = await waitFor(sendOne, (r) => r.status !== 200, 60_000);
    expect([single.status, single.body.error?.code, single.headers.get("retry-after")]).toEqual([503, "SERVICE_UNAVAILABLE", "5"]);
    // Reads that need no room still answer.
    expect((await client.request("GET", "/api/v1/balance")).status).toBe(200);

    disk!.free();
    await waitFor(sendBulk, (r) => r.status === 200, 30_000);
    expect(answers.map((a) => a.status).filter((s) => s !== 200 && s !== 503)).toEqual([]);

    const db = own.database.prisma;
    // A message the full disk held back may wait out its 60 s lease before it goes (about 45 s here).
    await waitFor(
      () => db.message.count({ where: { tenantId: tenant.id, status: { in: ["pending", "sending"] } } }),
      (c) => c === 0,
      150_000,
    );
    const rows = await db.message.findMany({ where: { tenantId: tenant.id }, select: { id: true, status: true, error: true } });
    const byId = new Map(rows.map((r) => [String(r.id), r]));
    for (const id of accepted) expect(byId.get(id)?.status, `accepted message ${id}`).toBe("sent");
    // What was refused stored nothing: every row is an accepted message.
    expect(rows.length).toBe(accepted.size);
    const delivered = occurrences(ledgerIds(ledgerFile));
    expect(rows.filter((r) => delivered.get(String(r.id)) !== 1).map((r) => [String(r.id), delivered.get(String(r.id)) ?? 0])).toEqual([]);
    expect((await client.request("GET", "/api/v1/balance")).body.messages.used).toBe(accepted.size);
    expect(api.alive()).toBe(true);
    expect(await api.stop()).toBe(0);
  });
});
