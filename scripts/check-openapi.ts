// npm run check:openapi: openapi.json read by the tools integrators point at it, each of which must
// accept it as it is: swagger-parser validates and dereferences it, every component schema compiles
// with Ajv as JSON Schema 2020-12 (strict mode), and Redocly lints it (recommended rules, redocly.yaml).
// openapi-typescript's reading of it is checked by `npm run generate:check` and `npm run typecheck`.
import fs from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";
import SwaggerParser from "@apidevtools/swagger-parser";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { projectRoot } from "../src/core/runtime/paths.js";

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const file = path.join(projectRoot, "openapi.json");
const read = () => JSON.parse(fs.readFileSync(file, "utf8")) as { components: { schemas: Record<string, object> } };
let failed = false;
const check = async (name: string, run: () => unknown) => {
  try {
    await run();
    console.log(`ok   ${name}`);
  } catch (err) {
    failed = true;
    console.error(`FAIL ${name}: ${err instanceof Error ? err.message : String(err)}`);
  }
};

await check("swagger-parser validate", () => SwaggerParser.validate(read() as never));
await check("swagger-parser dereference", () => SwaggerParser.dereference(read() as never));
await check("Ajv 2020 (strict) compiles every component schema", () => {
  const doc = read();
  // Union types (`"type": ["string", "number"]`) are plain 2020-12; strict mode only asks to allow them.
  const ajv = addFormats(new Ajv2020({ strict: true, allowUnionTypes: true }));
  // The components are compiled where the document puts them, so their `$ref`s resolve as a tool resolves them.
  ajv.addKeyword("components");
  ajv.addSchema({ $id: "https://gateway.invalid/openapi.json", components: doc.components });
  const ids = Object.keys(doc.components.schemas);
  for (const id of ids) ajv.compile({ $ref: `https://gateway.invalid/openapi.json#/components/schemas/${id}` });
  if (ids.length === 0) throw new Error("no component schemas");
});
await check("redocly lint (recommended)", () => {
  const redocly = path.join(projectRoot, "node_modules/.bin/redocly");
  const r = spawnSync(redocly, ["lint", "--format=stylish", "--max-problems=50", file], {
    cwd: projectRoot,
    encoding: "utf8",
    env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
  });
  const problems = `${r.stdout}${r.stderr}`.split("\n").filter((l) => /\b(error|warning)\b/i.test(l) && !/Node\.js|deprecat/i.test(l));
  if (r.status !== 0 || problems.some((l) => /warning/i.test(l))) throw new Error(`exit ${r.status}\n${problems.join("\n")}`);
});
process.exit(failed ? 1 : 0);
