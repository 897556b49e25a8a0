import type { Client } from "graphql-ws";
import type { Texts } from "./i18n.js";
import type { SessionInfo } from "./api.js";

/** What the shell gives every page: the texts in the chosen language, the live connection, and who is signed in with which scopes. */
export interface PageProps {
  tx: Texts;
  live: Client;
  session: SessionInfo;
}
