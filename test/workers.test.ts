import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { onPostgres, useServer } from "./kit/server.js";
import { root } from "./kit/spawn.js";
import { waitFor } from "./kit/wait.js";
import { OWN_PROCESSES_MS, VOLUME_MS } from "./kit/limits.js";

// Worker processes sharing one PostgreSQL queue (npm run worker). The API server here runs no
// worker of its own; the simulator in each worker process appends what it delivered to a shared
// ledger file, which is how "exactly once" and "none lost" are checked across processes.
describe.runIf(onPostgres)("worker processes on PostgreSQL", () => {
  const server = useServer({ WORKER_ENABLED: "false" });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gateway-workers-"));
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const c of children) c.kill("SIGKILL");
    fs.rmSync(dir, { recursive: true, force: true });
  });

  function startWorker(ledgerFile: string, env: Record<string, string> = {}): ChildProcess {
    const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== "DATA_DIR"));
    const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "src/worker-main.ts")], {
      cwd: root,
      env: {
        ...inherited,
        DATABASE_URL: server().databaseUrl!,
        LOG_LEVEL: "warn",
        SIMULATOR_LATENCY_MS: "1",
        SIMULATOR_LEDGER_FILE: ledgerFile,
        WORKER_POLL_MS: "20",
        WORKER_BATCH_SIZE: "25",
        ...env,
      },
      stdio: ["ignore", "inherit", "inherit"],
    });
    children.push(child);
    return child;
  }

  const exited = (child: ChildProcess) =>
    new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once("exit", (code) => resolve(code))));

  async function queue(tenantKey: string, count: number, offset: number): Promise<bigint[]> {
    const api = server().client(tenantKey);
    const ids: bigint[] = [];
    for (let start = 0; start < count; start += 500) {
      const numbers = Array.from({ length: Math.min(500, count - start) }, (_, i) => `05${62_000_000 + offset + start + i}`);
      const r = await api.post("/send-bulk", { numbers, message: "w" });
      expect(r.status).toBe(200);
      ids.push(...(r.body.messages as Array<{ message_id: number }>).map((m) => BigInt(m.message_id)));
    }
    return ids;
  }

  const ledger = (file: string) =>
    fs.existsSync(file)
      ? fs
          .readFileSync(file, "utf8")
          .trim()
          .split("\n")
          .filter(Boolean)
          .map((l) => BigInt((JSON.parse(l) as { messageId: string }).messageId))
      : [];

  const statusCounts = async (tenantId: number) =>
    Object.fromEntries((await server().app.deps.db.message.groupBy({ by: ["status"], where: { tenantId }, _count: { _all: true } })).map((g) => [g.status, g._count._all]));

  it("two workers deliver 2,000 messages, each exactly once", { timeout: VOLUME_MS }, async () => {
    const t = await server().seed.tenant({ monthlyLimit: 10_000 }).account({ dailyLimit: 10_000 }).account({ dailyLimit: 10_000 }).create();
    const ids = await queue(t.key, 2000, 0);
    const file = path.join(dir, "two-workers.jsonl");
    const workers = [startWorker(file), startWorker(file)];
    await waitFor(
      () => statusCounts(t.id),
      (c) => c.sent === 2000,
      120_000,
    );
    const delivered = ledger(file);
    expect(delivered).toHaveLength(2000);
    expect(new Set(delivered.map(String))).toEqual(new Set(ids.map(String)));
    for (const w of workers) w.kill("SIGTERM");
    expect(await Promise.all(workers.map(exited))).toEqual([0, 0]);
  });

  it("a worker killed mid-batch loses nothing: after a restart every message ends sent, none stays sending", { timeout: OWN_PROCESSES_MS }, async () => {
    const t = await server().seed.tenant({ monthlyLimit: 10_000 }).account({ dailyLimit: 10_000 }).create();
    const ids = await queue(t.key, 2000, 5000);
    const file = path.join(dir, "killed.jsonl");
    const doomed = startWorker(file, { WORKER_LEASE_SECONDS: "5", SIMULATOR_LATENCY_MS: "3" });
    await waitFor(
      () => Promise.resolve(ledger(file).length),
      (n) => n >= 300,
      60_000,
    );
    doomed.kill("SIGKILL");
    await exited(doomed);
    const before = await statusCounts(t.id);
    expect(before.sent).toBeLessThan(2000);

    const survivor = startWorker(file, { WORKER_LEASE_SECONDS: "5" });
    const after = await waitFor(
      () => statusCounts(t.id),
      (c) => c.sent === 2000,
      120_000,
    );
    expect(after).toEqual({ sent: 2000 });
    const delivered = new Set(ledger(file).map(String));
    for (const id of ids) expect(delivered.has(String(id))).toBe(true);
    survivor.kill("SIGTERM");
    expect(await exited(survivor)).toBe(0);
  });

  it("two workers spread a batch over the numbers with room and never take a number past its daily limit", { timeout: OWN_PROCESSES_MS }, async () => {
    const t = await server().seed.tenant({ monthlyLimit: 10_000 }).account({ dailyLimit: 100 }).account({ dailyLimit: 150 }).account({ dailyLimit: 50 }).create();
    const ids = await queue(t.key, 400, 10_000);
    const file = path.join(dir, "limits.jsonl");
    const workers = [startWorker(file), startWorker(file)];
    await waitFor(
      () => statusCounts(t.id),
      (c) => c.sent === 300 && c.pending === 100 && !c.sending,
      60_000,
    );
    for (const w of workers) w.kill("SIGTERM");
    expect(await Promise.all(workers.map(exited))).toEqual([0, 0]);

    const delivered = ledger(file).map(String);
    expect(delivered).toHaveLength(300);
    expect(new Set(delivered).size).toBe(300);
    const sentBy = await server().app.deps.db.message.groupBy({ by: ["accountId"], where: { tenantId: t.id, status: "sent" }, _count: { _all: true } });
    expect(Object.fromEntries(sentBy.map((g) => [g.accountId, g._count._all]))).toEqual({
      [t.accounts[0]!.id]: 100,
      [t.accounts[1]!.id]: 150,
      [t.accounts[2]!.id]: 50,
    });
    const accounts = (await server().client(t.key).get("/accounts")).body.accounts as Array<{ today_sent: number }>;
    expect(accounts.map((a) => a.today_sent)).toEqual([100, 150, 50]);
    // The 100 left wait for tomorrow without a sender, an attempt or an error.
    const waiting = await server().app.deps.db.message.findMany({ where: { tenantId: t.id, status: "pending" } });
    expect(waiting.map((m) => [m.accountId, m.attempts, m.error])).toEqual(Array.from({ length: 100 }, () => [null, 0, null]));
    expect(ids).toHaveLength(400);
  });

  it("a queued single send goes before the bulk messages waiting with it", { timeout: OWN_PROCESSES_MS }, async () => {
    const t = await server().seed.tenant({ monthlyLimit: 10_000 }).account({ dailyLimit: 10_000 }).create();
    await queue(t.key, 200, 20_000);
    const api = server().client(t.key);
    // This server's simulator refuses 9665000000…; the retry puts the single send in the queue.
    const single = await api.post("/send", { to: "0500000001", message: "code 4821" });
    expect(single.status).toBe(502);
    expect((await api.post(`/messages/${single.body.message_id}/retry`, undefined)).status).toBe(200);

    const file = path.join(dir, "priority.jsonl");
    const worker = startWorker(file, { WORKER_BATCH_SIZE: "1", SIMULATOR_FAIL_PATTERN: "^never$" });
    await waitFor(
      () => statusCounts(t.id),
      (c) => c.sent === 201,
      60_000,
    );
    const delivered = ledger(file).map(String);
    expect(delivered[0]).toBe(String(single.body.message_id));
    expect(new Set(delivered).size).toBe(201);
    worker.kill("SIGTERM");
    expect(await exited(worker)).toBe(0);
  });

  it("SIGTERM with sends still in flight after the shutdown allowance hands them back to the queue", { timeout: OWN_PROCESSES_MS }, async () => {
    const t = await server().seed.tenant({ monthlyLimit: 10_000 }).account({ dailyLimit: 10_000 }).create();
    const ids = await queue(t.key, 50, 30_000);
    const file = path.join(dir, "handback.jsonl");
    // Each send takes 30 s here, far past the 300 ms the worker may take to stop.
    const slow = startWorker(file, { SIMULATOR_LATENCY_MS: "30000", WORKER_SHUTDOWN_MS: "300" });
    await waitFor(
      () => statusCounts(t.id),
      (c) => c.sending === 25,
      30_000,
    );
    slow.kill("SIGTERM");
    expect(await exited(slow)).toBe(0);
    const released = await server().app.deps.db.message.findMany({ where: { tenantId: t.id } });
    expect(released.map((m) => [m.status, m.lockedBy, m.attempts])).toEqual(ids.map(() => ["pending", null, 0]));
    expect(ledger(file)).toHaveLength(0);

    const next = startWorker(file);
    await waitFor(
      () => statusCounts(t.id),
      (c) => c.sent === 50,
      60_000,
    );
    expect(new Set(ledger(file).map(String))).toEqual(new Set(ids.map(String)));
    next.kill("SIGTERM");
    expect(await exited(next)).toBe(0);
  });
});
