import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLSchema,
} from "graphql";

// Operations for the scope matrix, built from the schema: each root field with its required
// arguments given plausible values (ids of rows that exist, numbers, urls) and a selection of
// `__typename`, so the operation is valid and reaches the field's scope check.

export interface RootOperation {
  type: "query" | "mutation" | "subscription";
  field: string;
  scope: string | undefined;
  query: string;
  variables: Record<string, unknown>;
}

function sample(type: GraphQLInputType, name: string, ids: { id: string; accountId: number }): unknown {
  if (isNonNullType(type)) return sample(type.ofType, name, ids);
  if (isListType(type)) return [sample(type.ofType, name, ids)];
  if (isEnumType(type)) return type.getValues()[0]!.value as unknown;
  if (isInputObjectType(type)) {
    const fields = Object.values(type.getFields()).filter((f) => isNonNullType(f.type) && f.defaultValue === undefined);
    return Object.fromEntries(fields.map((f) => [f.name, sample(f.type, f.name, ids)]));
  }
  switch (type.name) {
    case "ID":
      return ids.id;
    case "Int":
      return name === "accountId" ? ids.accountId : 1;
    case "Boolean":
      return true;
    default:
      if (name === "to" || name === "phoneNumber") return "0501234567";
      if (name === "numbers") return "0501234567";
      if (name === "url") return "https://93.184.215.14/hook";
      if (name === "scopes") return "messages:read";
      return "x";
  }
}

const typeName = (t: GraphQLInputType): string => String(t);

function operationOf(kind: RootOperation["type"], field: GraphQLField<unknown, unknown>, ids: { id: string; accountId: number }): RootOperation {
  const required = field.args.filter((a: GraphQLArgument) => isNonNullType(a.type));
  const params = required.map((a) => `$${a.name}: ${typeName(a.type)}`).join(", ");
  const args = required.map((a) => `${a.name}: $${a.name}`).join(", ");
  const selection = isObjectType(getNamedType(field.type)) ? " { __typename }" : "";
  const scope = (field.extensions as { pothosOptions?: { authScopes?: { scope?: string } } }).pothosOptions?.authScopes?.scope;
  return {
    type: kind,
    field: field.name,
    scope,
    query: `${kind} Matrix${params ? `(${params})` : ""} { ${field.name}${args ? `(${args})` : ""}${selection} }`,
    variables: Object.fromEntries(required.map((a) => [a.name, sample(a.type, a.name, ids)])),
  };
}

/** One operation per root field of the schema. */
export function rootOperations(schema: GraphQLSchema, ids: { id: string; accountId: number }): RootOperation[] {
  const roots = [
    ["query", schema.getQueryType()],
    ["mutation", schema.getMutationType()],
    ["subscription", schema.getSubscriptionType()],
  ] as const;
  return roots.flatMap(([kind, root]) => (root ? Object.values(root.getFields()).map((f) => operationOf(kind, f, ids)) : []));
}
