import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { onPostgres, useServer } from "./kit/server.js";
import { root } from "./kit/spawn.js";
import { waitFor } from "./kit/wait.js";

// A worker process that polls only once a minute still delivers a bulk at once: the API server
// that accepted it announces it with NOTIFY, and the worker LISTENs on a connection of its own.
describe.runIf(onPostgres)("worker processes woken by PostgreSQL NOTIFY", () => {
  const server = useServer({ WORKER_ENABLED: "false" });
  let worker: ChildProcess | undefined;
  afterAll(() => {
    worker?.kill("SIGKILL");
  });

  /** Starts `npm run worker` polling every 60 s; resolves once it says it has started. */
  async function startWorker(): Promise<ChildProcess> {
    const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== "DATA_DIR"));
    const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "src/worker-main.ts")], {
      cwd: root,
      env: { ...inherited, DATABASE_URL: server().databaseUrl!, LOG_LEVEL: "info", SIMULATOR_LATENCY_MS: "0", WORKER_POLL_MS: "60000" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    await new Promise<void>((resolve, reject) => {
      child.stdout.on("data", (d: Buffer) => {
        out += d.toString();
        if (out.includes("queue worker and webhook dispatcher started")) resolve();
      });
      child.once("exit", (code) => reject(new Error(`worker exited ${code}:\n${out}`)));
    });
    return child;
  }

  it("delivers each bulk within seconds, far inside its 60 s poll interval", async () => {
    worker = await startWorker();
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    for (const round of [0, 1]) {
      const numbers = Array.from({ length: 5 }, (_, i) => `05${64_000_000 + round * 10 + i}`);
      const started = Date.now();
      const r = await api.post("/send-bulk", { numbers, message: `round ${round}` });
      expect(r.status).toBe(200);
      const batch = await waitFor(
        () => api.get(`/batches/${r.body.batch_id}`),
        (b) => b.body.status === "completed",
        10_000,
      );
      expect(batch.body.counts).toEqual({ pending: 0, sending: 0, sent: 5, failed: 0, cancelled: 0, expired: 0, opted_out: 0, delivered: 0, read: 0, replies: 0 });
      // The second round comes while the worker sleeps after the first: only the notification wakes it.
      expect(Date.now() - started).toBeLessThan(10_000);
    }
  });
});
