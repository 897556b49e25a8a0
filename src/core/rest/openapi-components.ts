import { z } from "zod";

// The OpenAPI document's JSON Schemas, printed from the zod schemas the routes use, never from a
// list kept beside them: every schema the document shows is printed through `Components.use`,
// which hands back where to find it and publishes, under `components.schemas`, every named schema
// it refers to (its own `id` and the ids of what it nests). A route therefore cannot point at a
// schema that is not published; `unresolvedRefs` checks the finished document on top of that.

type JsonSchema = Record<string, unknown>;
export type Io = "input" | "output";

const DEFS = "#/$defs/";
const COMPONENTS = "#/components/schemas/";

/** Every `$ref` in `value`, rewritten by `rename`. */
function renameRefs(value: unknown, rename: (ref: string) => string): unknown {
  if (Array.isArray(value)) return value.map((v) => renameRefs(v, rename));
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === "$ref" && typeof v === "string" ? rename(v) : renameRefs(v, rename)]));
}

export class Components {
  readonly schemas: Record<string, JsonSchema> = {};
  /** The printed text of each component, to find one id printed two ways. */
  private readonly texts = new Map<string, string>();

  /**
   * The schema as the document shows it: a `$ref` to its component when it has an id, or inline.
   * Request bodies and parameters print as `input` (what a caller writes), answers as `output`.
   */
  use(schema: z.ZodType, io: Io): JsonSchema {
    const printed = z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "throw" }) as JsonSchema;
    const { $schema: _, $defs, ...root } = renameRefs(printed, (ref) => (ref.startsWith(DEFS) ? COMPONENTS + ref.slice(DEFS.length) : ref)) as JsonSchema;
    for (const [id, definition] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) this.publish(id, definition, io);
    return root;
  }

  private publish(id: string, definition: JsonSchema, io: Io): void {
    const text = JSON.stringify(definition);
    const earlier = this.texts.get(id);
    if (earlier !== undefined && earlier !== text) {
      // A schema whose input and output differ (a default, a transform) needs one id per side.
      throw new Error(`The schema "${id}" prints differently as ${io} than where it was used before; give each form its own id.`);
    }
    this.texts.set(id, text);
    this.schemas[id] = definition;
  }
}

/** The JSON pointers of `doc` that a `$ref` names but that lead nowhere (none, in a sound document). */
export function unresolvedRefs(doc: object): string[] {
  const missing: string[] = [];
  const resolve = (pointer: string) =>
    pointer
      .slice(2)
      .split("/")
      .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
      .reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined), doc);
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (value === null || typeof value !== "object") return;
    for (const [k, v] of Object.entries(value)) {
      if (k === "$ref" && typeof v === "string" && (!v.startsWith("#/") || resolve(v) === undefined)) missing.push(v);
      else walk(v);
    }
  };
  walk(doc);
  return missing;
}
