// The accounts feature's GraphQL types that features above it use (.dependency-cruiser.cjs).

export { NumberStateEnum } from "./graphql-account.js";
