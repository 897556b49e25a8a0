import { createRedisEventTarget } from "@graphql-yoga/redis-event-target";
import { Redis } from "ioredis";
import type { Logger } from "pino";
import { settlesWithin } from "../runtime/lifecycle.js";

// Live events through Redis (events.ts holds the bus). What is published while Redis is out of
// reach is dropped, not queued: ioredis would otherwise keep every command in its offline queue,
// without bound, for as long as the outage lasts, and replay a stale burst when it ends. Live
// events are notices, not the record: the rows are in the database and webhooks are queued there,
// so a dropped event costs a subscriber only the news of a change, and it is told so. When the
// publishing connection is back after a drop, it publishes one "gap" notice on a channel every
// instance listens to, and each instance ends its live subscriptions with a "subscribe again and
// re-read" error, as it does when its own subscribing connection drops. No subscriber is left
// believing it saw every change.

/** What the bus needs of a target: Node's EventTarget, or this Redis one. */
export interface EventTargetLike {
  addEventListener(type: string, listener: (event: Event) => void): void;
  removeEventListener(type: string, listener: (event: Event) => void): void;
  dispatchEvent(event: Event): boolean;
}

export interface RedisEvents {
  target: EventTargetLike;
  publish: Redis;
  subscribe: Redis;
  /** Events dropped because Redis was out of reach, since start. */
  dropped(): number;
}

/**
 * Connects the two Redis connections of live events (one in subscriber mode can issue nothing but
 * (un)subscribe commands). `onInterrupted` runs when events may have been missed: this instance's
 * subscribing connection closed, or any instance reports a gap in what it published.
 */
export function connectRedisEvents(redisUrl: string, prefix: string, log: Logger, onInterrupted: () => void): RedisEvents {
  // Retried for ever once sent (a command in flight when the connection drops is sent again), but
  // never queued while the connection is down: those are refused at once and dropped below.
  const publish = new Redis(redisUrl, { maxRetriesPerRequest: null, enableOfflineQueue: false });
  const subscribe = new Redis(redisUrl, { maxRetriesPerRequest: null });
  for (const [name, client] of [
    ["publish", publish],
    ["subscribe", subscribe],
  ] as const) {
    client.on("error", (err: unknown) => log.warn({ err, connection: name }, "redis connection error"));
  }
  const gapChannel = `${prefix}:gap`;
  let dropped = 0;
  let droppedThisOutage = 0;
  const drop = () => {
    if (droppedThisOutage++ === 0) log.warn("redis is out of reach: live events are dropped until it is back");
    dropped++;
  };
  const boundedPublisher = {
    publish(channel: string, message: string): void {
      if (publish.status !== "ready") return drop();
      publish.publish(channel, message).catch(drop);
    },
  };
  publish.on("ready", () => {
    if (droppedThisOutage === 0) return;
    log.warn({ dropped: droppedThisOutage }, "redis is back: live events were dropped meanwhile; live subscriptions are told to re-read");
    droppedThisOutage = 0;
    publish.publish(gapChannel, "").catch(drop);
  });
  // The library never waits for its subscribe and unsubscribe commands. They are retried across
  // reconnections, so one fails only when the connection is closed for good (shutdown, or a start
  // before Redis ever answered): nothing is lost then, and the failure must not go unhandled.
  const cutShort = (err: unknown) => log.debug({ err }, "redis (un)subscribe ended with its connection");
  const subscriber = {
    on: (event: "message", listener: (channel: string, message: string) => void) => subscribe.on(event, listener),
    subscribe: (channel: string) => void subscribe.subscribe(channel).catch(cutShort),
    unsubscribe: (channel: string) => void subscribe.unsubscribe(channel).catch(cutShort),
  };
  // The library only calls publish() on its publishing client, and never waits for it.
  const target = createRedisEventTarget({ publishClient: boundedPublisher as unknown as Redis, subscribeClient: subscriber as unknown as Redis });
  target.addEventListener(gapChannel, () => onInterrupted());
  // ioredis reconnects and subscribes again by itself, but what was published in between is lost.
  subscribe.on("close", onInterrupted);
  return { target, publish, subscribe, dropped: () => dropped };
}

/**
 * A PING on the publishing connection, answered within `ms`. That connection has no offline queue,
 * so a command sent while it is still connecting fails at once: the ping waits for it to connect,
 * inside the same bound (a readiness probe right after start is not refused for being early).
 */
export async function pingPublisher(publish: Redis, ms: number): Promise<void> {
  let onReady: (() => void) | undefined;
  const connected = publish.status === "ready" ? Promise.resolve() : new Promise<void>((resolve) => publish.once("ready", (onReady = resolve)));
  const pinged = connected.then(() => publish.ping());
  try {
    if (!(await settlesWithin(pinged, ms))) throw new Error(`no answer within ${ms / 1000} s`);
    await pinged;
  } finally {
    if (onReady) publish.off("ready", onReady);
  }
}
