import { WebhookDeliveryStatus } from "../../generated/prisma/enums.js";
import { newestFirstPage } from "../../core/graphql/pages.js";
import { builder } from "../../core/graphql/builder.js";
import { MessageEventTypeEnum } from "../live/graphql.js";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  setWebhookEndpointEnabled,
  listWebhookDeliveries,
  listWebhookEndpoints,
  replayWebhookDelivery,
  type WebhookEndpointView,
} from "./webhooks.js";
import { parseNewEndpoint, type WebhookEventType } from "./endpoint-input.js";
import { checkedInput } from "../../core/graphql/checked-input.js";
import { authorIn } from "../../core/audit/audited.js";

const WebhookDeliveryStatusEnum = builder.enumType(WebhookDeliveryStatus, {
  name: "WebhookDeliveryStatus",
  description: "pending: waiting for its first or next attempt; sending: being sent now; delivered: the receiver answered 2xx; failed: every attempt failed.",
});

const WebhookEndpointRef = builder.objectRef<WebhookEndpointView>("WebhookEndpoint").implement({
  description: "A URL your message events are POSTed to, signed with the endpoint's secret (shown only at creation).",
  fields: (t) => ({
    id: t.id({ resolve: (e) => String(e.id) }),
    url: t.exposeString("url"),
    events: t.field({
      type: [MessageEventTypeEnum],
      description: "The event types sent here; empty: all of them.",
      resolve: (e) => e.events as WebhookEventType[],
    }),
    enabled: t.exposeBoolean("enabled"),
    createdAt: t.string({ resolve: (e, _, ctx) => ctx.deps.clock.timestamp(e.createdAt) }),
  }),
});

const WebhookDeliveryRef = builder.prismaObject("WebhookDelivery", {
  description: "One event sent (or to be sent) to one endpoint, with the outcome of its last attempt.",
  fields: (t) => ({
    id: t.id({ resolve: (d) => String(d.id) }),
    endpointId: t.id({ resolve: (d) => String(d.endpointId) }),
    eventId: t.exposeString("eventId", { description: "The X-Event-Id header: the same for every attempt and replay of one event." }),
    eventType: t.field({ type: MessageEventTypeEnum, resolve: (d) => d.eventType as WebhookEventType }),
    messageId: t.id({
      nullable: true,
      description: "The message the event is about; null for message.received.",
      resolve: (d) => (d.messageId === null ? null : String(d.messageId)),
    }),
    inboundMessageId: t.id({
      nullable: true,
      description: "message.received only: the inbound message.",
      resolve: (d) => (d.inboundMessageId === null ? null : String(d.inboundMessageId)),
    }),
    status: t.expose("status", { type: WebhookDeliveryStatusEnum }),
    attempts: t.exposeInt("attempts"),
    responseStatus: t.exposeInt("responseStatus", { nullable: true, description: "HTTP status of the last attempt; null when it got no answer." }),
    lastError: t.exposeString("lastError", { nullable: true, description: "Why the last attempt failed (HTTP status, timeout, refused address…)." }),
    nextAttemptAt: t.string({
      nullable: true,
      description: "When a pending delivery is tried next.",
      resolve: (d, _, ctx) => (d.status === "pending" ? ctx.deps.clock.timestamp(d.runAt) : null),
    }),
    payload: t.string({ description: "The JSON body, as POSTed.", resolve: (d) => JSON.stringify(d.payload) }),
    createdAt: t.string({ resolve: (d, _, ctx) => ctx.deps.clock.timestamp(d.createdAt) }),
    deliveredAt: t.string({ nullable: true, resolve: (d, _, ctx) => (d.deliveredAt ? ctx.deps.clock.timestamp(d.deliveredAt) : null) }),
  }),
});

const CreateWebhookEndpointInput = builder.inputType("CreateWebhookEndpointInput", {
  fields: (t) => ({
    url: t.string({ required: true, description: "http(s) URL; it may not point to loopback, private or link-local addresses." }),
    events: t.field({ type: [MessageEventTypeEnum], description: "Event types to send; omitted or empty: all." }),
  }),
});

const CreateWebhookEndpointPayload = builder.simpleObject("CreateWebhookEndpointPayload", {
  fields: (t) => ({
    endpoint: t.field({ type: WebhookEndpointRef }),
    secret: t.string({ description: "The signing secret (whsec_…). Shown only now: store it with the receiver." }),
  }),
});

const DeleteWebhookEndpointPayload = builder.simpleObject("DeleteWebhookEndpointPayload", {
  fields: (t) => ({ endpoint: t.field({ type: WebhookEndpointRef }) }),
});

const SetWebhookEndpointEnabledPayload = builder.simpleObject("SetWebhookEndpointEnabledPayload", {
  fields: (t) => ({ endpoint: t.field({ type: WebhookEndpointRef }) }),
});

const ReplayWebhookDeliveryPayload = builder.simpleObject("ReplayWebhookDeliveryPayload", {
  fields: (t) => ({ delivery: t.field({ type: WebhookDeliveryRef, description: "The new delivery, queued now." }) }),
});

const WebhookDeliveryFilter = builder.inputType("WebhookDeliveryFilter", {
  fields: (t) => ({
    endpointId: t.id({ description: "Only this endpoint's deliveries." }),
    messageId: t.id({ description: "Only this message's events." }),
    statuses: t.field({ type: [WebhookDeliveryStatusEnum], description: "Only deliveries in one of these states." }),
  }),
});

builder.queryFields((t) => ({
  webhookEndpoints: t.field({
    authScopes: { scope: "webhooks:manage" },
    type: [WebhookEndpointRef],
    resolve: async (_, __, ctx) => listWebhookEndpoints(ctx.deps.db, (await ctx.principal()).tenantId),
  }),
  webhookDeliveries: t.connection({
    authScopes: { scope: "webhooks:manage" },
    type: WebhookDeliveryRef,
    description: "What was sent to your webhook endpoints, newest first.",
    args: { filter: t.arg({ type: WebhookDeliveryFilter }) },
    resolve: async (_, args, ctx) => {
      const principal = await ctx.principal();
      const filter = args.filter;
      return newestFirstPage(
        args,
        (page) =>
          listWebhookDeliveries(ctx.deps, principal, {
            ...page,
            endpointId: filter?.endpointId == null ? null : String(filter.endpointId),
            messageId: filter?.messageId == null ? null : String(filter.messageId),
            statuses: filter?.statuses ?? null,
          }),
        (row) => row.id,
      );
    },
  }),
}));

builder.mutationFields((t) => ({
  createWebhookEndpoint: t.field({
    authScopes: { scope: "webhooks:manage" },
    type: CreateWebhookEndpointPayload,
    description: "Registers a URL for your message events; the answer carries its signing secret, shown only this once.",
    args: { input: t.arg({ type: CreateWebhookEndpointInput, required: true }) },
    resolve: async (_, { input }, ctx) => {
      const principal = await ctx.principal();
      return createWebhookEndpoint(ctx.deps.db, ctx.deps.config.webhooks, principal.tenantId, checkedInput(ctx, parseNewEndpoint, input), authorIn(ctx.deps, principal));
    },
  }),
  deleteWebhookEndpoint: t.field({
    authScopes: { scope: "webhooks:manage" },
    type: DeleteWebhookEndpointPayload,
    description: "Deletes an endpoint with its delivery log; events still queued for it are dropped.",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_, args, ctx) => {
      const principal = await ctx.principal();
      return { endpoint: await deleteWebhookEndpoint(ctx.deps.db, principal.tenantId, String(args.id), authorIn(ctx.deps, principal)) };
    },
  }),
  setWebhookEndpointEnabled: t.field({
    authScopes: { scope: "webhooks:manage" },
    type: SetWebhookEndpointEnabledPayload,
    description: "Turns an endpoint off or on. While off, no new events are queued for it; deliveries already queued finish as usual.",
    args: { id: t.arg.id({ required: true }), enabled: t.arg.boolean({ required: true }) },
    resolve: async (_, args, ctx) => {
      const principal = await ctx.principal();
      return { endpoint: await setWebhookEndpointEnabled(ctx.deps.db, principal.tenantId, String(args.id), args.enabled, authorIn(ctx.deps, principal)) };
    },
  }),
  replayWebhookDelivery: t.field({
    authScopes: { scope: "webhooks:manage" },
    type: ReplayWebhookDeliveryPayload,
    description: "Sends a delivered or failed event to its endpoint again, as a new delivery with the same event id.",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_, args, ctx) => ({ delivery: await replayWebhookDelivery(ctx.deps, await ctx.principal(), String(args.id)) }),
  }),
}));
