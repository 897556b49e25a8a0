import { builder } from "./builder.js";
import "./message.js";
import "./batch.js";
import "./account.js";
import "./balance.js";
import "./live.js";
import "./webhooks.js";
export const schema = builder.toSchema();
//# sourceMappingURL=index.js.map