import SchemaBuilder from "@pothos/core";
import PrismaPlugin from "@pothos/plugin-prisma";
import RelayPlugin from "@pothos/plugin-relay";
import SimpleObjectsPlugin from "@pothos/plugin-simple-objects";
import { getDatamodel } from "../generated/pothos-types.js";
export const builder = new SchemaBuilder({
    plugins: [PrismaPlugin, RelayPlugin, SimpleObjectsPlugin],
    defaultFieldNullability: false,
    prisma: {
        client: (ctx) => ctx.deps.db,
        dmmf: getDatamodel(),
        exposeDescriptions: false,
        filterConnectionTotalCount: true,
        onUnusedQuery: null,
    },
    relay: {
        clientMutationId: "omit",
        cursorType: "String",
    },
});
builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});
//# sourceMappingURL=builder.js.map