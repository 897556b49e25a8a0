// npm run generate (part of it): prints the REST facade's OpenAPI document to openapi.json, the
// file integrators' tools read (`npm run check:openapi`) and openapi-typescript turns into the
// typed client's types (examples/rest/api.d.ts). A test checks that the server serves exactly it.
import fs from "node:fs";
import path from "node:path";
import { routes } from "../src/app/rest-routes.js";
import { openApiDocument } from "../src/core/rest/openapi.js";
import { routeScopes } from "../src/core/rest/route-scopes.js";
import { schema } from "../src/app/schema.js";
import { projectRoot } from "../src/core/runtime/paths.js";

fs.writeFileSync(path.join(projectRoot, "openapi.json"), `${JSON.stringify(openApiDocument(routes, routeScopes(schema, routes)), null, 2)}\n`);
