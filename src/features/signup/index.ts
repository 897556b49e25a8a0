// What the sign-up feature offers other features (the admin command, the console).
export { createSignupCode } from "./signup-codes.js";
export { useSignupTenantWriter } from "./signup-sql.js";
