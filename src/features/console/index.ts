export { CONSOLE_ASSETS, CONSOLE_CSP, CONSOLE_PATH, consoleAsset, consolePage } from "./console-page.js";
export { CONSOLE_SESSION_PATH, createConsoleSessionHandler } from "./session-routes.js";
