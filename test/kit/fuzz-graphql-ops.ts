import fc from "fast-check";
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLOutputType,
  type GraphQLSchema,
} from "graphql";
import { deepValue, EnumValue, EXTRA_KEYS, hostileNumber, hostileString, Raw, rawJson, without, withKey, wrongType } from "./fuzz-values.js";

// GraphQL operations built from the schema: every root field of Query, Mutation and Subscription,
// its arguments generated from their types (valid, or hostile in the ways of fuzz-values.ts),
// written inline as literals or passed as variables, with a few leaf fields selected.

export interface Operation {
  type: "query" | "mutation" | "subscription";
  field: string;
  query: string;
  /** The variables as JSON text (raw: 1e999, deep nesting), when the operation has any. */
  variables?: string;
  operationName?: unknown;
  /** How it was built ("inline, hostile args"), for the report. */
  note: string;
}

/** A GraphQL literal of a value (enum values bare, Raw as written: 1e999, [[[…]]]). */
export function literal(v: unknown): string {
  if (v instanceof Raw) return v.text;
  if (v instanceof EnumValue) return v.name;
  if (v === null || v === undefined) return "null";
  if (Array.isArray(v)) return `[${v.map(literal).join(", ")}]`;
  if (typeof v === "object")
    return `{${Object.entries(v)
      .map(([k, x]) => `${k}: ${literal(x)}`)
      .join(", ")}}`;
  if (typeof v === "number") return Number.isFinite(v) ? String(v) : "1e999";
  return typeof v === "string" ? JSON.stringify(v) : typeof v === "boolean" || typeof v === "bigint" ? String(v) : "null";
}

const URLS = ["https://93.184.215.14/hooks/gql", "http://93.184.215.14:8080/p.png"];
/** How deep a value's input objects and lists nest before an input that holds itself ends (arbitraries are built eagerly). */
const MAX_DEPTH = 8;

export class OperationBuilder {
  constructor(
    private readonly schema: GraphQLSchema,
    private readonly world: { ids: string[]; accountIds: number[] },
  ) {}

  /** A value the type accepts, by argument name where the name says more than the type. */
  valid(type: GraphQLInputType, name: string, depth = 0): fc.Arbitrary<unknown> {
    if (isNonNullType(type)) return this.valid(type.ofType, name, depth);
    // An input that holds itself (an automation menu's options hold menus) ends here in null.
    if (depth > MAX_DEPTH) return fc.constant(null);
    const value = this.validValue(type, name, depth);
    return fc.oneof({ arbitrary: value, weight: 9 }, { arbitrary: fc.constant(null), weight: 1 });
  }

  private validValue(type: GraphQLInputType, name: string, depth = 0): fc.Arbitrary<unknown> {
    if (isNonNullType(type)) return this.validValue(type.ofType, name, depth);
    if (isListType(type)) return fc.array(this.validValue(type.ofType, name, depth + 1), { minLength: 1, maxLength: 3 });
    if (isEnumType(type)) return fc.constantFrom(...type.getValues().map((v) => new EnumValue(v.name)));
    if (isInputObjectType(type)) {
      const fields = Object.values(type.getFields());
      const required = fields.filter((f) => isNonNullType(f.type) && f.defaultValue === undefined).map((f) => f.name);
      const field = (f: (typeof fields)[number]) => (required.includes(f.name) ? this.validValue(f.type, f.name, depth + 1) : this.valid(f.type, f.name, depth + 1));
      return fc.record(Object.fromEntries(fields.map((f) => [f.name, field(f)])), { requiredKeys: required });
    }
    switch (type.name) {
      case "ID":
        return fc.oneof(fc.constantFrom(...this.world.ids), fc.stringMatching(/^[1-9]\d{0,6}$/));
      case "Int":
        if (name === "accountId") return fc.constantFrom(...this.world.accountIds);
        return name === "first" || name === "last" ? fc.integer({ min: 1, max: 50 }) : fc.integer({ min: 0, max: 100 });
      case "Boolean":
        return fc.boolean();
      case "Float":
        return fc.double({ noNaN: true, noDefaultInfinity: true });
      default:
        if (name === "to" || name === "numbers") return fc.constantFrom("0501234567", "+966 50 123 4568", "966501234569");
        if (name === "url" || name === "imageUrl") return fc.constantFrom(...URLS);
        if (name === "text") return fc.constantFrom("hello", "مرحبا", "x");
        if (name === "idempotencyKey") return fc.stringMatching(/^[\x21-\x7e]{1,40}$/);
        if (name === "after" || name === "before") return fc.constantFrom(...this.world.ids, "abc", "");
        return fc.string({ maxLength: 12 });
    }
  }

  /** A value of this type that is wrong in some way: type, range, text, size, depth, nullness, shape. */
  hostile(type: GraphQLInputType, name: string): fc.Arbitrary<unknown> {
    const inner = isNonNullType(type) ? type.ofType : type;
    const common: Array<fc.Arbitrary<unknown>> = [
      this.validValue(inner, name).chain((v) => wrongType(v instanceof EnumValue ? v.name : v)),
      deepValue,
      fc.constant(new EnumValue("nope")),
    ];
    if (isNonNullType(type)) common.push(fc.constant(null));
    if (isListType(inner)) {
      common.push(
        fc.constantFrom(0, 501, 5_000).chain((n) => this.validValue(inner.ofType, name).map((v) => Array.from({ length: n }, () => v))),
        fc.array(this.hostile(inner.ofType, name), { minLength: 1, maxLength: 3 }),
      );
    } else if (isEnumType(inner)) {
      common.push(fc.constantFrom(...inner.getValues().map((v) => v.name)), fc.constantFrom(...inner.getValues().map((v) => new EnumValue(v.name.toUpperCase() + "_"))));
    } else if (isInputObjectType(inner)) {
      const fields = Object.values(inner.getFields());
      const obj = this.validValue(inner, name) as fc.Arbitrary<Record<string, unknown>>;
      common.push(
        fc.tuple(obj, fc.constantFrom(...fields)).map(([o, f]) => without(o, f.name)),
        fc.tuple(obj, fc.constantFrom(...EXTRA_KEYS.filter((k) => /^[_A-Za-z]\w*$/.test(k)))).map(([o, k]) => withKey(o, k, 1)),
        fc.tuple(obj, fc.constantFrom(...fields)).chain(([o, f]) => this.hostile(f.type, f.name).map((v) => withKey(o, f.name, v))),
        fc.tuple(obj, fc.constantFrom(...fields)).chain(([o, f]) => this.hostile(f.type, f.name).map((v) => withKey(o, f.name, v))),
      );
    } else if (inner.name === "Int" || inner.name === "Float") {
      common.push(hostileNumber, hostileNumber, fc.constantFrom(2_147_483_648, -2_147_483_649, 1.5));
    } else {
      common.push(
        this.validValue(inner, name).chain((v) => hostileString(String(v))),
        hostileString(),
      );
    }
    return fc.oneof(...common);
  }

  /** A selection set of a few fields of `type` (nothing for a leaf), sometimes a broken one. */
  selection(type: GraphQLOutputType, depth = 1): fc.Arbitrary<string> {
    const named = getNamedType(type);
    if (!isObjectType(named)) return fc.constant("");
    const fields = Object.values(named.getFields()).filter((f) => depth < 3 || isLeafType(getNamedType(f.type)));
    if (!fields.length) return fc.constant("{ __typename }");
    return fc
      .uniqueArray(fc.constantFrom(...fields), { minLength: 1, maxLength: 3, selector: (f) => f.name })
      .chain((fs) => fc.tuple(...fs.map((f) => this.selection(f.type, depth + 1).map((sub) => (sub ? `${f.name} ${sub}` : f.name)))))
      .map((parts) => `{ ${parts.join(" ")} }`);
  }

  private brokenSelection(type: GraphQLOutputType): fc.Arbitrary<string> {
    const leaf = isLeafType(getNamedType(type));
    return fc.constantFrom(
      leaf ? "{ id }" : "",
      "{ nope }",
      "{ __typename }",
      "{ ... on Nope { id } }",
      "{ id @nope }",
      '{ id @include(if: "yes") }',
      `{ ${"__typename ".repeat(3)}}`,
    );
  }

  /** An operation on one root field: arguments valid or hostile, inline or as variables. */
  operation(type: Operation["type"], field: GraphQLField<unknown, unknown>): fc.Arbitrary<Operation> {
    const args = field.args;
    const argValue = (hostile: boolean) => (a: (typeof args)[number]) =>
      hostile ? fc.oneof({ arbitrary: this.valid(a.type, a.name), weight: 1 }, { arbitrary: this.hostile(a.type, a.name), weight: 2 }) : this.valid(a.type, a.name);
    return fc
      .record({
        hostile: fc.boolean(),
        inline: fc.boolean(),
        drop: fc.integer({ min: 0, max: 9 }),
        extraArg: fc.integer({ min: 0, max: 9 }),
        badVarType: fc.integer({ min: 0, max: 9 }),
        badVariables: fc.integer({ min: 0, max: 14 }),
        badSelection: fc.integer({ min: 0, max: 9 }),
        name: fc.constantFrom("Op", "op_1", "Q"),
        operationName: fc.oneof({ arbitrary: fc.constant(undefined), weight: 8 }, { arbitrary: fc.constantFrom<unknown>("Nope", "", 1, null, ["Op"], "\u0000"), weight: 1 }),
      })
      .chain((o) =>
        fc.tuple(
          fc.constant(o),
          fc.tuple(...args.map(argValue(o.hostile))),
          o.badSelection === 0 ? this.brokenSelection(field.type) : this.selection(field.type),
          fc.oneof(fc.constantFrom<unknown>([], "x", 1, null, { a0: 1, extra: 2 }), deepValue),
        ),
      )
      .map(([o, values, selection, badVariables]) => {
        let kept = args.map((a, i) => ({ name: a.name, type: String(a.type), value: values[i] }));
        if (o.drop === 0 && kept.length) kept = kept.slice(1);
        const notes = [o.inline ? "inline" : "variables", o.hostile ? "hostile args" : "valid args"];
        if (o.badSelection === 0) notes.push("broken selection");
        let query: string;
        let variables: string | undefined;
        if (o.inline) {
          const list = kept.map((a) => `${a.name}: ${literal(a.value)}`);
          if (o.extraArg === 0) list.push("nope: 1");
          query = `${type} ${o.name} { ${field.name}${list.length ? `(${list.join(", ")})` : ""} ${selection} }`;
        } else {
          const defs = kept.map((a, i) => `$a${i}: ${o.badVarType === 0 && i === 0 ? "String" : a.type}`);
          const list = kept.map((a, i) => `${a.name}: $a${i}`);
          if (o.extraArg === 0) list.push("nope: $a0");
          query = `${type} ${o.name}${defs.length ? `(${defs.join(", ")})` : ""} { ${field.name}${list.length ? `(${list.join(", ")})` : ""} ${selection} }`;
          const vars = Object.fromEntries(kept.map((a, i) => [`a${i}`, a.value]));
          variables = o.badVariables === 0 ? rawJson(badVariables) : rawJson(vars);
          if (o.badVariables === 0) notes.push("variables of a wrong shape");
        }
        if (o.drop === 0 && args.length) notes.push(`missing ${args[0]!.name}`);
        return {
          type,
          field: field.name,
          query,
          ...(variables === undefined ? {} : { variables }),
          operationName: o.operationName === undefined ? o.name : o.operationName,
          note: notes.join(", "),
        };
      });
  }

  /** An operation on any root field, each field as likely as the others. */
  any(): fc.Arbitrary<Operation> {
    const roots = [
      ["query", this.schema.getQueryType()],
      ["mutation", this.schema.getMutationType()],
      ["subscription", this.schema.getSubscriptionType()],
    ] as const;
    const ops = roots.flatMap(([type, root]) => (root ? Object.values(root.getFields()).map((f) => this.operation(type, f)) : []));
    return fc.oneof(...ops);
  }
}
