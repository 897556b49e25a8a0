import { z } from "zod";
import type { RunBy } from "../../../core/audit/audited.js";
import { type Config, loadConfig } from "../../../core/config.js";
import type { Db } from "../../../core/db/database.js";
import { connectBridgeAsOperator, disconnectBridgeAsOperator } from "../../chatwoot/index.js";

// The operator's Chatwoot commands (docs/chatwoot.md): connect a tenant's Chatwoot inbox, and
// disconnect it. The webhook address is printed once; a whole address when PUBLIC_URL is set.

const tenant = z.coerce.number().int().positive();
const id = z.coerce.number().int().positive();

interface Settings extends RunBy {
  chatwoot?: Config["chatwoot"];
  webhooks?: Pick<Config["webhooks"], "allowPrivateAddresses">;
  channel?: Pick<Config["channel"], "publicUrl">;
}

export const chatwootCommands = {
  "chatwoot:connect": {
    help: "--tenant <id> --base-url <Chatwoot's address> --chatwoot-account <id> --inbox <id> --token <access token> --numbers <account id,…>",
    args: z.object({ tenant, baseUrl: z.string(), chatwootAccount: id, inbox: id, token: z.string(), numbers: z.string() }),
    run: (db: Db, a: { tenant: number; baseUrl: string; chatwootAccount: number; inbox: number; token: string; numbers: string }, settings: Settings) =>
      connectBridgeAsOperator(
        db,
        a.tenant,
        { baseUrl: a.baseUrl, chatwootAccountId: a.chatwootAccount, inboxId: a.inbox, accessToken: a.token, accountIds: a.numbers.split(",").map((n) => Number(n.trim())) },
        {
          chatwoot: settings.chatwoot ?? loadConfig({}).chatwoot,
          webhooks: { allowPrivateAddresses: settings.webhooks?.allowPrivateAddresses ?? false },
          publicUrl: settings.channel?.publicUrl,
        },
        settings,
      ),
  },
  "chatwoot:disconnect": {
    help: "--tenant <id>",
    args: z.object({ tenant }),
    run: (db: Db, a: { tenant: number }, settings: Settings) => disconnectBridgeAsOperator(db, a.tenant, settings),
  },
} as const;
