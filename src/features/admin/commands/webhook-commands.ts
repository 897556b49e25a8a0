import { z } from "zod";
import type { Db } from "../../../core/db/database.js";
import { notFound } from "../../../core/errors.js";
import { byOperator, type RunBy } from "../../../core/audit/audited.js";
import type { Config } from "../../../core/config.js";
import { createWebhookEndpoint, deleteWebhookEndpoint, listWebhookEndpoints, parseNewEndpoint, setWebhookEndpointEnabled } from "../../webhooks/index.js";

// A tenant's webhook endpoints as the operator keeps them (docs/webhooks.md): the same service and
// rules as the tenant's own, recorded in the tenant's audit log as the operator's who ran them.

const id = z.coerce.number().int().positive();

interface Settings extends RunBy {
  webhooks: Pick<Config["webhooks"], "allowPrivateAddresses">;
}

export const webhookCommands = {
  "webhook:create": {
    help: "--tenant <id> --url <http(s) URL> [--events message.status,message.delivered,message.read]",
    args: z.object({ tenant: id, url: z.string().min(1), events: z.string().optional() }),
    run: async (db: Db, a: { tenant: number; url: string; events?: string | undefined }, settings: Settings) => {
      if (!(await db.tenant.findUnique({ where: { id: a.tenant }, select: { id: true } }))) throw notFound("Tenant");
      const events = a.events
        ?.split(",")
        .map((e) => e.trim())
        .filter(Boolean);
      const { endpoint, secret } = await createWebhookEndpoint(db, settings.webhooks, a.tenant, parseNewEndpoint({ url: a.url, events }), byOperator(settings));
      return { ...endpoint, secret, note: "The secret is shown only now: give it to the receiver, which verifies X-Signature with it." };
    },
  },
  "webhook:list": {
    help: "--tenant <id>",
    args: z.object({ tenant: id }),
    run: (db: Db, a: { tenant: number }) => listWebhookEndpoints(db, a.tenant),
  },
  "webhook:disable": {
    help: "--id <endpoint id> (no new events are queued for it until enabled again)",
    args: z.object({ id }),
    run: (db: Db, a: { id: number }, settings: Settings) => setWebhookEndpointEnabled(db, null, a.id, false, byOperator(settings)),
  },
  "webhook:enable": {
    help: "--id <endpoint id>",
    args: z.object({ id }),
    run: (db: Db, a: { id: number }, settings: Settings) => setWebhookEndpointEnabled(db, null, a.id, true, byOperator(settings)),
  },
  "webhook:delete": {
    help: "--id <endpoint id>",
    args: z.object({ id }),
    run: (db: Db, a: { id: number }, settings: Settings) => deleteWebhookEndpoint(db, null, a.id, byOperator(settings)),
  },
} as const;
