import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAdminCommand } from "../src/features/admin/admin.js";
import { occurrences, startWorkerProcess, type Proc } from "./kit/processes.js";
import { onPostgres, startServer, type TestServer } from "./kit/server.js";
import { startSwitchableProvider, type ProviderMode } from "./kit/switchable-provider.js";
import { waitFor } from "./kit/wait.js";
import { openWindows, WINDOW_APP_SECRET } from "./kit/customer-window.js";
import { REAL_BACKOFF_MS } from "./kit/limits.js";

// A WhatsApp Cloud API that fails for a while: answers 500, then never answers, then resets
// connections, then takes messages and loses its answers (resets after accepting, then never
// answers after accepting), then recovers. A minute per fault, as a real outage lasts, is scaled down
// to 4 s per fault (20 s in all) by the settings below, so that the same number of backoff steps fit: retries start at
// 250 ms and double up to 2 s, a provider request times out after 500 ms, and a message may take
// 20 attempts (each message sees about 12 in the fault window). The worker is a process of its
// own (npm run worker); the API server here runs none. The fake provider's list of the messages
// it accepted is the ledger, held to the delivery promise (docs/design.md, "Delivery promise"):
// one copy per message plus one per answer lost after accepting, each counted on its message and
// in gateway_message_lost_answers.
describe.skipIf(!onPostgres)("faults: the provider fails for a while", () => {
  const PHASE_MS = 4_000;
  let provider: Awaited<ReturnType<typeof startSwitchableProvider>>;
  let server: TestServer;
  let worker: Proc | undefined;

  beforeAll(async () => {
    provider = await startSwitchableProvider();
    server = await startServer({ WORKER_ENABLED: "false", WHATSAPP_CLOUD_APP_SECRET: WINDOW_APP_SECRET });
  });

  afterAll(async () => {
    worker?.child.kill("SIGKILL");
    await server?.close();
    await provider?.close();
  });

  it("retries 500s, timeouts, resets and lost answers with backoff, keeps the numbers connected, and sends each message once plus once per lost answer, each counted", {
    timeout: REAL_BACKOFF_MS,
  }, async () => {
    const t = await server.seed.tenant({ monthlyLimit: 1000 }).account().account().create();
    for (const account of t.accounts) {
      await runAdminCommand(server.app.deps.db, "account:update", {
        account: account.id,
        channel: "whatsapp-cloud",
        cloudPhoneNumberId: `pn${account.id}`,
        cloudAccessToken: "token",
      });
    }
    const numbers = Array.from({ length: 20 }, (_, i) => `05${67_000_000 + i}`);
    const recipients = numbers.map((n) => `966${n.slice(1)}`);
    // The contacts wrote first: Cloud numbers send free-form messages only inside their 24-hour window.
    for (const account of t.accounts) await openWindows(server, `pn${account.id}`, recipients);

    provider.mode = "error500";
    worker = await startWorkerProcess({
      DATABASE_URL: server.databaseUrl!,
      REDIS_URL: "",
      WHATSAPP_CLOUD_BASE_URL: provider.url,
      CHANNEL_TIMEOUT_MS: "500",
      WORKER_RETRY_BASE_MS: "250",
      WORKER_RETRY_MAX_MS: "2000",
      WORKER_MAX_ATTEMPTS: "20",
      WORKER_POLL_MS: "20",
    });
    const api = server.client(t.key);
    const bulk = await api.post("/send-bulk", { numbers, message: "through the storm" });
    expect(bulk.status).toBe(200);

    for (const mode of ["error500", "hang", "reset"] as ProviderMode[]) {
      provider.mode = mode;
      await sleep(PHASE_MS);
    }
    // Each fault was met by the worker, and nothing was accepted while the provider failed.
    for (const mode of ["error500", "hang", "reset"])
      expect(
        provider.attempts.some((a) => a.mode === mode),
        mode,
      ).toBe(true);
    expect(provider.accepted).toEqual([]);
    // Then the provider takes what it is sent and the answers are lost.
    for (const mode of ["drop", "stall"] as ProviderMode[]) {
      provider.mode = mode;
      await sleep(PHASE_MS);
      expect(
        provider.attempts.some((a) => a.mode === mode),
        mode,
      ).toBe(true);
    }
    // The numbers are not marked broken by faults that say nothing about them.
    const during = await api.get("/accounts");
    expect(during.body.accounts.map((a: { status: string }) => a.status)).toEqual(["connected", "connected"]);

    provider.mode = "ok";
    const done = await waitFor(
      async () => (await api.get(`/batches/${bulk.body.batch_id}`)).body,
      (b) => b.status === "completed",
      60_000,
    );
    expect(done.counts).toMatchObject({ sent: 20, failed: 0 });

    // The bound, per message. After the attempt whose 2xx the gateway heard it sends no more, so
    // every copy but one came from an attempt the provider took and whose answer the gateway did
    // not hear, and each of those must be counted in the message's lostAnswers. The stand-in knows
    // which attempts went unheard in its "hang" and "reset" modes (nothing taken) and "drop" and
    // "stall" (taken). It cannot know of its answers written in time: the timeout is the worker's
    // own timer, and a busy worker can fire it before it reads an answer already on its socket, so
    // a late "ok" is one more copy and a late "error500" one more unheard attempt without a copy.
    // On a quiet machine there are none and each range below is one number.
    const modesOf = (r: string, modes: ProviderMode[]) => provider.attempts.filter((a) => a.to === r && modes.includes(a.mode)).length;
    const copies = occurrences(provider.accepted);
    const listed = await api.request("POST", "/graphql", { query: "{ messages(first: 50) { edges { node { to lostAnswers } } } }" });
    const lost = new Map((listed.body.data.messages.edges as Array<{ node: { to: string; lostAnswers: number } }>).map((e) => [e.node.to, e.node.lostAnswers]));
    expect([...lost.keys()].sort()).toEqual([...recipients].sort());
    for (const r of recipients) {
      const extra = copies.get(r)! - 1;
      expect(extra, `${r}: copies beyond the first`).toBeGreaterThanOrEqual(modesOf(r, ["drop", "stall"]));
      expect(extra, `${r}: copies beyond the first`).toBeLessThanOrEqual(modesOf(r, ["drop", "stall", "ok"]) - 1);
      const uncopied = lost.get(r)! - extra;
      expect(uncopied, `${r}: counted lost answers that made no copy`).toBeGreaterThanOrEqual(modesOf(r, ["hang", "reset"]));
      expect(uncopied, `${r}: counted lost answers that made no copy`).toBeLessThanOrEqual(modesOf(r, ["hang", "reset", "error500"]));
    }
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    const counted = [...lost.values()].reduce((a, b) => a + b, 0);
    expect(/^gateway_message_lost_answers (\d+)$/m.exec(metrics)?.[1]).toBe(String(counted));
    // Retried with backoff, not hammered: every message was tried again, and over the 12 s of
    // faults a message polled every 20 ms without backoff would have been tried hundreds of times.
    const tries = occurrences(provider.attempts.map((a) => a.to));
    for (const r of recipients) {
      expect(tries.get(r), r).toBeGreaterThan(3);
      expect(tries.get(r), r).toBeLessThanOrEqual(20);
    }
    const after = await api.get("/accounts");
    expect(after.body.accounts.map((a: { status: string }) => a.status)).toEqual(["connected", "connected"]);
    const balance = await api.get("/balance");
    expect(balance.body.messages.used).toBe(20);

    expect(await worker.stop()).toBe(0);
    worker = undefined;
  });
});
