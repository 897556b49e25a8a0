import { builder } from "./builder.js";
import "./message.js";
import "./batch.js";
import "./account.js";
import "./balance.js";
import "./live.js";

export const schema = builder.toSchema();
