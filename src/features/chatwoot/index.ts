// What the Chatwoot feature offers other features (the admin commands).
export { connectBridgeAsOperator, disconnectBridgeAsOperator } from "./operator-bridge.js";
