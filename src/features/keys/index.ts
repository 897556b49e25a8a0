// What the keys feature offers other features (the admin commands).
export { createKeyAsOperator, revokeKeyAsOperator } from "./operator-keys.js";
export { MAX_ACTIVE_KEYS } from "./keys.js";
