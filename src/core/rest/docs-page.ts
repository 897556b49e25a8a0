import { staticAssets, vendoredAssets } from "../http/static-assets.js";

// GET /api/v1/docs: Swagger UI on the OpenAPI document (openapi.ts), served from this server.

const swagger = vendoredAssets("swagger-ui-dist");
export const DOCS_ASSETS = `/api/v1/docs/assets/${swagger.version}`;

// Started from a file of its own, so the page needs no inline script.
const startScript = `window.ui = SwaggerUIBundle({ url: "/api/v1/openapi.json", dom_id: "#docs", deepLinking: true, presets: [SwaggerUIBundle.presets.apis], layout: "BaseLayout" });\n`;

export const serveDocsAsset = staticAssets(DOCS_ASSETS, { ...swagger.files, "start.js": { text: startScript } });

/** GET /api/v1/docs: Swagger UI, served from this server (no CDN), on the document above. */
export const docsPage = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Messaging gateway REST API</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${DOCS_ASSETS}/swagger-ui.css">
</head>
<body>
<div id="docs"></div>
<script src="${DOCS_ASSETS}/swagger-ui-bundle.js"></script>
<script src="${DOCS_ASSETS}/start.js"></script>
</body>
</html>`;

/** Only this server's own files; swagger's styles set inline style attributes. */
export const docsSecurityHeaders = {
  "content-security-policy":
    "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
};
