// The browser apps, bundled by esbuild: the business console (src/features/console/web/) into
// dist/console/ and the operator console (src/features/operator-console/web/) into
// dist/operator-console/. Each is one script and one stylesheet with content hashes in their names
// (served as immutable), the page that loads them (no inline script: the Content-Security-Policy
// allows none), and a manifest the server reads to know what it may serve
// (src/core/http/built-app.ts). Run by scripts/build.mjs and, for the tests, by
// test/kit/global-setup.ts.
import fs from "node:fs";
import path from "node:path";

export const CONSOLE_ENTRY = "src/features/console/web/main.tsx";
export const OPERATOR_CONSOLE_ENTRY = "src/features/operator-console/web/main.tsx";

const APPS = [
  { name: "console", entry: CONSOLE_ENTRY, assets: "/console/assets", html: 'lang="{{lang}}" dir="{{dir}}" data-signup="{{signup}}"' },
  { name: "operator-console", entry: OPERATOR_CONSOLE_ENTRY, assets: "/admin/assets", html: 'lang="{{lang}}" dir="{{dir}}"' },
];

/** Builds both apps; answers the business console's files (what the console's bench reads). */
export async function buildConsole(esbuild, root) {
  const [console] = await Promise.all(APPS.map((app) => buildApp(esbuild, root, app)));
  return console;
}

async function buildApp(esbuild, root, app) {
  const outdir = path.join(root, "dist", app.name);
  fs.rmSync(outdir, { recursive: true, force: true });
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: { [app.name]: app.entry },
    outdir,
    entryNames: "[name]-[hash]",
    // Pages the shell loads when first shown (lazy-page.tsx) are chunks of their own, and so is
    // what several of them share: a first load fetches the shell and the page it opens on.
    splitting: true,
    chunkNames: "chunk-[hash]",
    bundle: true,
    format: "esm",
    platform: "browser",
    target: ["chrome110", "firefox110", "safari16"],
    jsx: "automatic",
    jsxImportSource: "preact",
    minify: true,
    legalComments: "linked",
    metafile: true,
    logLevel: "warning",
    define: { "process.env.NODE_ENV": '"production"' },
  });
  const outputs = Object.keys(result.metafile.outputs).map((f) => path.basename(f));
  const entry = Object.entries(result.metafile.outputs).find(([f, o]) => o.entryPoint === app.entry && f.endsWith(".js"));
  const script = entry && path.basename(entry[0]);
  const style = outputs.find((f) => f.endsWith(".css"));
  if (!script || !style) throw new Error(`${app.name} build made ${outputs.join(", ")}`);
  const page = [
    "<!doctype html>",
    `<html ${app.html}>`,
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    "<title>{{title}}</title>",
    `<link rel="stylesheet" href="${app.assets}/${style}">`,
    `<script type="module" src="${app.assets}/${script}"></script>`,
    "</head>",
    '<body><div id="app"></div><noscript>{{noscript}}</noscript></body>',
    "</html>",
  ].join("\n");
  fs.writeFileSync(path.join(outdir, "index.html"), page);
  const files = outputs.filter((f) => !f.endsWith(".map"));
  fs.writeFileSync(path.join(outdir, "manifest.json"), JSON.stringify({ script, style, files }, null, 2));
  return { script, style, files };
}
