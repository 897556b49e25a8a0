import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { originalPositionFor, TraceMap } from "@jridgewell/trace-mapping";

// npx tsx bench/profile-summary.ts <file.cpuprofile> [sends]: where a process's CPU went, by
// layer (HTTP, the Fetch adapter, yoga, graphql-js, Pothos, Prisma, pg, our own folders…) and by
// function, from a V8 CPU profile (BENCH_PROFILE_DIR gives one per measured process). The build
// is a bundle, so each frame is mapped back to its source through the bundle's source map. With
// `sends`, each layer's time is also given per send, in microseconds.

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Layers in the order they are tried: the first whose pattern the source path matches. */
const LAYERS: Array<[string, RegExp]> = [
  ["garbage collection", /^\(garbage collector\)$/],
  ["V8 and native code outside JS", /^\((program|root)\)$/],
  ["Node: HTTP server and sockets", /^node:(_http|http|net|internal\/(http|net|stream_base|js_stream|streams|child_process))/],
  ["Node: other built-ins", /^node:/],
  ["@whatwg-node (Fetch adapter)", /node_modules\/@whatwg-node\//],
  ["graphql-yoga and envelop", /node_modules\/(graphql-yoga|@graphql-yoga|@envelop)\//],
  ["graphql-js", /node_modules\/graphql\//],
  ["Pothos", /node_modules\/@pothos\//],
  ["graphql-ws and ws", /node_modules\/(graphql-ws|ws)\//],
  ["Prisma client", /node_modules\/(@prisma|\.prisma)\/|src\/generated\/prisma\//],
  ["pg driver", /node_modules\/(pg|pg-protocol|pg-pool|pg-types|postgres-[a-z]+)\//],
  ["zod", /node_modules\/zod\//],
  ["libphonenumber-js", /node_modules\/libphonenumber-js\//],
  ["pino (logs)", /node_modules\/(pino|pino-std-serializers|sonic-boom|fast-redact|thread-stream|on-exit-leak-free)\//],
  ["prom-client (metrics)", /node_modules\/(prom-client|tdigest|bintrees)\//],
  ["ioredis", /node_modules\/(ioredis|@ioredis)\//],
  ["other packages", /node_modules\//],
  ["ours: core/http", /src\/core\/http\//],
  ["ours: core/rest (the facade)", /src\/core\/rest\//],
  ["ours: core/graphql", /src\/core\/graphql\//],
  ["ours: core/auth", /src\/core\/auth\//],
  ["ours: core/db", /src\/core\/db\//],
  ["ours: core (other)", /src\/core\//],
  ["ours: features/messages", /src\/features\/messages\//],
  ["ours: features/queue", /src\/features\/queue\//],
  ["ours: features (other)", /src\/features\//],
  ["ours: app", /src\/app\//],
];

const maps = new Map<string, TraceMap | undefined>();

/** The bundle's source map for a file:// URL, if it has one. */
function mapOf(url: string): TraceMap | undefined {
  if (!maps.has(url)) {
    let map: TraceMap | undefined;
    try {
      const file = fileURLToPath(url);
      map = new TraceMap(fs.readFileSync(`${file}.map`, "utf8"), `${file}.map`);
    } catch {
      map = undefined;
    }
    maps.set(url, map);
  }
  return maps.get(url);
}

/** Where a frame's code comes from: the original source (through the map) or the URL itself. */
function sourceOf(frame: ProfileNode["callFrame"]): { source: string; name: string } {
  if (!frame.url) return { source: frame.functionName, name: frame.functionName };
  const map = frame.url.startsWith("file:") ? mapOf(frame.url) : undefined;
  if (map) {
    const original = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
    if (original.source) return { source: `${original.source}:${original.line}`, name: original.name ?? frame.functionName };
  }
  return { source: `${frame.url.replace(/^file:\/\//, "")}:${frame.lineNumber + 1}`, name: frame.functionName };
}

function summarize(file: string, sends: number | undefined): void {
  const profile = JSON.parse(fs.readFileSync(file, "utf8")) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const layers = new Map<string, number>();
  const functions = new Map<string, number>();
  let busy = 0;
  for (const [id, us] of selfUs) {
    const frame = byId.get(id)!.callFrame;
    if (frame.functionName === "(idle)") continue;
    busy += us;
    const { source, name } = sourceOf(frame);
    const layer = LAYERS.find(([, pattern]) => pattern.test(source.replace(/^(\.\.\/)+/, "")) || pattern.test(frame.functionName))?.[0] ?? "unattributed";
    layers.set(layer, (layers.get(layer) ?? 0) + us);
    const key = `${name || "(anonymous)"} ${source.replace(/^(\.\.\/)+/, "")}`;
    functions.set(key, (functions.get(key) ?? 0) + us);
  }
  const ms = (us: number) => (us / 1000).toFixed(0);
  const share = (us: number) => `${((100 * us) / busy).toFixed(1)} %`;
  const perSend = (us: number) => (sends ? ` | ${(us / sends).toFixed(1)}` : "");
  console.log(`${path.basename(file)}: ${ms(busy)} ms busy${sends ? `, ${sends} sends, ${(busy / sends).toFixed(0)} µs a send` : ""}\n`);
  console.log(`| layer | ms | share${sends ? " | µs a send" : ""} |\n|---|---:|---:|${sends ? "---:|" : ""}`);
  for (const [layer, us] of [...layers].sort((a, b) => b[1] - a[1])) console.log(`| ${layer} | ${ms(us)} | ${share(us)}${perSend(us)} |`);
  console.log(`\n| function (self time) | ms | share |\n|---|---:|---:|`);
  for (const [name, us] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`| ${name.replace(/\|/g, "\\|")} | ${ms(us)} | ${share(us)} |`);
}

const [file, sends] = process.argv.slice(2);
if (!file) {
  console.error("usage: npx tsx bench/profile-summary.ts <file.cpuprofile> [sends]");
  process.exit(2);
}
summarize(file, sends ? Number(sends) : undefined);
