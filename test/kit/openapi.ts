import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { expect } from "vitest";
import type { HttpResult } from "./http.js";

// ajv-formats is CommonJS with a default export.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

type Response = { $ref?: string; content?: Record<string, { schema: object }>; headers?: Record<string, { required?: boolean }> };
type Operation = { responses: Record<string, Response>; parameters?: { name: string; in: string; schema: object }[] };
export type OpenApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; responses: Record<string, Response> };
};

/** A JSON pointer's part: `/` and `~` escaped. */
const pointerPart = (part: string) => part.replace(/~/g, "~0").replace(/\//g, "~1");

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
    const listed = operation!.responses[String(answer.status)];
    expect(listed, `${method} ${template} lists ${answer.status} (${JSON.stringify(answer.body)})`).toBeDefined();
    // A status every operation shares is a reference to components.responses.
    const pointer = listed!.$ref?.slice(1) ?? `/paths/${pointerPart(template)}/${method.toLowerCase()}/responses/${answer.status}`;
    const response = listed!.$ref ? doc.components.responses[listed!.$ref.split("/").pop()!] : listed;
    expect(response!.content?.["application/json"], `${method} ${template} ${answer.status} has a JSON body`).toBeDefined();
    const validate = ajv.compile({ $ref: `openapi.json#${pointer}/content/application~1json/schema` });
    expect(validate(answer.body), `${method} ${template} ${answer.status}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(answer.body)}`).toBe(true);
    const headers = Object.entries(response!.headers ?? {});
    for (const [name] of headers.filter(([, h]) => h.required)) expect(answer.headers.get(name), `${name} on ${method} ${template} ${answer.status}`).not.toBeNull();
    checked.add(`${method} ${template} ${answer.status}`);
    return answer;
  }

  return { doc, ajv, conforms, checked };
}
