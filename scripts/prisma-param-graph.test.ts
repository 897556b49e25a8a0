import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import v8 from "node:v8";
import vm from "node:vm";
import { PrismaPg } from "@prisma/adapter-pg";
import { describe, expect, it } from "vitest";
import { PrismaClient } from "../src/generated/prisma/client.js";
// @ts-expect-error -- a build script in plain JavaScript, without declarations
import { paramGraphEdgesAsMaps } from "./prisma-param-graph.mjs";

// The build keeps the edges of Prisma's param graph in Maps (scripts/prisma-param-graph.mjs). Here
// the installed runtime is loaded as it ships and as the build makes it, each builds this schema's
// graph, and every lookup the client makes of it must answer the same; the patched graph must also
// hold a fraction of the heap the shipped one does.

const require = createRequire(import.meta.url);
const runtimeFile = require.resolve("@prisma/client/runtime/client");
const transform = paramGraphEdgesAsMaps as (source: string, file?: string) => string;

interface EnumLookup {
  (name: string): Record<string, string> | undefined;
}
interface ParamGraph {
  inputNode(id: number): { id: number } | undefined;
  outputNode(id: number): { id: number } | undefined;
  inputEdge(node: { id: number }, name: string): unknown;
  outputEdge(node: { id: number }, name: string): unknown;
}
interface ParamGraphClass {
  deserialize(schema: unknown, enums: EnumLookup): ParamGraph;
}

/** The runtime's ParamGraph class, from `source` loaded beside the installed runtime (so its own requires resolve). */
function paramGraphClassOf(source: string, label: string): ParamGraphClass {
  const name = /var ([\w$]+)=class e\{#e;#t;#r;constructor\(t,r\)\{this\.#e=t,this\.#r=r,this\.#t=new Map;/.exec(source)?.[1];
  if (!name) throw new Error("the runtime's ParamGraph class was not found");
  const file = path.join(path.dirname(runtimeFile), `param-graph-check-${process.pid}-${label}.js`);
  fs.writeFileSync(file, `${source}\nmodule.exports.__paramGraphClass = ${name};\n`);
  try {
    return (require(file) as { __paramGraphClass: ParamGraphClass }).__paramGraphClass;
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/** This schema's serialized graph and enum lookup, as the generated client hands them to its engine. */
function schemaGraph(): { schema: { strings: string[] }; enums: EnumLookup } {
  const client = new PrismaClient({ adapter: new PrismaPg({ connectionString: "postgresql://unused@127.0.0.1:1/none" }) });
  const config = (
    client as unknown as {
      _engineConfig: { parameterizationSchema: { strings: string[] }; runtimeDataModel: { enums: Record<string, { values: Array<{ name: string; dbName?: string | null }> }> } };
    }
  )._engineConfig;
  const enums: EnumLookup = (name) => {
    const found = config.runtimeDataModel.enums[name];
    return found && Object.fromEntries(found.values.map((v) => [v.name, v.dbName ?? v.name]));
  };
  return { schema: config.parameterizationSchema, enums };
}

const collectGarbage = () => {
  v8.setFlagsFromString("--expose-gc");
  const gc = vm.runInNewContext("gc") as () => void;
  v8.setFlagsFromString("--no-expose-gc");
  gc();
};

/** Heap bytes a graph keeps, read around its making with collections on both sides. */
function heapKept(make: () => ParamGraph): { graph: ParamGraph; bytes: number } {
  collectGarbage();
  const before = v8.getHeapStatistics().used_heap_size;
  const graph = make();
  collectGarbage();
  return { graph, bytes: v8.getHeapStatistics().used_heap_size - before };
}

describe("Prisma's param graph as the build makes it", () => {
  const shipped = fs.readFileSync(runtimeFile, "utf8");

  it("changes each of the four places once, in both of the runtime's module forms", () => {
    for (const file of [runtimeFile, runtimeFile.replace(/\.js$/, ".mjs")]) {
      const source = fs.readFileSync(file, "utf8");
      const patched = transform(source, file);
      expect(patched).not.toBe(source);
      expect(patched.split("o=new Map;for(let s=0;s<i;s++)").length - 1).toBe(2);
      expect(patched.split("n.edges.get(i)").length - 1).toBe(2);
      expect(patched).not.toContain("n.edges[i]");
    }
  });

  it("fails the build on a runtime whose text it does not know, rather than shipping it unpatched", () => {
    expect(() => transform(shipped.replace("let o=n.edges[i];if(o)return{flags:", "let e=n.edges[i];if(e)return{flags:"))).toThrow(/update the replacements/);
    expect(() => transform(transform(shipped))).toThrow(/0 times instead of once/);
  });

  it("answers every lookup of this schema's graph as the shipped runtime does, in a fraction of its heap", () => {
    const { schema, enums } = schemaGraph();
    const [shippedClass, patchedClass] = [paramGraphClassOf(shipped, "shipped"), paramGraphClassOf(transform(shipped), "patched")];
    const original = heapKept(() => shippedClass.deserialize(schema, enums));
    const compact = heapKept(() => patchedClass.deserialize(schema, enums));
    const differ: string[] = [];
    let [inputs, outputs, edges] = [0, 0, 0];
    for (; original.graph.inputNode(inputs); inputs++) {
      for (const name of schema.strings) {
        const edge = original.graph.inputEdge({ id: inputs }, name);
        if (edge) edges++;
        if (!isDeepStrictEqual(compact.graph.inputEdge({ id: inputs }, name), edge)) differ.push(`input ${inputs}.${name}`);
      }
    }
    for (; original.graph.outputNode(outputs); outputs++) {
      for (const name of schema.strings) {
        if (!isDeepStrictEqual(compact.graph.outputEdge({ id: outputs }, name), original.graph.outputEdge({ id: outputs }, name))) differ.push(`output ${outputs}.${name}`);
      }
    }
    expect(differ).toEqual([]);
    expect([compact.graph.inputNode(inputs), compact.graph.outputNode(outputs)]).toEqual([undefined, undefined]);
    expect(inputs).toBeGreaterThan(1000);
    expect(edges).toBeGreaterThan(10_000);
    // Measured: 11.6 MB against 2.4 MB on this schema, 2,312 input nodes and 16,426 edges.
    expect(compact.bytes).toBeLessThan(original.bytes / 3);
  });
});
