import { fork, type ChildProcess } from "node:child_process";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { HISTOGRAM_MS, type FromClient, type Summary, type ToClient } from "./subscriber-client.js";

// The parent's side of bench/subscribers.ts's measuring processes (subscriber-client.ts).

export interface Merged {
  events: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  missing: number;
  duplicates: number;
  unexpected: number;
  errors: number;
  firstArrival: number;
  lastArrival: number;
  /** Largest latency among the events that arrived in each second after the reset, over all clients. */
  perSecondMax: number[];
}

/** Sends one request to a measuring process and waits for its answer of type `reply`. */
function ask<T extends FromClient["type"]>(child: ChildProcess, message: ToClient, reply: T): Promise<Extract<FromClient, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: FromClient) => {
      if (m.type === "failed") {
        cleanup();
        reject(new Error(`subscriber process failed: ${m.error}`));
      } else if (m.type === reply) {
        cleanup();
        resolve(m as Extract<FromClient, { type: T }>);
      }
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`subscriber process exited (${code}) before answering ${message.type}`));
    };
    const cleanup = () => {
      child.off("message", onMessage);
      child.off("exit", onExit);
    };
    child.on("message", onMessage);
    child.once("exit", onExit);
    child.send(message);
  });
}

/** The latency below which a share `q` of the samples lie (as bench/harness.ts's percentile does on a sorted array). */
function histogramPercentile(histogram: Uint32Array, total: number, q: number): number {
  const rank = Math.min(total - 1, Math.floor(q * total));
  let seen = 0;
  for (let ms = 0; ms < histogram.length; ms++) {
    seen += histogram[ms]!;
    if (seen > rank) return ms;
  }
  return 0;
}

export class SubscriberPool {
  private constructor(private readonly children: ChildProcess[]) {}

  /** Forks `processes` measuring processes holding `total` subscribers between them, all connected. */
  static async start(processes: number, total: number, url: string, apiKey: string, query: string): Promise<SubscriberPool> {
    const script = path.join(import.meta.dirname, "subscriber-client.ts");
    const children = Array.from({ length: processes }, () => fork(script, [], { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] }));
    const pool = new SubscriberPool(children);
    try {
      await Promise.all(
        children.map((c, i) => ask(c, { type: "connect", url, apiKey, query, count: Math.floor(total / processes) + (i < total % processes ? 1 : 0) }, "connected")),
      );
    } catch (err) {
      await pool.close();
      throw err;
    }
    return pool;
  }

  /** The measuring processes, for reading their CPU time. */
  get pids(): number[] {
    return this.children.map((c) => c.pid!);
  }

  /** How many subscribers have received at least one event. */
  async live(): Promise<number> {
    const answers = await Promise.all(this.children.map((c) => ask(c, { type: "status" }, "status")));
    return answers.reduce((sum, a) => sum + a.live, 0);
  }

  /** Starts a phase: forgets what was received and counts only events of messages with an id above `after`. */
  async reset(after: number): Promise<void> {
    await Promise.all(this.children.map((c) => ask(c, { type: "reset", after }, "reset")));
  }

  /** Every process's account of the phase against the event ids the parent expects, merged. */
  async summary(expected: string[], waitMs: number): Promise<Merged> {
    const waitUntil = Date.now() + waitMs;
    const parts: Summary[] = (await Promise.all(this.children.map((c) => ask(c, { type: "summary", expected, waitUntil }, "summary")))).map((a) => a.summary);
    const histogram = new Uint32Array(HISTOGRAM_MS + 1);
    for (const p of parts) for (const [ms, n] of p.buckets) histogram[ms]! += n;
    const events = parts.reduce((s, p) => s + p.events, 0);
    const sum = (key: "missing" | "duplicates" | "unexpected" | "errors") => parts.reduce((s, p) => s + p[key], 0);
    const arrivals = parts.filter((p) => p.events > 0);
    const perSecondMax: number[] = [];
    for (const p of parts) p.perSecondMax.forEach((ms, s) => (perSecondMax[s] = Math.max(perSecondMax[s] ?? 0, ms)));
    return {
      events,
      p50: histogramPercentile(histogram, events, 0.5),
      p95: histogramPercentile(histogram, events, 0.95),
      p99: histogramPercentile(histogram, events, 0.99),
      max: Math.max(0, ...parts.map((p) => p.max)),
      missing: sum("missing"),
      duplicates: sum("duplicates"),
      unexpected: sum("unexpected"),
      errors: sum("errors"),
      firstArrival: Math.min(...arrivals.map((p) => p.firstArrival)),
      lastArrival: Math.max(0, ...arrivals.map((p) => p.lastArrival)),
      perSecondMax: Array.from(perSecondMax, (x) => x ?? 0),
    };
  }

  async close(): Promise<void> {
    await Promise.all(
      this.children.map(async (c) => {
        if (c.exitCode !== null || c.signalCode !== null) return;
        const exited = new Promise((resolve) => c.once("exit", resolve));
        if (c.connected) c.send({ type: "close" } satisfies ToClient);
        else c.kill();
        // A process stuck disposing sockets is not worth waiting on at the end of a run.
        if ((await Promise.race([exited.then(() => true), sleep(5_000, false)])) === false) c.kill("SIGKILL");
      }),
    );
  }
}
