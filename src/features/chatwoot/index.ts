// What the Chatwoot feature offers other features (the admin commands) and the composition root (the relay, the receiver).
export { connectBridgeAsOperator, disconnectBridgeAsOperator } from "./operator-bridge.js";
export { ChatwootRelay } from "./relay/relay.js";
export { createChatwootReceiver } from "./receiver.js";
export { WEBHOOK_PATH as CHATWOOT_WEBHOOK_PATH } from "./bridge.js";
export { pruneEndedChatwootWork } from "./relay/prune.js";
export { eraseChatwootContact } from "./erasure-sql.js";
