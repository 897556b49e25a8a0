import { builder } from "../../core/graphql/builder.js";
import { checkedInput } from "../../core/graphql/checked-input.js";
import { authorIn } from "../../core/audit/audited.js";
import { ACCESS_TOKEN_HELP, parseNewBridge, parseRetryIds } from "./bridge-input.js";
import { bridgeWebhookAddress, connectBridge, disconnectBridge, getBridge } from "./bridge.js";
import { type BridgeRow, readRelayState, type RelayState } from "./bridge-sql.js";
import { FAILED_POSTS_SHOWN, failedPostsOf, retryFailed } from "./failed-posts.js";
import type { FailedPost } from "./relay/outbox-sql.js";

const ChatwootRelayRef = builder.objectRef<RelayState>("ChatwootRelayState").implement({
  description: "What the bridge has still to carry, and how its last calls to Chatwoot went.",
  fields: (t) => ({
    toChatwoot: t.exposeInt("toChatwoot", { description: "Contacts' messages and private notes waiting to be posted to Chatwoot." }),
    toWhatsapp: t.exposeInt("toWhatsapp", { description: "Agents' messages waiting to be sent on WhatsApp." }),
    failedPosts: t.exposeInt("failedPosts", { description: "Posts Chatwoot refused for good (ChatwootBridge.failedPosts lists them), until retried." }),
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

const PostKindEnum = builder.enumType("ChatwootPostKind", {
  values: { message: { value: "message" }, opt_out: { value: "opt_out" }, note: { value: "note" } } as const,
  description: "message: a contact's message; opt_out: the private note that a message opted the contact out; note: a private note (an agent's reply refused on WhatsApp).",
});

const FailedPostRef = builder.objectRef<FailedPost>("ChatwootFailedPost").implement({
  description: "A post Chatwoot refused for good, with its reason; retryChatwootPosts posts it again.",
  fields: (t) => ({
    id: t.id({ resolve: (p) => String(p.id) }),
    phone: t.exposeString("phone", { description: "The contact's number, international digits." }),
    kind: t.field({ type: PostKindEnum, resolve: (p) => p.kind }),
    inboundMessageId: t.id({
      nullable: true,
      description: "The contact's message it posts (as in GET /inbound-messages).",
      resolve: (p) => (p.inboundMessageId === null ? null : String(p.inboundMessageId)),
    }),
    reason: t.exposeString("reason", { description: "What Chatwoot answered." }),
    attempts: t.exposeInt("attempts"),
    createdAt: t.string({ resolve: (p, _, ctx) => ctx.deps.clock.timestamp(p.createdAt) }),
    failedAt: t.string({ resolve: (p, _, ctx) => ctx.deps.clock.timestamp(p.failedAt) }),
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
    webhooksSigned: t.exposeBoolean("webhooksSigned", {
      description:
        "True: each webhook must carry Chatwoot's signature with the inbox's secret (4.13 and later). False: the inbox showed no secret, so webhooks are refused, or taken unsigned where the operator allows it (CHATWOOT_ALLOW_UNSIGNED).",
    }),
    relay: t.field({ type: ChatwootRelayRef, description: "The backlog both ways and the last call's outcome.", resolve: (b, _, ctx) => readRelayState(ctx.deps.db, b.id) }),
    failedPosts: t.field({
      type: [FailedPostRef],
      description: `Posts Chatwoot refused for good, the latest first (at most ${FAILED_POSTS_SHOWN}; relay.failedPosts counts them all).`,
      resolve: (b, _, ctx) => failedPostsOf(ctx.deps, b.id),
    }),
  }),
});

const ConnectChatwootInput = builder.inputType("ConnectChatwootInput", {
  fields: (t) => ({
    baseUrl: t.string({ required: true, description: "Where Chatwoot answers, such as https://chatwoot.example.com (a public address)." }),
    chatwootAccountId: t.int({ required: true }),
    inboxId: t.int({ required: true, description: "An API channel inbox of that account." }),
    accessToken: t.string({ required: true, description: ACCESS_TOKEN_HELP }),
    accountIds: t.idList({ required: true, description: "The numbers of yours the inbox carries." }),
  }),
});

const ConnectedChatwootPayload = builder.simpleObject("ConnectedChatwootPayload", {
  fields: (t) => ({
    bridge: t.field({ type: ChatwootBridgeRef }),
    webhookUrl: t.string({ description: "Set this as the inbox's webhook URL in Chatwoot. It carries a secret and is shown only now; connecting again makes a new one." }),
  }),
});

const RetriedChatwootPostsPayload = builder.simpleObject("RetriedChatwootPostsPayload", {
  fields: (t) => ({ retried: t.int({ description: "How many failed posts are back in their contacts' queues." }) }),
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
  retryChatwootPosts: t.field({
    authScopes: { scope: "settings:manage" },
    type: RetriedChatwootPostsPayload,
    description:
      "Posts again the posts Chatwoot refused for good: those named by `ids`, or all of them (VALIDATION_ERROR naming `ids` for one that is not a failed post; nothing changes then).",
    args: { ids: t.arg.idList({ required: false }) },
    resolve: async (_, { ids }, ctx) => {
      const principal = await ctx.principal();
      const wanted = checkedInput(ctx, parseRetryIds, ids);
      return { retried: await retryFailed(ctx.deps, principal.tenantId, wanted, authorIn(ctx.deps, principal)) };
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
