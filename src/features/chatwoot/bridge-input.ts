import { z } from "zod";
import { parseInput } from "../../core/input/validation.js";

// A Chatwoot connection's fields, with their rules written once for REST, GraphQL and the admin
// CLI: where Chatwoot answers, its account and API channel inbox, an access token, and the
// tenant's numbers the inbox carries.

const MAX_URL_LENGTH = 2048;
/** Numbers one inbox may carry. */
export const MAX_BRIDGE_NUMBERS = 100;

export const chatwootBaseUrl = z
  .string()
  .trim()
  .max(MAX_URL_LENGTH)
  .superRefine((s, ctx) => {
    let url: URL;
    try {
      url = new URL(s);
    } catch {
      ctx.addIssue({ code: "custom", message: "must be an absolute http(s) URL, such as https://chatwoot.example.com", input: s });
      return;
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") ctx.addIssue({ code: "custom", message: "must use http or https", input: s });
    if (url.username || url.password) ctx.addIssue({ code: "custom", message: "must not carry a user name or password", input: s });
    if (url.search || url.hash) ctx.addIssue({ code: "custom", message: "must not carry a query or a fragment", input: s });
  })
  .transform((s) => s.replace(/\/+$/, ""));

const chatwootId = z.number().int().positive().max(2_147_483_647);

/** What an access token must be, said wherever one is asked for. */
export const ACCESS_TOKEN_HELP =
  "An administrator's access token (Chatwoot: Profile settings → Access token), which can read the inbox's webhook secret. An agent bot's token cannot be used: Chatwoot lets bots reach only conversations and messages, not the inbox or contacts. Kept, never shown again.";

export const chatwootAccessToken = z
  .string()
  .trim()
  .min(8, "must be an administrator's access token from Chatwoot (Profile settings)")
  .max(200)
  .regex(/^[\x21-\x7e]+$/, "must be printable characters without spaces");

export const bridgeNumbers = z.array(z.number().int().positive().max(2_147_483_647)).min(1, "name at least one of your numbers").max(MAX_BRIDGE_NUMBERS);

export const bridgeSchema = z.object({
  baseUrl: chatwootBaseUrl,
  chatwootAccountId: chatwootId,
  inboxId: chatwootId,
  accessToken: chatwootAccessToken,
  accountIds: bridgeNumbers,
});

export type NewBridge = z.output<typeof bridgeSchema>;

/** GraphQL's arguments checked by the rules above; errors name `baseUrl`, `chatwootAccountId`, `inboxId`, `accessToken`, `accountIds`. */
export const parseNewBridge = (raw: unknown): NewBridge => {
  const checked = parseInput(bridgeSchema, raw);
  return { ...checked, accountIds: [...new Set(checked.accountIds)] };
};

/** Failed posts retried at once, at most. */
export const MAX_RETRY_IDS = 1_000;

/** The ids of failed posts to post again (as GraphQL's IDs; REST's numbers are the same digits). */
export const retryIdsSchema = z
  .array(z.string().regex(/^[1-9]\d{0,17}$/, "is not a post id"))
  .min(1, "name at least one post, or leave ids out to post every failed post again")
  .max(MAX_RETRY_IDS);

/** GraphQL's `ids` checked by the rule above, as ids; null or absent: every failed post. */
export const parseRetryIds = (raw: unknown): bigint[] | null =>
  raw === null || raw === undefined ? null : parseInput(z.object({ ids: retryIdsSchema }), { ids: raw }).ids.map((id) => BigInt(id));
