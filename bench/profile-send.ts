import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import WebSocket from "ws";
import { adminOverHttp, benchPort, benchSchema, createBenchPlan, postgresUrl, seedBenchTenant, startScript, stopProcess, waitHealthy } from "./harness.js";
import { cannon } from "./scenarios.js";
import { cpuSeconds } from "./proc.js";

// npx tsx bench/profile-send.ts: a CPU profile of the API server over exactly the measured window
// of REST POST /send and of GraphQL sendMessage (32 connections, one tenant, as npm run bench),
// taken through the inspector so that start-up, seeding and warm-up stay out of it. Writes
// <BENCH_PROFILE_OUT or /tmp>/send-rest.cpuprofile and send-graphql.cpuprofile, and prints the
// sends and the server's CPU per 1,000 for each; bench/profile-summary.ts reads the profiles.
// BENCH_PROFILE=off measures the CPU alone, without the profiler's sampling signals in it.

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
// BENCH_RATE=n holds the measured load at n requests a second in all (autocannon's overallRate):
// CPU per send then compares two builds at the same group sizes, which a saturating load does not
// (the faster build forms bigger groups, so its figure would also carry the machine's speed).
const rate = process.env.BENCH_RATE ? { overallRate: Number(process.env.BENCH_RATE) } : {};
const out = process.env.BENCH_PROFILE_OUT ?? "/tmp";
const profiling = process.env.BENCH_PROFILE !== "off";
const { schema, databaseUrl } = benchSchema("profile");
const port = benchPort();
const inspectPort = benchPort();
const url = `http://127.0.0.1:${port}`;
const adminToken = randomBytes(24).toString("hex");
const text = "مرحبا، هذا اختبار";

/** The inspector's Profiler domain of the server, over its websocket. */
async function inspector() {
  const targets = (await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json()) as Array<{ webSocketDebuggerUrl: string }>;
  const socket = new WebSocket(targets[0]!.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
  let next = 0;
  const call = (method: string, params: object = {}) =>
    new Promise<Record<string, unknown>>((resolve) => {
      const id = ++next;
      const onMessage = (data: Buffer) => {
        const reply = JSON.parse(data.toString("utf8")) as { id?: number; result?: Record<string, unknown> };
        if (reply.id !== id) return;
        socket.off("message", onMessage);
        resolve(reply.result ?? {});
      };
      socket.on("message", onMessage);
      socket.send(JSON.stringify({ id, method, params }));
    });
  await call("Profiler.enable");
  await call("Profiler.setSamplingInterval", { interval: 1000 });
  return { call, close: () => socket.close() };
}

async function main() {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  await client.query(`CREATE SCHEMA "${schema}"`);
  const nodeArgs = process.env.BENCH_NODE_ARGS ?? "";
  if (profiling) process.env.BENCH_NODE_ARGS = `${nodeArgs} --inspect=127.0.0.1:${inspectPort}`;
  const server = startScript("src/main.ts", {
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: "127.0.0.1",
    DB_POOL_MAX: "32",
    SEND_GROUP_MAX: "64",
    ADMIN_TOKEN: adminToken,
    WORKER_ENABLED: "false",
  });
  delete process.env.BENCH_NODE_ARGS;
  const worker = startScript("src/worker-main.ts", { DATABASE_URL: databaseUrl });
  try {
    await waitHealthy(url);
    const admin = adminOverHttp(url, adminToken);
    await createBenchPlan(admin, "Bench");
    const { key } = await seedBenchTenant(admin, { plan: "Bench", name: "profile", phones: ["0551000001", "0551000002"] });
    const headers = { "content-type": "application/json", authorization: `Bearer ${key}`, accept: "application/json" };
    const scenarios = {
      rest: { url: `${url}/api/v1/send`, body: JSON.stringify({ to: "0501234567", message: text }) },
      graphql: {
        url: `${url}/graphql`,
        body: JSON.stringify({
          query: "mutation BenchSend($input: SendMessageInput!) { sendMessage(input: $input) { message { id to status } } }",
          variables: { input: { to: "0501234567", text } },
        }),
      },
    };
    for (const s of Object.values(scenarios)) await cannon({ url: s.url, connections: 32, duration: 3, method: "POST", headers, body: s.body });
    await sleep(1000);
    const profiler = profiling ? await inspector() : undefined;
    for (const [name, s] of Object.entries(scenarios)) {
      const cpuBefore = cpuSeconds(server.pid!);
      await profiler?.call("Profiler.start");
      const load = await cannon({ url: s.url, connections: 32, duration: seconds, method: "POST", headers, body: s.body, ...rate });
      const profile = profiler && (await profiler.call("Profiler.stop")).profile;
      const cpu = cpuSeconds(server.pid!) - cpuBefore;
      const file = path.join(out, `send-${name}.cpuprofile`);
      if (profile) fs.writeFileSync(file, JSON.stringify(profile));
      console.log(
        `${name}: ${load.requests} sends (${Math.round(load.requests / load.seconds)}/s, ${load.errors} errors), server CPU ${((cpu / load.requests) * 1000).toFixed(3)} s per 1,000${profile ? ` (under the profiler): ${file}` : " (no profiler)"}`,
      );
      await sleep(2000);
    }
    profiler?.close();
  } finally {
    await stopProcess(worker);
    await stopProcess(server);
    await client.query(`DROP SCHEMA "${schema}" CASCADE`);
    await client.end();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
