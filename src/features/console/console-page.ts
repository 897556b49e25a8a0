import { APP_CSP, builtApp } from "../../core/http/built-app.js";
import type { StaticAnswer } from "../../core/http/static-assets.js";

// The console's page and its hashed files, from the build (scripts/build-console.mjs writes
// dist/console/; core/http/built-app.ts serves it).

export const CONSOLE_PATH = "/console";
export const CONSOLE_ASSETS = "/console/assets";
export const CONSOLE_CSP = APP_CSP;

const app = builtApp("console", CONSOLE_ASSETS);

/**
 * The console page, in the language the browser prefers. `signup` (SIGNUP) is written on the page
 * (`data-signup`) so the sign-in offers the sign-up form only when it is not closed, without a request.
 */
export function consolePage(acceptLanguage: string | undefined, signup: "closed" | "invite" | "open" = "closed"): StaticAnswer {
  return app.page(acceptLanguage, (lang) => ({
    signup,
    title: lang === "ar" ? "لوحة الرسائل" : "Messaging console",
    noscript: lang === "ar" ? "تحتاج اللوحة إلى JavaScript." : "The console needs JavaScript.",
  }));
}

/** One of the build's hashed files: cached for good, since its name changes with its content. */
export const consoleAsset = (pathname: string): StaticAnswer => app.asset(pathname);
