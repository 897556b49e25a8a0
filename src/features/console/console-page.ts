import fs from "node:fs";
import path from "node:path";
import { projectRoot } from "../../core/paths.js";
import { restError } from "../../core/rest/errors.js";
import type { StaticAnswer } from "../../core/http/static-assets.js";

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
  files: Set<string>;
}

const dir = path.join(projectRoot, "dist/console");
let built: Built | undefined;
const loaded = new Map<string, Buffer>();

function readBuild(): Built | undefined {
  if (built) return built;
  const manifest = path.join(dir, "manifest.json");
  if (!fs.existsSync(manifest)) return undefined;
  const { files } = JSON.parse(fs.readFileSync(manifest, "utf8")) as { files: string[] };
  built = { page: fs.readFileSync(path.join(dir, "index.html"), "utf8"), files: new Set(files) };
  return built;
}

const notBuilt = (): StaticAnswer => ({
  status: 503,
  headers: { "content-type": "application/json; charset=utf-8" },
  body: JSON.stringify(restError("SERVICE_UNAVAILABLE", "The console is not built: run `npm run build`.").body),
});

/** Arabic when the browser prefers it over English, else English. */
export function consoleLanguage(acceptLanguage: string | undefined): "ar" | "en" {
  const ranked = (acceptLanguage ?? "")
    .split(",")
    .map((part) => {
      const [tag = "", ...params] = part.trim().toLowerCase().split(";");
      const q = Number(params.find((p) => p.trim().startsWith("q="))?.split("=")[1] ?? 1);
      return { lang: tag.split("-")[0] ?? "", q: Number.isFinite(q) ? q : 0 };
    })
    .filter((l) => l.lang === "ar" || l.lang === "en")
    .sort((a, b) => b.q - a.q);
  return ranked[0]?.lang === "ar" ? "ar" : "en";
}

/** The console page, in the language the browser prefers. */
export function consolePage(acceptLanguage: string | undefined): StaticAnswer {
  const b = readBuild();
  if (!b) return notBuilt();
  const lang = consoleLanguage(acceptLanguage);
  const body = b.page
    .replace("{{lang}}", lang)
    .replace("{{dir}}", lang === "ar" ? "rtl" : "ltr")
    .replace("{{title}}", lang === "ar" ? "لوحة الرسائل" : "Messaging console")
    .replace("{{noscript}}", lang === "ar" ? "تحتاج اللوحة إلى JavaScript." : "The console needs JavaScript.");
  return { status: 200, headers: { ...pageHeaders, "content-type": "text/html; charset=utf-8", "cache-control": "no-cache", vary: "Accept-Language" }, body };
}

/** One of the build's hashed files: cached for good, since its name changes with its content. */
export function consoleAsset(pathname: string): StaticAnswer {
  const b = readBuild();
  if (!b) return notBuilt();
  const name = pathname.slice(CONSOLE_ASSETS.length + 1);
  if (!b.files.has(name)) return { status: 404, headers: { "content-type": "application/json; charset=utf-8" }, body: JSON.stringify(restError("NOT_FOUND", "No such file.").body) };
  const body = loaded.get(name) ?? fs.readFileSync(path.join(dir, name));
  loaded.set(name, body);
  const type = name.endsWith(".css") ? "text/css; charset=utf-8" : name.endsWith(".js") ? "text/javascript; charset=utf-8" : "text/plain; charset=utf-8";
  return { status: 200, headers: { "content-type": type, "x-content-type-options": "nosniff", "cache-control": "public, max-age=31536000, immutable" }, body };
}
