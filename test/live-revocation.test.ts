import { afterAll, describe, expect, it } from "vitest";
import { onPostgres, startServer, useServer, type TestServer } from "./kit/server.js";
import { subscribeLive, wsClient } from "./kit/ws.js";
import { runAdminCommand } from "../src/features/admin/admin.js";
import { MANY_STEPS_MS } from "./kit/limits.js";

// Open live streams lose their key's rights within LIVE_AUTH_RECHECK_SECONDS: a revoked key's
// socket is closed with 4403, a suspended tenant's SSE stream ends with an error event, on the
// instance the change was made through or any other on the same database.
const recheck = { LIVE_AUTH_RECHECK_SECONDS: "1" };
const server = useServer({ ...recheck, WS_MAX_SUBSCRIPTIONS_PER_KEY: "2" });

/** One interval, one query, and room for a busy test machine. */
const BOUND_MS = 1_000 + 3_000;
const EVENTS = `subscription { messageEvents { id status } }`;

/** Resolves with what `promise` gives, or with `fallback` after `ms`. */
const within = <T>(promise: Promise<T>, ms: number, fallback: T) => Promise.race([promise, new Promise<T>((r) => setTimeout(() => r(fallback), ms))]);

/** Sends messages with `key` until `live()` says the streams heard one (none of them ends meanwhile). */
async function untilLive(s: TestServer, key: string, live: () => boolean) {
  const streams = {
    get events() {
      return live() ? [true] : [];
    },
    done: new Promise<void>(() => undefined),
  };
  expect(await subscribeLive(streams, () => s.client(key).post("/send", { to: "0501234567", message: "warm-up" }))).toBe("live");
}

interface SseResult {
  data?: unknown;
  errors?: Array<{ message: string; extensions?: { code?: string } }>;
}

/** A subscription over server-sent events, read as it arrives. */
async function sse(baseUrl: string, key: string, query: string) {
  const abort = new AbortController();
  const response = await fetch(`${baseUrl}/graphql?query=${encodeURIComponent(query)}`, {
    headers: { accept: "text/event-stream", authorization: `Bearer ${key}` },
    signal: abort.signal,
  });
  const results: SseResult[] = [];
  let completed = false;
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const ended = (async () => {
    let buffer = "";
    try {
      for (let r = await reader.read(); !r.done; r = await reader.read()) {
        buffer += r.value;
        for (let cut = buffer.indexOf("\n\n"); cut >= 0; cut = buffer.indexOf("\n\n")) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: ?(.*)$/m.exec(block)?.[1];
          if (event === "next" && data) results.push(JSON.parse(data) as SseResult);
          if (event === "complete") completed = true;
        }
      }
    } catch {
      // Aborted by stop().
    }
  })();
  return {
    response,
    results,
    get completed() {
      return completed;
    },
    ended,
    stop: () => abort.abort(),
  };
}

describe("revocation reaches open streams", () => {
  it("closes a revoked key's websocket with 4403 within the bound; another key of the tenant keeps streaming", async () => {
    const t = await server().seed.tenant().account().create();
    const second = (await runAdminCommand(server().app.deps.db, "key:create", { tenant: t.id, label: "second" })) as { key: string };
    const revoked = wsClient(server().url, { connectionParams: { apiKey: t.key } });
    let reason = "";
    revoked.client.on("closed", (event) => (reason = String((event as { reason?: unknown }).reason)));
    // The fan-out's path (messageEvents alone) and the ordinary one (a directive keeps it out of the fan-out).
    const fanned = revoked.subscribe<{ messageEvents: { id: string } }>(EVENTS);
    const kept = wsClient(server().url, { connectionParams: { apiKey: second.key } });
    const other = kept.subscribe<{ messageEvents: { id: string } }>(EVENTS);
    const ordinary = revoked.subscribe<{ messageEvents: { id: string } }>(`subscription { messageEvents @include(if: true) { id status } }`);
    await untilLive(server(), t.key, () => fanned.events.length > 0 && ordinary.events.length > 0 && other.events.length > 0);

    const started = Date.now();
    await runAdminCommand(server().app.deps.db, "key:revoke", { key: t.key.slice(0, 11) });
    expect(await within(revoked.closedWith, 8_000, -1)).toBe(4403);
    expect(Date.now() - started).toBeLessThan(BOUND_MS);
    expect(reason).toBe("UNAUTHORIZED: The API key is wrong or has been revoked.");
    await Promise.all([fanned.done, ordinary.done]);

    const before = other.events.length;
    await untilLive(server(), second.key, () => other.events.length > before);
    expect(other.errors).toEqual([]);
    other.stop();
    await kept.close();
    await revoked.close();
    // Every stream unregistered: nothing is left to check.
    await expect.poll(() => server().app.deps.liveAuth.watching).toBe(0);
  });

  it("ends a suspended tenant's SSE streams with an ACCOUNT_SUSPENDED error event, and frees their slots", async () => {
    // Two accounts: a normal one for the warm-up sends, and one paced so its batch stays unfinished.
    const t = await server().seed.tenant().account().account({ minIntervalMs: 600_000 }).create();
    const bulk = await server()
      .client(t.key)
      .post("/send-bulk", { numbers: ["0501111111", "0502222222"], message: "slow", account_id: t.accounts[1]!.id });
    expect(bulk.status).toBe(200);
    // The key's two slots: messageEvents, and batchProgress of a batch that will not finish.
    const progress = `subscription { batchProgress(id: "${bulk.body.batch_id}") { finished } }`;
    const streams = [await sse(server().url, t.key, EVENTS), await sse(server().url, t.key, progress)];
    for (const s of streams) expect(s.response.status).toBe(200);
    await untilLive(server(), t.key, () => streams.every((s) => s.results.length > 0));
    expect(streams.flatMap((s) => s.results.flatMap((r) => r.errors ?? []))).toEqual([]);

    const started = Date.now();
    await runAdminCommand(server().app.deps.db, "tenant:suspend", { tenant: t.id });
    await within(Promise.all(streams.map((s) => s.ended)), 8_000, []);
    expect(Date.now() - started).toBeLessThan(BOUND_MS);
    for (const s of streams) {
      expect(s.results.at(-1)?.errors?.map((e) => e.extensions?.code)).toEqual(["ACCOUNT_SUSPENDED"]);
      expect(s.completed).toBe(true);
    }

    // Resumed, the key may hold two subscriptions again: the ended streams gave back their slots.
    await runAdminCommand(server().app.deps.db, "tenant:resume", { tenant: t.id });
    const again = [await sse(server().url, t.key, EVENTS), await sse(server().url, t.key, EVENTS)];
    await untilLive(server(), t.key, () => again.every((s) => s.results.length > 0));
    expect(again.flatMap((s) => s.results.flatMap((r) => r.errors ?? []))).toEqual([]);
    for (const s of again) s.stop();
    await Promise.all(again.map((s) => s.ended));
    await expect.poll(() => server().app.deps.liveAuth.watching).toBe(0);

    // A stream that completes on its own stops being watched too.
    const sent = await server().client(t.key).post("/send", { to: "0503333333", message: "done", account_id: t.accounts[0]!.id });
    const status = await sse(server().url, t.key, `subscription { messageStatus(id: "${sent.body.message_id}") { status } }`);
    await status.ended;
    expect(status.completed).toBe(true);
    expect(server().app.deps.liveAuth.watching).toBe(0);
  });
});

describe.runIf(onPostgres)("revocation across instances (PostgreSQL)", () => {
  let b: TestServer | undefined;
  afterAll(async () => {
    await b?.close();
  });

  it("closes a subscriber on another instance once the key is revoked through the first", { timeout: MANY_STEPS_MS }, async () => {
    // Instance B shares A's database schema (and Redis prefix, when there is Redis).
    b = await startServer({ ...recheck, DATABASE_URL: server().databaseUrl!, REDIS_PREFIX: server().app.deps.config.redisPrefix });
    const t = await server().seed.tenant().account().create();
    const onB = wsClient(b.url, { connectionParams: { apiKey: t.key } });
    const sub = onB.subscribe<{ messageEvents: { id: string } }>(EVENTS);
    const stream = await sse(b.url, t.key, EVENTS);
    await untilLive(b, t.key, () => sub.events.length > 0 && stream.results.length > 0);

    const started = Date.now();
    await runAdminCommand(server().app.deps.db, "key:revoke", { key: t.key.slice(0, 11) });
    expect(await within(onB.closedWith, 8_000, -1)).toBe(4403);
    await within(stream.ended, 8_000, undefined);
    expect(Date.now() - started).toBeLessThan(BOUND_MS);
    expect(stream.results.at(-1)?.errors?.map((e) => e.extensions?.code)).toEqual(["UNAUTHORIZED"]);
    await onB.close();
    await expect.poll(() => b!.app.deps.liveAuth.watching).toBe(0);
  });
});
