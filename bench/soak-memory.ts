// What the API server's own /metrics says its memory is made of (prom-client's Node gauges), read
// once a minute by the soak: RSS alone cannot tell a growing heap from V8 keeping more room, or
// from memory outside the heap (buffers, WebAssembly, malloc).

export interface MemoryReading {
  minute: number;
  rss: number;
  heapUsed: number;
  heapTotal: number;
  newSpace: number;
  oldSpace: number;
  codeSpace: number;
  largeObjects: number;
  external: number;
}

const MB = 1_048_576;

/** The server's memory figures in MB, or undefined when its /metrics did not answer. */
export async function readServerMemory(apiUrl: string, minute: number): Promise<MemoryReading | undefined> {
  const r = await fetch(`${apiUrl}/metrics`).catch(() => undefined);
  if (!r?.ok) return undefined;
  const text = await r.text();
  const value = (sample: string) => {
    const line = text.split("\n").find((l) => l.startsWith(`gateway_${sample} `));
    return line === undefined ? 0 : Math.round(Number(line.slice(line.lastIndexOf(" ") + 1)) / MB);
  };
  const space = (name: string) => value(`nodejs_heap_space_size_total_bytes{space="${name}"}`);
  return {
    minute,
    rss: value("process_resident_memory_bytes"),
    heapUsed: value("nodejs_heap_size_used_bytes"),
    heapTotal: value("nodejs_heap_size_total_bytes"),
    newSpace: space("new"),
    oldSpace: space("old"),
    codeSpace: space("code"),
    largeObjects: space("large_object"),
    external: value("nodejs_external_memory_bytes"),
  };
}

/** The readings as a Markdown table, in MB. */
export function memoryTable(readings: MemoryReading[]): string {
  const rows = readings.map((m) =>
    [m.minute, m.rss, m.heapUsed, m.heapTotal, m.newSpace, m.oldSpace, m.codeSpace, m.largeObjects, m.external, m.rss - m.heapTotal - m.external].join(" | "),
  );
  return [
    "| minute | RSS | heap used | heap total | new space | old space | code | large objects | external | RSS outside heap and external |",
    "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows.map((r) => `| ${r} |`),
  ].join("\n");
}
