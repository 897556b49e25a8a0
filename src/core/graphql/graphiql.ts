import type { GraphiQLOptions } from "graphql-yoga";
import { graphiqlTabs } from "./graphiql/graphiql-examples.js";
import { staticAssets, vendoredAssets } from "../http/static-assets.js";
import type { ServiceClock } from "../clock.js";

// GraphiQL served from this server, not from a CDN: it works on closed networks and in the
// browser test, and the page loads nothing from third parties. The bundle is
// @graphql-yoga/graphiql's prebuilt one; the version is in the asset path, so the files can be
// cached for good.

const graphiqlPackage = vendoredAssets("@graphql-yoga/graphiql");

export const GRAPHIQL_ASSETS = "/graphql/assets";
const base = `${GRAPHIQL_ASSETS}/${graphiqlPackage.version}`;

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

/**
 * The options GraphiQL opens with: the example tabs, each with the key header to fill in. Never a
 * real key: the page is served to anyone who can reach the server.
 */
export function graphiqlOptions(clock: ServiceClock): GraphiQLOptions & { query?: string; variables?: string } {
  const headers = JSON.stringify({ Authorization: "Bearer <API_KEY>" }, null, 2);
  const tabs = graphiqlTabs.map((tab) => ({ query: tab.query, variables: typeof tab.variables === "function" ? tab.variables(clock) : tab.variables }));
  const [first] = tabs;
  return {
    title: "Messaging gateway",
    defaultTabs: tabs.map((tab) => ({ query: tab.query, variables: tab.variables ?? null, headers })),
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

/** GET /graphql/assets/<version>/<name>: the listed files only; the names are the ones the page asks for. */
export const serveGraphiQLAsset = staticAssets(base, { ...graphiqlPackage.files, "start.js": { text: startScript } });
