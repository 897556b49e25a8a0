import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { restError } from "../rest/errors.js";
import { builtAssetsDir } from "../runtime/paths.js";
import vendored from "./vendored-assets.json" with { type: "json" };

const notFound = JSON.stringify(restError("NOT_FOUND", "No such file.").body);

export interface StaticAnswer {
  status: number;
  headers: Record<string, string>;
  body: string | Buffer;
}

/** A file on disk (absolute path) or a text of our own. */
type Asset = { file: string } | { text: string };

const contentType = (name: string) => (name.endsWith(".css") ? "text/css; charset=utf-8" : name.endsWith(".js") ? "text/javascript; charset=utf-8" : "application/octet-stream");

/**
 * Serves a fixed list of files under `prefix`: a name not on the list is 404, so no request path
 * reaches anything else in `dir`. Files are read once, on first request. Those from a package
 * are cached for good when the prefix holds the package's version; texts of our own are not.
 */
export function staticAssets(prefix: string, assets: Record<string, Asset>) {
  const loaded = new Map<string, Buffer>();
  return (pathname: string): StaticAnswer => {
    const name = pathname.startsWith(`${prefix}/`) ? pathname.slice(prefix.length + 1) : "";
    const asset = Object.hasOwn(assets, name) ? assets[name] : undefined;
    if (!asset) return { status: 404, headers: { "content-type": "application/json; charset=utf-8" }, body: notFound };
    const type = { "content-type": contentType(name), "x-content-type-options": "nosniff" };
    if ("text" in asset) return { status: 200, headers: { ...type, "cache-control": "no-cache" }, body: asset.text };
    const body = loaded.get(name) ?? fs.readFileSync(asset.file);
    loaded.set(name, body);
    return { status: 200, headers: { ...type, "cache-control": "public, max-age=31536000, immutable" }, body };
  };
}

export type VendoredPackage = keyof typeof vendored;

/**
 * The browser files of a third-party package (listed in vendored-assets.json) and its version,
 * for serving under a versioned path. A build carries copies in dist/assets/<package>/ (with a
 * VERSION file), so a production install needs neither package; from the sources they are read
 * from the installed package.
 */
export function vendoredAssets(name: VendoredPackage): { version: string; files: Record<string, { file: string }> } {
  const listed = vendored[name] as Record<string, string>;
  const built = path.join(builtAssetsDir, name);
  if (fs.existsSync(path.join(built, "VERSION"))) {
    const version = fs.readFileSync(path.join(built, "VERSION"), "utf8").trim();
    return { version, files: Object.fromEntries(Object.keys(listed).map((served) => [served, { file: path.join(built, served) }])) };
  }
  const manifest = createRequire(import.meta.url).resolve(`${name}/package.json`);
  const { version } = JSON.parse(fs.readFileSync(manifest, "utf8")) as { version: string };
  const dir = path.dirname(manifest);
  return { version, files: Object.fromEntries(Object.entries(listed).map(([served, file]) => [served, { file: path.join(dir, file) }])) };
}
