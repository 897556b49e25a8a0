export { CONSOLE_ASSETS, CONSOLE_CSP, CONSOLE_PATH, consoleAsset, consolePage } from "./console-page.js";
export { CONSOLE_SESSION_PATH, createConsoleSessionHandler } from "./session-routes.js";
export { CONSOLE_EXPORTS_PATH, createExportDownloadHandler } from "./export-download.js";
export { CONSOLE_INVOICES_PATH, createInvoiceDownloadHandler } from "./invoice-download.js";
export { CONSOLE_LINK_PATH, CONSOLE_TWO_FACTOR_CONFIRM_PATH, CONSOLE_TWO_FACTOR_PATH, createStaffHandler } from "./staff-routes.js";
