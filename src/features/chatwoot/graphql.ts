import { builder } from "../../core/graphql/builder.js";
import { checkedInput } from "../../core/graphql/checked-input.js";
import { authorIn } from "../../core/audit/audited.js";
import { parseNewBridge } from "./bridge-input.js";
import { bridgeWebhookAddress, connectBridge, disconnectBridge, getBridge } from "./bridge.js";
import { type BridgeRow, readRelayState, type RelayState } from "./bridge-sql.js";

const ChatwootRelayRef = builder.objectRef<RelayState>("ChatwootRelayState").implement({
  description: "What the bridge has still to carry, and how its last calls to Chatwoot went.",
  fields: (t) => ({
    toChatwoot: t.exposeInt("toChatwoot", { description: "Contacts' messages and private notes waiting to be posted to Chatwoot." }),
    toWhatsapp: t.exposeInt("toWhatsapp", { description: "Agents' messages waiting to be sent on WhatsApp." }),
    oldestWaitingAt: t.string({
      nullable: true,
      description: "When the oldest of those arrived.",
      resolve: (r, _, ctx) => (r.oldestWaitingAt ? ctx.deps.clock.timestamp(r.oldestWaitingAt) : null),
    }),
    lastPostedAt: t.string({
      nullable: true,
      description: "The last call to Chatwoot that worked.",
      resolve: (r, _, ctx) => (r.lastPostedAt ? ctx.deps.clock.timestamp(r.lastPostedAt) : null),
    }),
    lastError: t.exposeString("lastError", { nullable: true, description: "Why the last call to Chatwoot failed, while no later one has worked (it is retried)." }),
    lastErrorAt: t.string({ nullable: true, resolve: (r, _, ctx) => (r.lastErrorAt ? ctx.deps.clock.timestamp(r.lastErrorAt) : null) }),
  }),
});

const ChatwootBridgeRef = builder.objectRef<BridgeRow>("ChatwootBridge").implement({
  description: "The tenant's Chatwoot inbox (an API channel inbox) and the numbers it carries. Its access token is never shown.",
  fields: (t) => ({
    id: t.id({ resolve: (b) => String(b.id) }),
    baseUrl: t.exposeString("baseUrl", { description: "Where Chatwoot answers." }),
    chatwootAccountId: t.exposeInt("chatwootAccountId", { description: "Chatwoot's account id." }),
    inboxId: t.exposeInt("inboxId", { description: "The API channel inbox's id in that account." }),
    accountIds: t.idList({ description: "The tenant's numbers whose messages the inbox carries.", resolve: (b) => b.accountIds.map(String) }),
    createdAt: t.string({ resolve: (b, _, ctx) => ctx.deps.clock.timestamp(b.createdAt) }),
    updatedAt: t.string({ resolve: (b, _, ctx) => ctx.deps.clock.timestamp(b.updatedAt) }),
    relay: t.field({ type: ChatwootRelayRef, description: "The backlog both ways and the last call's outcome.", resolve: (b, _, ctx) => readRelayState(ctx.deps.db, b.id) }),
  }),
});

const ConnectChatwootInput = builder.inputType("ConnectChatwootInput", {
  fields: (t) => ({
    baseUrl: t.string({ required: true, description: "Where Chatwoot answers, such as https://chatwoot.example.com (a public address)." }),
    chatwootAccountId: t.int({ required: true }),
    inboxId: t.int({ required: true, description: "An API channel inbox of that account." }),
    accessToken: t.string({ required: true, description: "An agent's or agent bot's access token; kept, never shown again." }),
    accountIds: t.idList({ required: true, description: "The numbers of yours the inbox carries." }),
  }),
});

const ConnectedChatwootPayload = builder.simpleObject("ConnectedChatwootPayload", {
  fields: (t) => ({
    bridge: t.field({ type: ChatwootBridgeRef }),
    webhookUrl: t.string({ description: "Set this as the inbox's webhook URL in Chatwoot. It carries a secret and is shown only now; connecting again makes a new one." }),
  }),
});

const DisconnectedChatwootPayload = builder.simpleObject("DisconnectedChatwootPayload", { fields: (t) => ({ bridge: t.field({ type: ChatwootBridgeRef }) }) });

const asNumbers = (ids: readonly (string | number)[]) => ids.map((id) => (/^\d{1,10}$/.test(String(id)) ? Number(id) : Number.NaN));

builder.queryFields((t) => ({
  chatwootBridge: t.field({
    authScopes: { scope: "settings:manage" },
    type: ChatwootBridgeRef,
    description: "The tenant's Chatwoot connection (NOT_FOUND when there is none).",
    resolve: async (_, __, ctx) => getBridge(ctx.deps, (await ctx.principal()).tenantId),
  }),
}));

builder.mutationFields((t) => ({
  connectChatwoot: t.field({
    authScopes: { scope: "settings:manage" },
    type: ConnectedChatwootPayload,
    description: "Connects a Chatwoot API channel inbox to some of the tenant's numbers, or replaces the connection (with a new webhook address).",
    args: { input: t.arg({ type: ConnectChatwootInput, required: true }) },
    resolve: async (_, { input }, ctx) => {
      const principal = await ctx.principal();
      const checked = checkedInput(ctx, parseNewBridge, { ...input, accountIds: asNumbers(input.accountIds) });
      const { bridge, secret } = await connectBridge(ctx.deps, principal, checked, authorIn(ctx.deps, principal));
      const origin = ctx.deps.config.channel.publicUrl ?? ctx.linkOrigin ?? ctx.deps.urls.api ?? "";
      return { bridge, webhookUrl: bridgeWebhookAddress(origin, secret) };
    },
  }),
  disconnectChatwoot: t.field({
    authScopes: { scope: "settings:manage" },
    type: DisconnectedChatwootPayload,
    description: "Disconnects the tenant's Chatwoot inbox; Chatwoot's calls to the old address are refused from then on.",
    resolve: async (_, __, ctx) => {
      const principal = await ctx.principal();
      return { bridge: await disconnectBridge(ctx.deps, principal.tenantId, authorIn(ctx.deps, principal)) };
    },
  }),
}));
