// npm run build (also run by postinstall and npm start): the Prisma client generated from
// prisma/schema.prisma, the TypeScript entry points bundled into plain JavaScript in dist/, and
// the browser files GraphiQL and Swagger UI need copied out of their packages.
//
// A bundle, not tsc's one-file-per-module output: Node loads ~1,500 small ES modules in about
// 1.5 s at every start, and the bundle in about 0.4 s (measured on Node 20). Everything a
// production install still needs on disk is what package.json lists under "dependencies": the
// build leaves exactly those out (native-style files they load at run time: PGlite's and the
// schema engine's WebAssembly, pino's worker), and bundles the rest. Type checking is `npm run typecheck`; esbuild only strips types.
import fs from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { Buffer } from "node:buffer";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = path.join(root, "dist");
const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));

let esbuild;
try {
  esbuild = await import("esbuild");
} catch {
  // A production install (npm ci --omit=dev) has no build tools; it runs the build it was given.
  if (fs.existsSync(path.join(dist, "main.js"))) {
    console.log("Build tools are not installed (production install): using the build in dist/.");
    process.exit(0);
  }
  console.error("dist/ is missing and the build tools are not installed: run `npm ci` (with dev dependencies), then `npm run build`.");
  process.exit(1);
}

/**
 * The generated Prisma client loads its query compiler from a base64 module (4.6 MB of source text
 * that V8 keeps for the process's life, about 4.4 MB of every process's heap). The build writes the
 * plain WebAssembly to dist/prisma/ and points the client at src/core/db/query-compiler-wasm.ts
 * instead. The generated text is matched exactly: a Prisma upgrade that changes it fails the build
 * here rather than shipping the base64 again unnoticed.
 */
function queryCompilerFromFile() {
  const loaderPattern =
    /const \{ wasm \} = await import\("(@prisma\/client\/runtime\/query_compiler_\w+_bg\.postgresql\.wasm-base64\.mjs)"\)\n\s*return await decodeBase64AsWasm\(wasm\)/;
  return {
    name: "query-compiler-from-file",
    setup(build) {
      build.onLoad({ filter: /src[\\/]generated[\\/]prisma[\\/]internal[\\/]class\.ts$/ }, async (args) => {
        const source = fs.readFileSync(args.path, "utf8");
        const found = loaderPattern.exec(source);
        if (!found) throw new Error("scripts/build.mjs: the generated Prisma client no longer loads its query compiler as expected; update queryCompilerFromFile()");
        const { wasm } = await import(found[1]);
        fs.mkdirSync(path.join(dist, "prisma"), { recursive: true });
        fs.writeFileSync(path.join(dist, "prisma/query_compiler.wasm"), Buffer.from(wasm, "base64"));
        const loader = JSON.stringify(path.join(root, "src/core/db/query-compiler-wasm.ts"));
        return { loader: "ts", contents: source.replace(loaderPattern, `return await (await import(${loader})).loadQueryCompilerWasm()`) };
      });
    },
  };
}

/**
 * graphql names its CommonJS entry "main" and its ES module entry "module" (the same code); a
 * bundle for Node takes "main". Every name the executor reads from it (`Kind.FIELD`,
 * `isNonNullType`…) then goes through two or three getters: esbuild's interop object, then
 * graphql's own re-exports, module by module, about 2 % of a send's CPU in a profile. Resolved to
 * its ES module files, the bundle links those names directly. A package that reaches a file inside
 * graphql (graphql-armor's token limit takes its parser from `graphql/language/parser`) gets the
 * ES module file too: one copy of graphql, so its errors and types are the ones the rest checks.
 */
function graphqlAsModule() {
  return {
    name: "graphql-as-module",
    setup(build) {
      const dir = path.join(root, "node_modules/graphql");
      build.onResolve({ filter: /^graphql(\/[\w/]+)?$/ }, ({ path: name }) => {
        const inside = name.slice("graphql".length);
        const file = path.join(dir, `${inside}.mjs`);
        return { path: inside && fs.existsSync(file) ? file : path.join(dir, inside, "index.mjs") };
      });
    },
  };
}

const started = Date.now();
const mtime = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);
const generated = path.join(root, "src/generated/prisma/client.ts");
if (mtime(generated) < mtime(path.join(root, "prisma/schema.prisma"))) {
  const prisma = spawnSync(path.join(root, "node_modules/.bin/prisma"), ["generate"], { cwd: root, stdio: "inherit" });
  if (prisma.status !== 0) process.exit(prisma.status ?? 1);
}

// Read only here: a production install stops above and ships without them.
const { entryPoints } = await import("./entry-points.mjs");
const { paramGraphAsMaps } = await import("./prisma-param-graph.mjs");
fs.rmSync(dist, { recursive: true, force: true });
await esbuild.build({
  plugins: [queryCompilerFromFile(), graphqlAsModule(), paramGraphAsMaps()],
  absWorkingDir: root,
  entryPoints,
  outdir: dist,
  bundle: true,
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
  platform: "node",
  format: "esm",
  // The oldest Node line package.json's engines admit (its first number): the bundle runs on all of them.
  target: `node${/\d+/.exec(pkg.engines.node)[0]}`,
  // Whitespace and comments out, names kept (stack traces stay readable without the source maps).
  // V8 keeps every module's source text in memory; comments in other scripts made it two bytes a character.
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: "linked",
  legalComments: "linked",
  logLevel: "warning",
  // Kept as packages: the runtime dependencies, and optional ones that bundled code only tries.
  external: [...Object.keys(pkg.dependencies), "pino-pretty", "pg-native"],
  // Bundled CommonJS packages call require() for Node's built-ins; an ES module has none of its own.
  banner: { js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);' },
});

const vendored = JSON.parse(fs.readFileSync(path.join(root, "src/core/http/vendored-assets.json"), "utf8"));
for (const [name, files] of Object.entries(vendored)) {
  const from = path.join(root, "node_modules", name);
  const to = path.join(dist, "assets", name);
  fs.mkdirSync(to, { recursive: true });
  for (const [served, file] of Object.entries(files)) fs.copyFileSync(path.join(from, file), path.join(to, served));
  const { version, license } = JSON.parse(fs.readFileSync(path.join(from, "package.json"), "utf8"));
  fs.writeFileSync(path.join(to, "VERSION"), `${version}\n`);
  const licenseFile = ["LICENSE", "LICENSE.md", "license"].map((f) => path.join(from, f)).find((f) => fs.existsSync(f));
  if (licenseFile) fs.copyFileSync(licenseFile, path.join(to, "LICENSE"));
  else fs.writeFileSync(path.join(to, "LICENSE"), `${name} ${version}: ${license}\n`);
}

// The invoices' fonts (and their licence), which the PDFs embed: read from disk at run time.
fs.cpSync(path.join(root, "src/features/invoices/fonts"), path.join(dist, "fonts"), { recursive: true });

const { buildConsole } = await import("./build-console.mjs");
await buildConsole(esbuild, root);

console.log(`Built dist/ in ${Date.now() - started} ms.`);
