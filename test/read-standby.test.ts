import type { TypedDocumentNode } from "@graphql-typed-document-node/core";
import { parse } from "graphql";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPgCluster, startStandby, type PgCluster } from "./kit/pg-cluster.js";
import { onPostgres, startServer, type TestServer } from "./kit/server.js";
import { OWN_SERVICE_MS } from "./kit/limits.js";
import { waitFor } from "./kit/wait.js";
import type { SeededTenant } from "./kit/seed.js";

// Reads that may lag on a streaming standby (DATABASE_READ_URL, docs/operations.md "A standby for
// reads"): a primary and its standby of this file's own (initdb, then pg_basebackup -R), and two
// gateways on them, one that may read 60 s behind and one only 1 s. Replay is paused on the standby
// to make it lag for certain; each wait is on the gateways' own gauges, never on time.

const Listed = parse("query { messages(first: 50) { edges { node { id } } } }") as TypedDocumentNode<
  { messages: { edges: Array<{ node: { id: string } }> } },
  Record<string, never>
>;

describe.skipIf(!onPostgres)("a read standby", () => {
  let primary: PgCluster;
  let standby: Awaited<ReturnType<typeof startStandby>>;
  let patient: TestServer;
  let strict: TestServer;
  let tenant: SeededTenant;

  beforeAll(async () => {
    primary = await startPgCluster();
    standby = await startStandby(primary);
    const schema = `reads_${Date.now().toString(36)}`;
    const env = { DATABASE_URL: `${primary.url}?schema=${schema}`, DATABASE_READ_URL: standby.url };
    patient = await startServer({ ...env, READ_MAX_LAG_MS: "60000" });
    strict = await startServer({ ...env, READ_MAX_LAG_MS: "1000", WORKER_ENABLED: "false" });
    tenant = await patient.seed.tenant({ monthlyLimit: 1_000 }).account().create();
  }, OWN_SERVICE_MS);

  afterAll(async () => {
    await strict?.close();
    await patient?.close();
    await standby?.dispose();
    await primary?.dispose();
  });

  /** The standby's gauges as a gateway's /metrics says them now. */
  async function gauges(server: TestServer): Promise<{ inUse: number | undefined; lag: number | undefined }> {
    const text = await (await fetch(`${server.url}/metrics`)).text();
    const read = (name: string) => /^(?:\S+) (\S+)$/m.exec(text.split("\n").find((l) => l.startsWith(`${name}{`)) ?? "")?.[1];
    const [inUse, lag] = [read("gateway_read_standby_in_use"), read("gateway_read_standby_lag_seconds")];
    return { inUse: inUse === undefined ? undefined : Number(inUse), lag: lag === undefined ? undefined : Number(lag) };
  }
  const inUse = (server: TestServer, value: 0 | 1) =>
    waitFor(
      () => gauges(server),
      (g) => g.inUse === value,
      30_000,
    );
  const listed = async (server: TestServer) => {
    const r = await server.client(tenant.key).graphql(Listed, {});
    expect(r.errors).toBeUndefined();
    return r.data!.messages.edges.map((e) => e.node.id);
  };
  const sends = async (message: string) => {
    const r = await patient.client(tenant.key).post("/send", { to: "0501234567", message });
    expect([r.status, r.body.status]).toEqual([200, "sent"]);
    return String(r.body.message_id);
  };
  const onStandby = async (sql: string) => {
    const client = new pg.Client({ connectionString: standby.url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };

  it("lists read the standby while it is within the bound, the primary past it; a send's own message is never stale", { timeout: OWN_SERVICE_MS }, async () => {
    await Promise.all([inUse(patient, 1), inUse(strict, 1)]);
    const first = await sends("first");
    await waitFor(
      () => listed(patient),
      (ids) => ids.includes(first),
      30_000,
    );

    await onStandby("SELECT pg_wal_replay_pause()");
    const second = await sends("second");
    // Its own status is read on the primary, at once.
    const own = await patient.client(tenant.key).get(`/messages/${second}`);
    expect([own.status, own.body.status]).toEqual([200, "sent"]);
    // The patient gateway still reads the standby, which has not replayed it.
    expect(await listed(patient)).toEqual([first]);
    // The strict one finds the standby past its bound and reads the primary.
    const past = await inUse(strict, 0);
    expect(past.lag).toBeGreaterThan(1);
    expect(await listed(strict)).toEqual([second, first]);

    await onStandby("SELECT pg_wal_replay_resume()");
    await inUse(strict, 1);
    expect(await listed(strict)).toEqual([second, first]);
    expect(await listed(patient)).toEqual([second, first]);
  });

  it("a standby stopped fails no read: each goes to the primary, and the standby is read again once back", { timeout: OWN_SERVICE_MS }, async () => {
    await inUse(patient, 1);
    const before = await listed(patient);
    await standby.stop();
    // Read at once: if no check has seen it go yet, the read that fails there is read again on the primary.
    expect(await listed(patient)).toEqual(before);
    const away = await inUse(patient, 0);
    expect(away.lag).toBeUndefined();
    const during = await sends("while the standby is away");
    expect(await listed(patient)).toEqual([during, ...before]);
    await standby.start();
    await inUse(patient, 1);
    await waitFor(
      () => listed(patient),
      (ids) => ids[0] === during,
      30_000,
    );
  });

  it("a standby promoted is read no more: what it holds may part from the primary's", { timeout: OWN_SERVICE_MS }, async () => {
    await inUse(patient, 1);
    await standby.promote();
    const promoted = await inUse(patient, 0);
    expect(promoted.lag).toBeUndefined();
    const after = await sends("after the promotion");
    expect((await listed(patient))[0]).toBe(after);
  });
});
