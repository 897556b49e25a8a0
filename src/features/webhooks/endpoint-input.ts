import { z } from "zod";
import { parseInput } from "../../core/input/validation.js";
import { webhookUrl } from "./webhook-addresses.js";

// A new endpoint's fields, with their rules written once: createWebhookEndpoint takes the typed
// input made here; over /graphql (and from the admin CLI) parseNewEndpoint checks the input with
// these rules, and the REST body (rest-schemas.ts) is built from the same rules, so it is checked
// once, by its route, and only shaped here (newEndpointFromRest).

/** The event types the outbox triggers write (see the webhooks and two-way consent migrations). */
export const webhookEventTypes = ["message.status", "message.delivered", "message.read", "message.received", "account.status_changed", "contact.erased"] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** Event types as an operator writes them (GraphQL's enum and REST's schema only let known ones through). */
const knownEvents = z.array(z.string()).superRefine((events, ctx) => {
  const unknown = events.filter((e) => !(webhookEventTypes as readonly string[]).includes(e));
  if (unknown.length) ctx.addIssue({ code: "custom", message: `unknown event type ${unknown.join(", ")}; use ${webhookEventTypes.join(", ")}`, input: events });
});

const endpointSchema = z.object({ url: webhookUrl, events: knownEvents.nullish() });

export interface NewWebhookEndpoint {
  url: URL;
  /** Each once; empty: every event type. */
  events: WebhookEventType[];
}

const newEndpoint = (checked: z.output<typeof endpointSchema>): NewWebhookEndpoint => ({
  url: new URL(checked.url.trim()),
  events: [...new Set(checked.events as WebhookEventType[] | null | undefined)],
});

/** An endpoint checked by its rules; errors name `url` and `events`. */
export const parseNewEndpoint = (raw: unknown): NewWebhookEndpoint => newEndpoint(parseInput(endpointSchema, raw));

/** An endpoint from a body its REST schema checked, with its event types as the payloads name them. */
export const newEndpointFromRest = (checked: { url: string; events?: readonly WebhookEventType[] | null | undefined }): NewWebhookEndpoint =>
  newEndpoint({ url: checked.url, events: checked.events ? [...checked.events] : checked.events });
