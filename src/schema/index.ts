import { builder } from "./builder.js";
import "./message.js";
import "./batch.js";
import "./send-window.js";
import "./account.js";
import "./balance.js";
import "./live.js";
import "./webhooks.js";
import "./template.js";
import "./contact.js";
import "./inbound.js";

export const schema = builder.toSchema();
