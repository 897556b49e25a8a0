import fs from "node:fs";
import Negotiator from "negotiator";
import path from "node:path";
import { projectRoot } from "../../core/runtime/paths.js";
import { restError } from "../../core/rest/errors.js";
import { staticAssets, type StaticAnswer } from "../../core/http/static-assets.js";

// The console's page and its hashed files, from the build (scripts/build-console.mjs writes
// dist/console/ and a manifest of what is in it). Only the manifest's files are served. The page
// is the same for every visitor but for its language, taken from Accept-Language so an Arabic
// browser gets a right-to-left page before any script runs.

export const CONSOLE_PATH = "/console";
export const CONSOLE_ASSETS = "/console/assets";

/**
 * No inline script or style and nothing from elsewhere; the page cannot be framed. connect-src
 * 'self' covers the API and its websocket on this origin.
 */
export const CONSOLE_CSP = [
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
  "content-security-policy": CONSOLE_CSP,
  "x-frame-options": "DENY",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "cross-origin-opener-policy": "same-origin",
};

interface Built {
  page: string;
  /** The build's hashed files, served by the core's fixed-list server (immutable). */
  serve: (pathname: string) => StaticAnswer;
}

const dir = path.join(projectRoot, "dist/console");
let built: Built | undefined;

function readBuild(): Built | undefined {
  if (built) return built;
  const manifest = path.join(dir, "manifest.json");
  if (!fs.existsSync(manifest)) return undefined;
  const { files } = JSON.parse(fs.readFileSync(manifest, "utf8")) as { files: string[] };
  const assets = Object.fromEntries(files.map((name) => [name, { file: path.join(dir, name) }]));
  built = { page: fs.readFileSync(path.join(dir, "index.html"), "utf8"), serve: staticAssets(CONSOLE_ASSETS, assets) };
  return built;
}

const notBuilt = (): StaticAnswer => ({
  status: 503,
  headers: { "content-type": "application/json; charset=utf-8" },
  body: JSON.stringify(restError("SERVICE_UNAVAILABLE", "The console is not built: run `npm run build`.").body),
});

/** Arabic when the browser prefers it over English, else English. */
export const consoleLanguage = (acceptLanguage: string | undefined): "ar" | "en" =>
  new Negotiator({ headers: { "accept-language": acceptLanguage ?? "" } }).language(["en", "ar"]) === "ar" ? "ar" : "en";

/**
 * The console page, in the language the browser prefers. `signup` (SIGNUP) is written on the page
 * (`data-signup`) so the sign-in offers the sign-up form only when it is not closed, without a request.
 */
export function consolePage(acceptLanguage: string | undefined, signup: "closed" | "invite" | "open" = "closed"): StaticAnswer {
  const b = readBuild();
  if (!b) return notBuilt();
  const lang = consoleLanguage(acceptLanguage);
  const body = b.page
    .replace("{{lang}}", lang)
    .replace("{{dir}}", lang === "ar" ? "rtl" : "ltr")
    .replace("{{signup}}", signup)
    .replace("{{title}}", lang === "ar" ? "لوحة الرسائل" : "Messaging console")
    .replace("{{noscript}}", lang === "ar" ? "تحتاج اللوحة إلى JavaScript." : "The console needs JavaScript.");
  return { status: 200, headers: { ...pageHeaders, "content-type": "text/html; charset=utf-8", "cache-control": "no-cache", vary: "Accept-Language" }, body };
}

/** One of the build's hashed files: cached for good, since its name changes with its content. */
export function consoleAsset(pathname: string): StaticAnswer {
  return readBuild()?.serve(pathname) ?? notBuilt();
}
