import type { Config } from "../core/config.js";
import { REST_PREFIX } from "../core/rest/router.js";
import { CONSOLE_PATH } from "../features/console/index.js";

/**
 * What a person who just ran `npm start` looks for first: where each surface is, and the demo key
 * when this start created one. For people, outside production only: a production server's output
 * is its JSON log and nothing else. It goes to stderr, so stdout stays JSON lines in every
 * environment for whatever reads it (`| pino-pretty`, `| jq`, a log shipper), and the key stays
 * out of the log.
 */
export function startBanner(config: Pick<Config, "nodeEnv" | "graphql">, url: string, demoKey: string | undefined): string | undefined {
  if (config.nodeEnv === "production") return undefined;
  const places: [string, string][] = [
    ["REST API", `${url}${REST_PREFIX}`],
    ["REST docs", `${url}${REST_PREFIX}/docs`],
    [config.graphql.graphiql ? "GraphiQL" : "GraphQL", `${url}/graphql`],
    ["Console", `${url}${CONSOLE_PATH}`],
  ];
  const lines = [`Messaging gateway (${config.nodeEnv}) at ${url}`, ...places.map(([name, at]) => `  ${name.padEnd(10)} ${at}`)];
  if (demoKey) {
    lines.push(`Demo API key (shown once): ${demoKey}`, `Try: curl -H "Authorization: Bearer ${demoKey}" ${url}${REST_PREFIX}/balance`);
  }
  return `\n${lines.join("\n")}\n\n`;
}
