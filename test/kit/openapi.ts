import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { expect } from "vitest";
import type { HttpResult } from "./http.js";

// ajv-formats is CommonJS with a default export.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

type Operation = { responses: Record<string, { content?: Record<string, { schema: { $ref: string } }>; headers?: Record<string, { required?: boolean }> }> };
export type OpenApiDocument = { openapi: string; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };

/**
 * The server's OpenAPI document, and a check that a real answer is one it lists for that
 * operation and status, in the shape it gives (with its required headers).
 */
export async function openApiChecker(baseUrl: string) {
  const r = await fetch(`${baseUrl}/api/v1/openapi.json`);
  expect(r.status).toBe(200);
  expect(r.headers.get("content-type")).toContain("application/json");
  const doc = (await r.json()) as OpenApiDocument;
  const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
  ajv.addSchema(doc, "openapi.json");
  const checked = new Set<string>();

  function conforms(method: string, template: string, answer: HttpResult) {
    const operation = doc.paths[template]?.[method.toLowerCase()];
    expect(operation, `${method} ${template} documented`).toBeDefined();
    const response = operation!.responses[String(answer.status)];
    expect(response, `${method} ${template} lists ${answer.status} (${JSON.stringify(answer.body)})`).toBeDefined();
    const validate = ajv.compile({ $ref: `openapi.json${response!.content!["application/json"]!.schema.$ref}` });
    expect(validate(answer.body), `${method} ${template} ${answer.status}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(answer.body)}`).toBe(true);
    const headers = Object.entries(response!.headers ?? {});
    for (const [name] of headers.filter(([, h]) => h.required)) expect(answer.headers.get(name), `${name} on ${method} ${template} ${answer.status}`).not.toBeNull();
    checked.add(`${method} ${template} ${answer.status}`);
    return answer;
  }

  return { doc, ajv, conforms, checked };
}
