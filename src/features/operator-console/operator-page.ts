import { builtApp } from "../../core/http/built-app.js";
import type { StaticAnswer } from "../../core/http/static-assets.js";

// The operator console's page and its hashed files, from the build (scripts/build-console.mjs
// writes dist/operator-console/; core/http/built-app.ts serves it). The page is the same for every
// visitor and holds nothing but the app: what an operator sees comes from /admin/session and
// /admin/commands, which are not found to anyone but an operator.

export const OPERATOR_CONSOLE_PATH = "/admin";
export const OPERATOR_CONSOLE_ASSETS = "/admin/assets";

const app = builtApp("operator-console", OPERATOR_CONSOLE_ASSETS);

export function operatorConsolePage(acceptLanguage: string | undefined): StaticAnswer {
  return app.page(acceptLanguage, (lang) => ({
    title: lang === "ar" ? "لوحة المشغّل" : "Operator console",
    noscript: lang === "ar" ? "تحتاج اللوحة إلى JavaScript." : "The console needs JavaScript.",
  }));
}

/** One of the build's hashed files: cached for good, since its name changes with its content. */
export const operatorConsoleAsset = (pathname: string): StaticAnswer => app.asset(pathname);
