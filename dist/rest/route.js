export const route = (r) => r;
/** Present fields only: an absent field must reach GraphQL as absent, so "required" is reported. */
export const pick = (body, map) => Object.fromEntries(Object.entries(map).filter(([rest]) => rest in body).map(([rest, gql]) => [gql, body[rest]]));
//# sourceMappingURL=route.js.map