// What the audit feature offers other features (the admin commands, the housekeeper).
export { verifyAuditChain, type ChainReport } from "./audit-chain.js";
