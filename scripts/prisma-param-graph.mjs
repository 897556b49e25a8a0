// Prisma's client keeps, for the life of every process, a graph of the schema's input and output
// types (its "param graph", which tells query parameterisation which values may become
// parameters). Each node's edges are a plain object keyed by the index of the field's name in a
// table of every name in the schema (about 900 here). V8 stores such integer keys as an array as
// long as the largest index, mostly holes: for this schema's 2,312 input nodes and 16,426 edges,
// 11.6 MB of heap (a quarter of the API server's at rest), growing with every model the schema
// gains. The build hands the same edges to the same two lookups in a Map per node instead: 2.4 MB.
//
// The runtime's text is matched exactly: a Prisma upgrade that changes it fails the build here,
// rather than shipping the unpatched graph unnoticed. scripts/prisma-param-graph.test.ts checks
// that every lookup answers as the original does on this schema's graph.

/** [what the runtime says, what the build makes of it]: the graph's two builders and its two readers. */
const replacements = [
  [
    "let i=this.#i(),o={};for(let s=0;s<i;s++){let a=this.#i(),u=this.#a(),m=this.#o(),P=this.#o(),S={flags:this.#s()};u!==0&&(S.scalarMask=u),m!==void 0&&(S.childNodeId=m),P!==void 0&&(S.enumNameIndex=P),o[a]=S}",
    "let i=this.#i(),o=new Map;for(let s=0;s<i;s++){let a=this.#i(),u=this.#a(),m=this.#o(),P=this.#o(),S={flags:this.#s()};u!==0&&(S.scalarMask=u),m!==void 0&&(S.childNodeId=m),P!==void 0&&(S.enumNameIndex=P),o.set(a,S)}",
  ],
  [
    "let i=this.#i(),o={};for(let s=0;s<i;s++){let a=this.#i(),u=this.#o(),m=this.#o(),P={};u!==void 0&&(P.argsNodeId=u),m!==void 0&&(P.outputNodeId=m),o[a]=P}",
    "let i=this.#i(),o=new Map;for(let s=0;s<i;s++){let a=this.#i(),u=this.#o(),m=this.#o(),P={};u!==void 0&&(P.argsNodeId=u),m!==void 0&&(P.outputNodeId=m),o.set(a,P)}",
  ],
  ["let o=n.edges[i];if(o)return{flags:o.flags,", "let o=n.edges.get(i);if(o)return{flags:o.flags,"],
  ["let o=n.edges[i];if(o)return{argsNodeId:o.argsNodeId,", "let o=n.edges.get(i);if(o)return{argsNodeId:o.argsNodeId,"],
];

/** The runtime's text with the graph's edges kept in Maps; throws unless each place occurs exactly once. */
export function paramGraphEdgesAsMaps(source, file = "Prisma's client runtime") {
  let out = source;
  for (const [from, to] of replacements) {
    const found = out.split(from).length - 1;
    if (found !== 1) {
      throw new Error(`scripts/prisma-param-graph.mjs: ${file} holds the param graph's code ${found} times instead of once; update the replacements for this Prisma version`);
    }
    out = out.replace(from, to);
  }
  return out;
}

/** The esbuild plugin: every Prisma client runtime file the bundle takes goes through paramGraphEdgesAsMaps. */
export function paramGraphAsMaps() {
  return {
    name: "prisma-param-graph-as-maps",
    setup(build) {
      build.onLoad({ filter: /[\\/]@prisma[\\/]client[\\/]runtime[\\/]client\.m?js$/ }, async (args) => {
        const fs = await import("node:fs");
        return { loader: "js", contents: paramGraphEdgesAsMaps(fs.readFileSync(args.path, "utf8"), args.path) };
      });
    },
  };
}
