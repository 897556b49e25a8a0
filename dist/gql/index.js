/* eslint-disable */
export * from "./gql.js";
//# sourceMappingURL=index.js.map