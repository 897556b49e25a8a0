import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import type { GraphiQLOptions } from "graphql-yoga";
import { graphiqlTabs } from "./graphiql-examples.js";

// GraphiQL served from this server, not from a CDN: it works on closed networks and in the
// browser test, and the page loads nothing from third parties. The bundle is
// @graphql-yoga/graphiql's prebuilt one; the version is in the asset path, so the files can be
// cached for good.

const packageJson = createRequire(import.meta.url).resolve("@graphql-yoga/graphiql/package.json");
const distDir = path.join(path.dirname(packageJson), "dist");
const version = (JSON.parse(fs.readFileSync(packageJson, "utf8")) as { version: string }).version;

export const GRAPHIQL_ASSETS = "/graphql/assets";
const base = `${GRAPHIQL_ASSETS}/${version}`;

/** The only files served, by the name the page asks for; nothing else under dist is reachable. */
const assets = new Map<string, { file: string; type: string }>([
  ["graphiql.css", { file: "graphiql.css", type: "text/css; charset=utf-8" }],
  ["yoga-graphiql.umd.js", { file: "yoga-graphiql.umd.js", type: "text/javascript; charset=utf-8" }],
  ["editor.worker.js", { file: "monacoeditorwork/editor.worker.bundle.js", type: "text/javascript; charset=utf-8" }],
  ["json.worker.js", { file: "monacoeditorwork/json.worker.bundle.js", type: "text/javascript; charset=utf-8" }],
  // The package names it with two dots.
  ["graphql.worker.js", { file: "monacoeditorwork/graphql.worker..bundle.js", type: "text/javascript; charset=utf-8" }],
  ["start.js", { file: "", type: "text/javascript; charset=utf-8" }],
]);

// Reads the options from the page (no inline script) and maps Monaco's workers to our files.
const startScript = `
const workers = { editorWorkerService: "${base}/editor.worker.js", json: "${base}/json.worker.js", graphql: "${base}/graphql.worker.js" };
self.MonacoEnvironment = { globalAPI: false, getWorkerUrl: (_, label) => workers[label] ?? workers.editorWorkerService };
const options = JSON.parse(document.getElementById("graphiql-options").textContent);
YogaGraphiQL.renderYogaGraphiQL(document.getElementById("root"), options);
`;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Yoga's `renderGraphiQL`: the same options, our own page. */
export function renderGraphiQLPage(options: GraphiQLOptions): string {
  // `<` escaped so no value can close the script element.
  const json = JSON.stringify(options).replace(/</g, "\\u003c");
  const title = escapeHtml(options.title ?? "GraphiQL");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${title}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${base}/graphiql.css">
</head>
<body>
<noscript>GraphiQL needs JavaScript.</noscript>
<div id="root" style="height:100vh">Loading ${title}…</div>
<script type="application/json" id="graphiql-options">${json}</script>
<script src="${base}/yoga-graphiql.umd.js"></script>
<script src="${base}/start.js"></script>
</body>
</html>`;
}

/** The options GraphiQL opens with: the example tabs, each with the key header to fill in. */
export function graphiqlOptions(demoKey: string | undefined): GraphiQLOptions & { query?: string; variables?: string } {
  const headers = JSON.stringify({ Authorization: `Bearer ${demoKey ?? "<API_KEY>"}` }, null, 2);
  const [first] = graphiqlTabs;
  return {
    title: "Messaging gateway",
    defaultTabs: graphiqlTabs.map((tab) => ({ query: tab.query, variables: tab.variables ?? null, headers })),
    // Yoga's page puts `query` (not `defaultQuery`) into the open tab, and its own welcome text when absent.
    ...(first ? { query: first.query, ...(first.variables ? { variables: first.variables } : {}) } : {}),
    headers,
    defaultHeaders: headers,
    shouldPersistHeaders: true,
    defaultEditorToolsVisibility: "headers",
    // Subscriptions over Server-Sent Events carry the Authorization header like any request.
    subscriptionsProtocol: "SSE",
  };
}

/** Read once, on first request: a few megabytes that most deployments never serve. */
const loaded = new Map<string, Buffer>();

/** GET /graphql/assets/<version>/<name>: the allowlisted files, cached for good (the version is in the path). */
export function serveGraphiQLAsset(pathname: string): { status: number; headers: Record<string, string>; body: string | Buffer } {
  const name = pathname.startsWith(`${base}/`) ? pathname.slice(base.length + 1) : undefined;
  const asset = name === undefined ? undefined : assets.get(name);
  if (!asset) return { status: 404, headers: { "content-type": "text/plain; charset=utf-8" }, body: "Not found" };
  if (!asset.file) return { status: 200, headers: { "content-type": asset.type, "cache-control": "no-cache" }, body: startScript };
  const body = loaded.get(asset.file) ?? fs.readFileSync(path.join(distDir, asset.file));
  loaded.set(asset.file, body);
  return { status: 200, headers: { "content-type": asset.type, "cache-control": "public, max-age=31536000, immutable" }, body };
}
