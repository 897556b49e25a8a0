import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "./kit/server.js";
import { sharedStorage } from "./kit/waha-sessions.js";
import { asCommandLine } from "./kit/operators.js";
import { waitFor } from "./kit/wait.js";
import { addedWaha, connectionOf, HMAC_KEY, linkedNumber, listedServers, settled, type Waha } from "./kit/waha-numbers.js";

// Draining a WAHA server for maintenance (docs/operators.md, "WAHA servers"), against two WAHA
// stand-ins sharing a session storage: the drained server takes no new session; the link sweep
// moves its sessions one at a time (each stopped there and started on the target before the next
// is stopped) to the server with room, stops when none has room and the list says so, goes on
// when the drain is asked again after room was made; stopping the drain puts it back in service.

let server: TestServer;
let a: Waha;
let b: Waha;

beforeAll(async () => {
  server = await startServer({ WAHA_WEBHOOK_HMAC_KEY: HMAC_KEY });
});
afterAll(async () => {
  await server?.close();
  await a?.close();
  await b?.close();
});

describe("draining a WAHA server", () => {
  it("moves its sessions one at a time to servers with room, stops when none has any, and takes none meanwhile", async () => {
    const storage = sharedStorage();
    a = await addedWaha(server, "waha-a", 5, storage);
    const t = await server.seed.tenant({ maxAccounts: 10 }).create();
    const api = server.client(t.key);
    const numbers = [];
    for (const phone of ["966512220001", "966512220002", "966512220003"]) numbers.push(await linkedNumber(server, api, [a], phone));
    b = await addedWaha(server, "waha-b", 2, storage);

    const drained = await asCommandLine(server, "waha-server:drain", { name: "waha-a" });
    expect(drained.body.result).toEqual({ name: "waha-a", drainingSince: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    // The pass stops at b's capacity, and says why.
    const stalled = await waitFor(
      () => listedServers(server),
      (l) => l["waha-a"]!.drain?.stalled === "no_room",
    );
    expect([stalled["waha-a"], stalled["waha-b"]]).toMatchObject([
      { sessions: 1, draining: true, drain: { left: 1, stalled: "no_room" } },
      { sessions: 2, draining: false, drain: null },
    ]);
    // No new session goes to a drained server: with b full, there is no room at all.
    const refused = await api.post("/accounts", { channel: "waha", name: "While draining" });
    expect([refused.status, refused.body.error.code]).toEqual([422, "NO_SERVER_ROOM"]);

    expect((await asCommandLine(server, "waha-server:update", { name: "waha-b", capacity: "5" })).status).toBe(200);
    expect((await asCommandLine(server, "waha-server:drain", { name: "waha-a" })).status).toBe(200);
    const done = await waitFor(
      () => listedServers(server),
      (l) => l["waha-a"]!.sessions === 0,
    );
    expect([done["waha-a"], done["waha-b"]]).toMatchObject([
      { sessions: 0, draining: true, drain: { left: 0, stalled: null } },
      { sessions: 3, drain: null },
    ]);
    await settled([a, b]);
    // Each moved session's WORKING reaches the gateway as WAHA's webhook, after the move's answer.
    for (const n of numbers) {
      const now = await waitFor(
        () => connectionOf(api, n.id),
        (c) => c.state === "WORKING",
      );
      expect(now).toMatchObject({ state: "WORKING", status: "connected" });
    }

    // One at a time: each session was stopped on a and started on b before the next was stopped.
    const steps = [...a.requests, ...b.requests]
      .filter((r) => r.method === "POST" && /\/(stop|start)$/.test(r.path))
      .sort((x, y) => x.seq - y.seq)
      .map((r) => `${a.requests.includes(r) ? "a" : "b"} ${r.path.split("/").at(-1)} ${r.path.split("/")[3]}`);
    expect(steps).toEqual(numbers.flatMap((n) => [`a stop ${n.session}`, `b start ${n.session}`]));
    expect(a.requests.some((r) => r.method === "DELETE" || r.path.endsWith("/logout"))).toBe(false);
    const moves = await server.app.deps.db.auditEvent.findMany({ where: { tenantId: t.id, action: "account.moved" }, orderBy: { id: "asc" } });
    expect(moves.map((e) => [e.target, e.actorKind, e.actorLabel])).toEqual(numbers.map((n) => [`account:${n.id}`, "admin", "waha-server:drain"]));

    const back = await asCommandLine(server, "waha-server:undrain", { name: "waha-a" });
    expect(back.body.result).toEqual({ name: "waha-a", drainingSince: null });
    expect((await listedServers(server))["waha-a"]).toMatchObject({ draining: false, drain: null });
    // Back in service, and the one with the most room: the next number goes there.
    const next = await linkedNumber(server, api, [a, b], "966512220004");
    expect(next.waha).toBe(a);
  });

  it("refuses an unknown server", async () => {
    for (const command of ["waha-server:drain", "waha-server:undrain"]) {
      const r = await asCommandLine(server, command, { name: "no-such-server" });
      expect([r.status, r.body.error.code]).toEqual([404, "NOT_FOUND"]);
    }
  });
});
