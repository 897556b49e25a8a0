import fs from "node:fs";
import { memoryTable, type MemoryReading } from "./soak-memory.js";

// npx tsx bench/soak-report.ts <label>=<result.json> ...: the results of bench/soak.ts runs
// (BENCH_SOAK_OUT) side by side, as the Markdown tables BENCHMARKS.md keeps: the totals and
// checks of each run, then minute by minute the webhook events produced and received a second,
// the largest lag, the backlog and each process's median RSS.

interface Minute {
  minute: number;
  producedPerSecond: number;
  receivedPerSecond: number;
  maxLagMs: number | null;
  backlogAtEnd: number;
  serverRssMedian: number;
  workerRssMedian: number;
}
interface Result {
  minutes: number;
  perSecond: number;
  startedAt: string;
  accepted: number;
  bulkAccepted: number;
  failedRequests: Record<string, number>;
  messages: Record<string, number>;
  sentEventsReceived: number;
  webhookEvents: number;
  duplicates: number;
  outOfOrder: number;
  subscriberEvents: number;
  subscriberErrors: number;
  lagAtEndMs: number;
  webhooksDrainedSeconds?: number;
  leftAfterDrainLimit: number;
  serverPeakRss: number;
  workerPeakRss: number;
  perMinute: Minute[];
  /** The API server's memory by part, once a minute (runs since the soak read it). */
  serverMemory?: MemoryReading[];
}

const runs = process.argv.slice(2).map((arg) => {
  const [label, file] = arg.split("=") as [string, string];
  return { label, r: JSON.parse(fs.readFileSync(file, "utf8")) as Result };
});
const s = (ms: number | null) => (ms === null ? "–" : `${(ms / 1000).toFixed(1)} s`);
const total = (r: Result) => Object.values(r.messages).reduce((a, b) => a + b, 0);
const rows: Array<[string, (r: Result) => string | number]> = [
  ["started (UTC)", (r) => r.startedAt.slice(0, 16).replace("T", " ")],
  ["messages accepted (REST + bulk)", (r) => `${r.accepted} + ${r.bulkAccepted}`],
  ["messages sent / in the database", (r) => `${r.messages.sent ?? 0} / ${total(r)}`],
  ["failed requests", (r) => Object.values(r.failedRequests).reduce((a, b) => a + b, 0)],
  ["`sent` events received (one per message)", (r) => r.sentEventsReceived],
  ["webhook events received; duplicates; out of order", (r) => `${r.webhookEvents}; ${r.duplicates}; ${r.outOfOrder}`],
  ["subscriber events; errors", (r) => `${r.subscriberEvents}; ${r.subscriberErrors}`],
  ["webhook lag at the end of the load (largest of its last 10 s)", (r) => s(r.lagAtEndMs)],
  [
    "webhooks drained after the load ended",
    (r) => (r.webhooksDrainedSeconds === undefined ? `not within the limit (${r.leftAfterDrainLimit} left)` : s(r.webhooksDrainedSeconds * 1000)),
  ],
  ["API server peak RSS MB; worker's", (r) => `${r.serverPeakRss}; ${r.workerPeakRss}`],
];
console.log(`| | ${runs.map((x) => x.label).join(" | ")} |\n|---|${runs.map(() => "---:|").join("")}`);
for (const [name, get] of rows) console.log(`| ${name} | ${runs.map((x) => get(x.r)).join(" | ")} |`);
console.log(
  "\nMinute by minute: webhook events produced / received a second, the largest lag, the backlog at the minute's end, and the API server's and the worker's median RSS (MB).\n",
);
console.log(`| minute | ${runs.map((x) => `${x.label}: produced / received; lag; backlog; RSS server, worker`).join(" | ")} |\n|---:|${runs.map(() => "---|").join("")}`);
const minutes = Math.max(...runs.map((x) => x.r.perMinute.length));
for (let m = 0; m < minutes; m++) {
  const cells = runs.map(({ r }) => {
    const x = r.perMinute[m];
    return x ? `${x.producedPerSecond} / ${x.receivedPerSecond}; ${s(x.maxLagMs)}; ${x.backlogAtEnd}; ${x.serverRssMedian}, ${x.workerRssMedian}` : "";
  });
  console.log(`| ${m + 1} | ${cells.join(" | ")} |`);
}
for (const { label, r } of runs) {
  if (r.serverMemory?.length) console.log(`\nThe API server's memory in MB, ${label}, from its own /metrics at each minute's end:\n\n${memoryTable(r.serverMemory)}`);
}
