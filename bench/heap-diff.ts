import fs from "node:fs";

// npx tsx bench/heap-diff.ts <earlier.heapsnapshot> <later.heapsnapshot> [rows]
// What grew between two heap snapshots of one process (the soak writes them with
// BENCH_SOAK_HEAP_MINUTES): live objects' self sizes summed by kind and constructor, the largest
// growths first. A sum by constructor names the suspects; the retainers are then read in a
// debugger (Chrome DevTools' Comparison view) from the same two files.

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

interface Tally {
  count: number;
  bytes: number;
}

/** Self bytes and counts by "kind name" (an object's constructor, "(string)", "(closure) f"…). */
function tallyByConstructor(file: string): Map<string, Tally> {
  const snap = JSON.parse(fs.readFileSync(file, "utf8")) as Snapshot;
  const fields = snap.snapshot.meta.node_fields;
  const kinds = snap.snapshot.meta.node_types[0];
  const [typeAt, nameAt, sizeAt] = [fields.indexOf("type"), fields.indexOf("name"), fields.indexOf("self_size")];
  const tallies = new Map<string, Tally>();
  for (let i = 0; i < snap.nodes.length; i += fields.length) {
    const kind = kinds[snap.nodes[i + typeAt]!] ?? "?";
    const name = snap.strings[snap.nodes[i + nameAt]!] ?? "?";
    const key = kind === "object" || kind === "closure" ? `${kind} ${name.slice(0, 60)}` : `(${kind})`;
    const tally = tallies.get(key) ?? { count: 0, bytes: 0 };
    tally.count++;
    tally.bytes += snap.nodes[i + sizeAt]!;
    tallies.set(key, tally);
  }
  return tallies;
}

const mb = (bytes: number) => (bytes / 1_048_576).toFixed(2);

function main(): void {
  const [earlier, later, rows = "25"] = process.argv.slice(2);
  if (!earlier || !later) throw new Error("Usage: tsx bench/heap-diff.ts <earlier.heapsnapshot> <later.heapsnapshot> [rows]");
  const before = tallyByConstructor(earlier);
  const after = tallyByConstructor(later);
  const total = (t: Map<string, Tally>) => [...t.values()].reduce((sum, v) => sum + v.bytes, 0);
  console.log(`heap: ${mb(total(before))} MB -> ${mb(total(after))} MB`);
  const keys = new Set([...before.keys(), ...after.keys()]);
  const growth = [...keys].map((key) => {
    const [b, a] = [before.get(key) ?? { count: 0, bytes: 0 }, after.get(key) ?? { count: 0, bytes: 0 }];
    return { key, bytes: a.bytes - b.bytes, count: a.count - b.count, after: a };
  });
  growth.sort((x, y) => y.bytes - x.bytes);
  console.log("| what | MB more | objects more | MB after |\n|---|---:|---:|---:|");
  for (const g of growth.slice(0, Number(rows))) console.log(`| ${g.key.replaceAll("|", "\\|")} | ${mb(g.bytes)} | ${g.count} | ${mb(g.after.bytes)} |`);
}

main();
