import type { Client } from "graphql-ws";
import type { Texts } from "./i18n.js";

/** What the shell gives every page: the texts in the chosen language, and the live connection. */
export interface PageProps {
  tx: Texts;
  live: Client;
}
