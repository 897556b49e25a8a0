// What the erasure feature offers the features above it (the admin command).
export { eraseContact } from "./erasure.js";
export type { ErasureResult } from "./erasure.js";
