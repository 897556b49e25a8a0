import fs from "node:fs";
import path from "node:path";
import { restError } from "../rest/errors.js";
const notFound = JSON.stringify(restError("NOT_FOUND", "No such file.").body);
const contentType = (name) => name.endsWith(".css") ? "text/css; charset=utf-8" : name.endsWith(".js") ? "text/javascript; charset=utf-8" : "application/octet-stream";
/**
 * Serves a fixed list of files under `prefix`: a name not on the list is 404, so no request path
 * reaches anything else in `dir`. Files are read once, on first request. Those from a package
 * are cached for good when the prefix holds the package's version; texts of our own are not.
 */
export function staticAssets(prefix, dir, assets) {
    const loaded = new Map();
    return (pathname) => {
        const name = pathname.startsWith(`${prefix}/`) ? pathname.slice(prefix.length + 1) : "";
        const asset = Object.hasOwn(assets, name) ? assets[name] : undefined;
        if (!asset)
            return { status: 404, headers: { "content-type": "application/json; charset=utf-8" }, body: notFound };
        const type = { "content-type": contentType(name), "x-content-type-options": "nosniff" };
        if ("text" in asset)
            return { status: 200, headers: { ...type, "cache-control": "no-cache" }, body: asset.text };
        const body = loaded.get(name) ?? fs.readFileSync(path.join(dir, asset.file));
        loaded.set(name, body);
        return { status: 200, headers: { ...type, "cache-control": "public, max-age=31536000, immutable" }, body };
    };
}
/** A package's folder and version, for serving its prebuilt files under a versioned path. */
export function packageFolder(resolve, name) {
    const manifest = resolve(`${name}/package.json`);
    return { dir: path.dirname(manifest), version: JSON.parse(fs.readFileSync(manifest, "utf8")).version };
}
//# sourceMappingURL=static-assets.js.map