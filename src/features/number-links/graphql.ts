import { builder } from "../../core/graphql/builder.js";
import { checkedInput } from "../../core/graphql/checked-input.js";
import type { ServiceDeps } from "../../core/deps.js";
import type { Principal } from "../../core/principal.js";
import { liveTenantStream } from "../live/index.js";
import { connectionView, LINK_STATES, type ConnectionView, type LinkState } from "./connection-view.js";
import { LINK_CHANNELS, parseConnect, parsePairingPhone } from "./link-input.js";
import { ownLinkedAccount, relinkNumber, removeNumber, requestPairingCode } from "./links.js";
import { connectAnyNumber } from "./connect.js";

// A tenant connects its own numbers over GraphQL (docs/connecting-numbers.md): the mutations, the
// connection's state, and its live stream (QR codes as they rotate, then the linked number).

const LinkStateEnum = builder.enumType("LinkState", {
  description: "Where linking a number stands: WAHA's session status (CREATING before the session exists); OPERATOR: added by the operator, no session of ours.",
  values: Object.fromEntries(LINK_STATES.map((s) => [s, { value: s }])) as Record<LinkState, { value: LinkState }>,
});

const LinkChannelEnum = builder.enumType("LinkChannel", {
  description: "waha: a session on one of the operator's WAHA servers; simulator: a simulated phone (development); whatsapp_cloud: a Cloud API number by its credentials.",
  // GraphQL's names cannot hold a dash.
  values: Object.fromEntries(LINK_CHANNELS.map((c) => [c.replace("-", "_"), { value: c }])),
});

const ConnectionRef = builder.objectRef<ConnectionView>("AccountConnection").implement({
  description: "A number's connection: its session's state, the QR code to scan while it waits, and the number once linked.",
  fields: (t) => ({
    accountId: t.exposeInt("accountId"),
    name: t.exposeString("name"),
    channel: t.exposeString("channel"),
    state: t.field({ type: LinkStateEnum, resolve: (c) => c.state }),
    status: t.exposeString("status", { description: "The number's status: connected once linked (GET /accounts)." }),
    phoneNumber: t.exposeString("phoneNumber", { nullable: true }),
    qr: t.exposeString("qr", { nullable: true, description: "While SCAN_QR_CODE: the value to show as a QR code (it rotates; follow accountConnection)." }),
    qrChangedAt: t.exposeString("qrChangedAt", { nullable: true }),
    pairingCode: t.exposeString("pairingCode", { nullable: true, description: "The code asked for with requestPairingCode, to type on the phone." }),
    pairingPhone: t.exposeString("pairingPhone", { nullable: true }),
    error: t.exposeString("error", { nullable: true, description: "Why the last attempt failed: number_taken, other_phone, not_started." }),
    verifiedName: t.exposeString("verifiedName", { nullable: true, description: "A Cloud API number's display name as Meta verified it." }),
    quality: t.exposeString("quality", { nullable: true, description: "Meta's quality rating (GREEN, YELLOW, RED)." }),
    messagingTier: t.exposeInt("messagingTier", { nullable: true, description: "Meta's messaging limit: unique recipients in 24 hours; null: none held." }),
  }),
});

const RemovedAccountRef = builder.simpleObject("RemovedAccount", {
  fields: (t) => ({ id: t.int(), removedAt: t.string() }),
});

const ConnectInputRef = builder.inputType("ConnectAccountInput", {
  fields: (t) => ({
    name: t.string({ required: true, description: "A label for the number." }),
    channel: t.field({ type: LinkChannelEnum, description: "Left out: simulator on a gateway whose CHANNEL_DRIVER is simulator, else waha." }),
    warmUp: t.boolean({ description: "Start a warm-up when it links (default true); false: the number is not new." }),
    phoneNumberId: t.string({ description: "whatsapp_cloud: the phone number id Meta shows for the number." }),
    wabaId: t.string({ description: "whatsapp_cloud: its WhatsApp Business Account id." }),
    accessToken: t.string({ description: "whatsapp_cloud: a system-user access token (stored like other secrets, never shown again)." }),
    signupCode: t.string({ description: "whatsapp_cloud: instead of a token, the code Meta's Embedded Signup handed back." }),
  }),
});

const view = async (deps: ServiceDeps, principal: Principal, id: number) => connectionView(deps, await ownLinkedAccount(deps, principal, id));

const EmbeddedSignupRef = builder.simpleObject("EmbeddedSignup", {
  description: "What a page needs to open Meta's Embedded Signup (a Facebook login that hands back a code for connectAccount's signupCode).",
  fields: (t) => ({
    appId: t.string(),
    configId: t.string({ nullable: true, description: "The Embedded Signup configuration (META_SIGNUP_CONFIG_ID); null: Meta's default flow." }),
    graphVersion: t.string(),
  }),
});

builder.queryFields((t) => ({
  embeddedSignup: t.field({
    authScopes: { scope: "accounts:read" },
    type: EmbeddedSignupRef,
    nullable: true,
    description: "Meta's Embedded Signup as the operator set it up; null when it is not (connect a Cloud number with its token instead).",
    resolve: async (_, __, ctx) => {
      await ctx.principal();
      const { appId, appSecret, signupConfigId, apiVersion } = ctx.deps.config.channel.whatsappCloud;
      return appId && appSecret ? { appId, configId: signupConfigId ?? null, graphVersion: apiVersion } : null;
    },
  }),
  accountConnection: t.field({
    authScopes: { scope: "accounts:read" },
    type: ConnectionRef,
    args: { id: t.arg.int({ required: true }) },
    resolve: async (_, args, ctx) => view(ctx.deps, await ctx.principal(), args.id),
  }),
}));

builder.mutationFields((t) => ({
  connectAccount: t.field({
    authScopes: { scope: "accounts:manage" },
    type: ConnectionRef,
    description: "Adds a number within the plan's number limit: one the tenant links itself (QR code or pairing code), or a Cloud API number by its credentials.",
    args: { input: t.arg({ type: ConnectInputRef, required: true }) },
    resolve: async (_, args, ctx) => connectionView(ctx.deps, await connectAnyNumber(ctx.deps, await ctx.principal(), checkedInput(ctx, parseConnect, args.input))),
  }),
  relinkAccount: t.field({
    authScopes: { scope: "accounts:manage" },
    type: ConnectionRef,
    description: "Links a number again (its session was lost or an attempt failed): the same account and history.",
    args: { id: t.arg.int({ required: true }) },
    resolve: async (_, args, ctx) => connectionView(ctx.deps, await relinkNumber(ctx.deps, await ctx.principal(), args.id)),
  }),
  requestPairingCode: t.field({
    authScopes: { scope: "accounts:manage" },
    type: ConnectionRef,
    description: "A code to type on the phone (Linked devices → Link with phone number instead) rather than scanning.",
    args: { id: t.arg.int({ required: true }), phoneNumber: t.arg.string({ required: true }) },
    resolve: async (_, args, ctx) => {
      const phone = checkedInput(ctx, parsePairingPhone, { phoneNumber: args.phoneNumber });
      return connectionView(ctx.deps, await requestPairingCode(ctx.deps, await ctx.principal(), args.id, phone));
    },
  }),
  removeAccount: t.field({
    authScopes: { scope: "accounts:manage" },
    type: RemovedAccountRef,
    description: "Logs the number's session out and removes it; the number no longer sends or shows. Its messages stay.",
    args: { id: t.arg.int({ required: true }) },
    resolve: async (_, args, ctx) => {
      const removed = await removeNumber(ctx.deps, await ctx.principal(), args.id);
      return { id: removed.id, removedAt: ctx.deps.clock.timestamp(removed.removedAt ?? ctx.deps.clock.now()) };
    },
  }),
}));

builder.subscriptionFields((t) => ({
  accountConnection: t.field({
    authScopes: { scope: "accounts:read" },
    type: ConnectionRef,
    description: "The number's connection now, then after each move: every new QR code, each state, the linked number. Ends when it is removed.",
    args: { id: t.arg.int({ required: true }) },
    subscribe: async (_, args, ctx) => {
      const principal = await ctx.principal();
      await ownLinkedAccount(ctx.deps, principal, args.id);
      const { tenantId } = principal;
      const stream = await liveTenantStream(
        ctx.deps,
        principal,
        () => ctx.deps.events.subscribeConnection(tenantId),
        () => ctx.deps.events.ready(tenantId, "connection-events"),
        (e) => e.accountId === args.id,
      );
      return connectionUpdates(ctx.deps, principal, args.id, stream);
    },
    resolve: (c) => c,
  }),
}));

async function* connectionUpdates(deps: ServiceDeps, principal: Principal, id: number, stream: AsyncGenerator<{ state: string }>): AsyncGenerator<ConnectionView> {
  try {
    yield await view(deps, principal, id);
    for await (const move of stream) {
      if (move.state === "REMOVED") return;
      yield await view(deps, principal, id);
    }
  } finally {
    await stream.return(undefined);
  }
}
