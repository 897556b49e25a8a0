import fs from "node:fs";
import path from "node:path";
import Negotiator from "negotiator";
import { restError } from "../rest/errors.js";
import { projectRoot } from "../runtime/paths.js";
import { staticAssets, type StaticAnswer } from "./static-assets.js";

// A browser app from the build (scripts/build-console.mjs writes dist/<name>/: the page, its hashed
// files and a manifest of them): the business console and the operator console. Only the
// manifest's files are served. The page is the same for every visitor but for its language, taken
// from Accept-Language so an Arabic browser gets a right-to-left page before any script runs.

/**
 * No inline script or style and nothing from elsewhere; the page cannot be framed. connect-src
 * 'self' covers the API and its websocket on this origin.
 */
export const APP_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

const pageHeaders = {
  "content-security-policy": APP_CSP,
  "x-frame-options": "DENY",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "cross-origin-opener-policy": "same-origin",
};

/** Arabic when the browser prefers it over English, else English. */
export const pageLanguage = (acceptLanguage: string | undefined): "ar" | "en" =>
  new Negotiator({ headers: { "accept-language": acceptLanguage ?? "" } }).language(["en", "ar"]) === "ar" ? "ar" : "en";

interface Built {
  page: string;
  serve: (pathname: string) => StaticAnswer;
}

const notBuilt = (): StaticAnswer => ({
  status: 503,
  headers: { "content-type": "application/json; charset=utf-8" },
  body: JSON.stringify(restError("SERVICE_UNAVAILABLE", "The console is not built: run `npm run build`.").body),
});

/**
 * The app built into dist/`name`/, its files served under `assetsPath`. The page's `{{name}}`
 * placeholders are filled per request: `lang` and `dir` always, the rest from `fill`.
 */
export function builtApp(name: string, assetsPath: string) {
  const dir = path.join(projectRoot, "dist", name);
  let built: Built | undefined;
  const read = (): Built | undefined => {
    if (built) return built;
    const manifest = path.join(dir, "manifest.json");
    if (!fs.existsSync(manifest)) return undefined;
    const { files } = JSON.parse(fs.readFileSync(manifest, "utf8")) as { files: string[] };
    const assets = Object.fromEntries(files.map((file) => [file, { file: path.join(dir, file) }]));
    built = { page: fs.readFileSync(path.join(dir, "index.html"), "utf8"), serve: staticAssets(assetsPath, assets) };
    return built;
  };
  return {
    page(acceptLanguage: string | undefined, fill: (lang: "ar" | "en") => Record<string, string>): StaticAnswer {
      const b = read();
      if (!b) return notBuilt();
      const lang = pageLanguage(acceptLanguage);
      const values: Record<string, string> = { ...fill(lang), lang, dir: lang === "ar" ? "rtl" : "ltr" };
      const body = b.page.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => values[key] ?? whole);
      return { status: 200, headers: { ...pageHeaders, "content-type": "text/html; charset=utf-8", "cache-control": "no-cache", vary: "Accept-Language" }, body };
    },
    /** One of the build's hashed files: cached for good, since its name changes with its content. */
    asset(pathname: string): StaticAnswer {
      return read()?.serve(pathname) ?? notBuilt();
    },
  };
}
