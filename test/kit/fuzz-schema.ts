import fc from "fast-check";
import { anyHostile, deepValue, EXTRA_KEYS, hostileNumber, hostileString, Raw, rawJson, without, withKey, wrongType } from "./fuzz-values.js";

// Requests derived from the server's own OpenAPI document: its routes, and for each body a valid
// value built from its JSON Schema, then mutated in the hostile ways of fuzz-values.ts.

export type JsonSchema = {
  $ref?: string;
  type?: string;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  pattern?: string;
  format?: string;
  examples?: unknown[];
};

type Parameter = { name: string; in: "path" | "query" | "header"; required?: boolean; schema: JsonSchema };
export type OpenApi = {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>>;
  components: { schemas: Record<string, JsonSchema> };
};

export interface RestRoute {
  method: string;
  /** The documented path under /api/v1, with `{id}` placeholders. */
  template: string;
  body?: JsonSchema;
  params: Parameter[];
}

export function restRoutes(doc: OpenApi): RestRoute[] {
  return Object.entries(doc.paths).flatMap(([template, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      template,
      params: op.parameters ?? [],
      ...(op.requestBody ? { body: op.requestBody.content["application/json"]?.schema } : {}),
    })),
  );
}

/** URLs of global addresses written as literals: valid, and no DNS lookup at registration. */
const URLS = ["https://93.184.215.14/hooks/fuzz", "http://93.184.215.14:8080/p.png", "https://[2606:2800:21f:cb07:6820:80da:af6b:8b2c]/x"];

/** How deep a body's values nest (objects and arrays) before a schema that holds itself ends. */
const MAX_DEPTH = 8;

export class SchemaValues {
  constructor(
    private readonly doc: OpenApi,
    /** Values by property name that make a valid request likelier to succeed (existing account ids). */
    private readonly hints: Record<string, fc.Arbitrary<unknown>> = {},
  ) {}

  resolve(s: JsonSchema): JsonSchema {
    return s.$ref ? this.resolve(this.doc.components.schemas[s.$ref.replace("#/components/schemas/", "")] ?? {}) : s;
  }

  /**
   * A value the schema accepts (strings by their examples, pattern or format; numbers in range).
   * A schema that holds itself (an automation menu's options hold menus) is followed this deep,
   * then ends in null: the arbitraries are built eagerly, so an unbounded walk never returns.
   */
  valid(schema: JsonSchema, name = "", depth = 0): fc.Arbitrary<unknown> {
    if (depth > MAX_DEPTH) return fc.constant(null);
    const s = this.resolve(schema);
    const hint = this.hints[name];
    if (hint) return fc.oneof({ arbitrary: hint, weight: 3 }, { arbitrary: this.plain(s, name, depth), weight: 1 });
    return this.plain(s, name, depth);
  }

  private plain(s: JsonSchema, name: string, depth: number): fc.Arbitrary<unknown> {
    if (s.anyOf) return fc.oneof(...s.anyOf.map((x) => this.valid(x, name, depth)));
    if (s.enum) return fc.constantFrom(...s.enum);
    if (s.const !== undefined) return fc.constant(s.const);
    switch (s.type) {
      case "object": {
        const props = Object.entries(s.properties ?? {});
        return fc.record(Object.fromEntries(props.map(([k, p]) => [k, this.valid(p, k, depth + 1)])), { requiredKeys: s.required ?? [] });
      }
      case "array": {
        const min = s.minItems ?? 0;
        return fc.array(this.valid(s.items ?? {}, name, depth + 1), { minLength: min, maxLength: Math.max(min, Math.min(s.maxItems ?? 4, 4)) });
      }
      case "string":
        if (s.format === "uri") return fc.constantFrom(...URLS);
        if (s.examples?.length) return fc.constantFrom(...s.examples);
        if (s.pattern) return fc.stringMatching(new RegExp(s.pattern));
        return fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 16, 16) });
      case "integer": {
        const min = s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : (s.minimum ?? -1_000);
        return fc.integer({ min, max: Math.min(s.maximum ?? min + 1_000, Number.MAX_SAFE_INTEGER) });
      }
      case "number":
        return fc.double({ noNaN: true, noDefaultInfinity: true, min: s.minimum ?? -1e6, max: s.maximum ?? 1e6 });
      case "boolean":
        return fc.boolean();
      case "null":
        return fc.constant(null);
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  }

  /** Types of a property: "string", "integer", "array"… (anyOf flattened). */
  private types(schema: JsonSchema): string[] {
    const s = this.resolve(schema);
    return s.anyOf ? s.anyOf.flatMap((x) => this.types(x)) : [s.type ?? "any"];
  }

  /** A hostile value for a property of this schema: wrong type, spoiled string, odd number, huge array, deep JSON, null. */
  hostile(schema: JsonSchema, name = ""): fc.Arbitrary<unknown> {
    const s = this.resolve(schema);
    const types = this.types(s);
    const options: Array<fc.Arbitrary<unknown>> = [this.valid(s, name).chain((v) => wrongType(v)), deepValue, fc.constant(null), anyHostile];
    if (types.includes("string")) options.push(this.valid(s, name).chain((v) => hostileString(typeof v === "string" ? v : undefined)));
    if (types.includes("integer") || types.includes("number")) options.push(hostileNumber, hostileNumber);
    if (types.includes("array")) {
      const item = s.anyOf ? {} : (s.items ?? {});
      options.push(
        fc.constantFrom(0, (s.maxItems ?? 500) + 1, 5_000).chain((n) => this.valid(item, name).map((v) => Array.from({ length: n }, () => v))),
        fc.array(this.hostile(item, name), { minLength: 1, maxLength: 3 }),
      );
    }
    return fc.oneof(...options);
  }

  /** The body's JSON text: valid, or mutated 1–3 times (missing, unknown, wrong, hostile fields; duplicate keys). */
  body(schema: JsonSchema): fc.Arbitrary<{ text: string; note: string }> {
    const s = this.resolve(schema);
    const props = Object.keys(s.properties ?? {});
    const required = s.required ?? [];
    type Mutation = { note: string; apply: (o: Record<string, unknown>) => Record<string, unknown> };
    const mutations: Array<fc.Arbitrary<Mutation>> = [
      fc.tuple(fc.constantFrom(...EXTRA_KEYS), anyHostile).map(([k, v]) => ({ note: `extra ${k.slice(0, 20)}`, apply: (o) => withKey(o, k, v) })),
      fc.constantFrom(...props).chain((k) => this.hostile(s.properties![k]!, k).map((v) => ({ note: `hostile ${k}`, apply: (o) => withKey(o, k, v) }))),
      fc.constantFrom(...props).chain((k) => this.hostile(s.properties![k]!, k).map((v) => ({ note: `hostile ${k}`, apply: (o) => withKey(o, k, v) }))),
    ];
    if (required.length) mutations.push(fc.constantFrom(...required).map((k) => ({ note: `missing ${k}`, apply: (o) => without(o, k) })));
    // About a quarter stay valid, so the routes' successful paths run between the refusals.
    const some = fc.oneof({ arbitrary: fc.constant([]), weight: 1 }, { arbitrary: fc.array(fc.oneof(...mutations), { minLength: 1, maxLength: 3 }), weight: 3 });
    const dupKey = fc.integer({ min: 0, max: 7 }).map((n) => n === 0);
    const mutated = fc.tuple(this.valid(s) as fc.Arbitrary<Record<string, unknown>>, some, dupKey).chain(([o, ms, dup]) => {
      const value = ms.reduce((acc, m) => m.apply(acc), o);
      const note = ms.map((m) => m.note).join(", ") || "valid";
      if (!dup || !props.length) return fc.constant({ text: rawJson(value), note });
      // A key given twice in the text: JSON.parse keeps the last, a streaming parser may keep the first.
      return fc
        .tuple(fc.constantFrom(...props), anyHostile)
        .map(([k, v]) => ({ text: rawJson(value).replace(/^\{/, `{${JSON.stringify(k)}:${rawJson(v)}${Object.keys(value).length ? "," : ""}`), note: `${note}, ${k} twice` }));
    });
    const whole = fc.oneof(deepValue, anyHostile, fc.constant(new Raw("1e999"))).map((v) => ({ text: rawJson(v), note: "not an object" }));
    return fc.oneof({ arbitrary: mutated, weight: 9 }, { arbitrary: whole, weight: 1 });
  }
}
