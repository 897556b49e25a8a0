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
// one copy per message plus one per answer it lost after accepting, and every attempt whose
// answer the gateway did not hear counted on the message and in gateway_message_lost_answers.
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

    // The bound: each message was accepted once, plus once for each answer lost after accepting.
    const modesOf = (r: string, modes: ProviderMode[]) => provider.attempts.filter((a) => a.to === r && modes.includes(a.mode)).length;
    const copies = occurrences(provider.accepted);
    for (const r of recipients) expect(copies.get(r), r).toBe(1 + modesOf(r, ["drop", "stall"]));
    // Every attempt the gateway did not hear back from is counted on its message: the provider's
    // lost answers and its silences and resets alike, which the gateway cannot tell apart.
    const unheard = ["hang", "reset", "drop", "stall"] as ProviderMode[];
    const listed = await api.request("POST", "/graphql", { query: "{ messages(first: 50) { edges { node { to lostAnswers } } } }" });
    const shown = (listed.body.data.messages.edges as Array<{ node: { to: string; lostAnswers: number } }>).map((e) => [e.node.to, e.node.lostAnswers]);
    expect(shown.sort()).toEqual(recipients.map((r) => [r, modesOf(r, unheard)]).sort());
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    expect(/^gateway_message_lost_answers (\d+)$/m.exec(metrics)?.[1]).toBe(String(provider.attempts.filter((a) => unheard.includes(a.mode)).length));
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
