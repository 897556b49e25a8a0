import { setMaxListeners } from "node:events";
import type { Logger } from "pino";
import type { MessageStatus } from "../../generated/prisma/client.js";
import { ServiceError } from "../errors.js";
import { connectRedisEvents, pingPublisher, type EventTargetLike, type RedisEvents } from "./redis-events.js";

// Live message events. Services and the worker publish one after every change they make (never
// resolvers), and subscribers receive their tenant's events. Without REDIS_URL they stay in this
// process; with it they go through Redis, one channel per tenant, so a subscriber on one instance
// hears what a worker on another did and an instance only receives the tenants it has subscribers
// for.

export type MessageEventType = "message.status" | "message.delivered" | "message.read";

/** JSON-safe (Redis carries it as text); ids are strings, subscribers re-read rows they need. */
export interface MessageEvent {
  /** The same id a webhook delivery of this event carries. */
  id: string;
  type: MessageEventType;
  messageId: string;
  tenantId: number;
  batchId: string | null;
  accountId: number | null;
  status: MessageStatus;
  /** Bumped on every status change of the message (by a database trigger): orders its events. */
  statusVersion: number;
  at: string;
}

/** The message fields an event is made of. */
export interface MessageChange {
  id: bigint;
  tenantId: number;
  batchId: bigint | null;
  accountId: number | null;
  status: MessageStatus;
  statusVersion: number;
}

/** A message a contact sent to one of the tenant's numbers (see inbound.ts); subscribers re-read the row. */
export interface InboundEvent {
  id: string;
  type: "message.received";
  inboundMessageId: string;
  tenantId: number;
  accountId: number;
  fromNumber: string | null;
  batchId: string | null;
  at: string;
}

/** A number's state changed (accounts/number-states.ts); the same event id its webhook carries. */
export interface AccountStatusEvent {
  id: string;
  type: "account.status_changed";
  tenantId: number;
  accountId: number;
  fromState: string;
  state: string;
  reason: string;
  signal: string;
  until: string | null;
  at: string;
}

/** A number being linked moved on (features/number-links): a session state, a new QR code. Subscribers re-read the link. */
export type AccountConnectionEvent = { id: string; type: "account.connection"; tenantId: number; accountId: number; state: string; at: string };

/** What travels on a tenant's channels: status changes of its messages, inbound messages, its numbers' states and links. */
export type LiveEventKind = "message-events" | "inbound-events" | "account-events" | "connection-events";

export function statusEvent(m: MessageChange, type: MessageEventType = "message.status"): MessageEvent {
  const suffix = type === "message.status" ? String(m.statusVersion) : type === "message.delivered" ? "delivered" : "read";
  return {
    id: `evt_${m.id}_${suffix}`,
    type,
    messageId: String(m.id),
    tenantId: m.tenantId,
    batchId: m.batchId === null ? null : String(m.batchId),
    accountId: m.accountId,
    status: m.status,
    statusVersion: m.statusVersion,
    at: new Date().toISOString(),
  };
}

/**
 * The events of a worker's claim. A message claimed for the first time (its first attempt) was
 * `pending` since the request that queued it, and that request's instance published the state.
 * Through Redis, that publication can reach subscribers after this instance's `sending`, and a
 * subscriber, which only lets a message move forward, would then never see `pending`. So with
 * Redis the claim repeats that state first: the same event id and version, so wherever both
 * arrive the later one is dropped as already seen.
 */
export function claimEvents(claimed: Array<MessageChange & { attempts: number }>, acrossInstances: boolean): MessageEvent[] {
  return claimed.flatMap((m) =>
    acrossInstances && m.attempts === 1 && m.statusVersion > 1 ? [statusEvent({ ...m, status: "pending", statusVersion: m.statusVersion - 1 }), statusEvent(m)] : [statusEvent(m)],
  );
}

/** Past this many events waiting for a slow subscriber, it is ended rather than left to grow. */
export const SUBSCRIBER_BACKLOG_LIMIT = 10_000;

export class SubscriberTooSlowError extends Error {
  constructor() {
    super(`More than ${SUBSCRIBER_BACKLOG_LIMIT} events were waiting for this subscriber; subscribe again and re-read the current state.`);
  }
}

/**
 * Ends every live subscription of an instance whose Redis connection for events dropped: events
 * published meanwhile never reach it, so a subscriber must not be left believing it sees every
 * change. It subscribes again (refused with 503 until Redis is back) and re-reads the current
 * state. `extensions` survives graphql-ws, which passes an iterator's error on by message.
 */
export class LiveEventsInterruptedError extends ServiceError {
  readonly extensions = { code: "SERVICE_UNAVAILABLE" };
  constructor() {
    super("SERVICE_UNAVAILABLE", "Live events were interrupted (the connection to Redis was lost); subscribe again and re-read the current state.");
  }
}

export class EventBus {
  /** Ends each subscription of this process with an error (see LiveEventsInterruptedError). */
  private readonly interrupters = new Set<(err: Error) => void>();
  private closing = false;

  private constructor(
    private readonly prefix: string,
    private readonly target: EventTargetLike,
    private readonly redis: Omit<RedisEvents, "target"> | undefined,
    private readonly log: Logger,
  ) {}

  static create(redisUrl: string | undefined, prefix: string, log: Logger): EventBus {
    if (!redisUrl) {
      // One listener per live subscription of a tenant: hundreds are normal, not a leak.
      const target = new EventTarget();
      setMaxListeners(0, target);
      return new EventBus(prefix, target, undefined, log);
    }
    let bus: EventBus | undefined;
    const { target, ...redis } = connectRedisEvents(redisUrl, prefix, log, () => bus?.interruptAll());
    return (bus = new EventBus(prefix, target, redis, log));
  }

  /** Events dropped because Redis was out of reach (redis-events.ts), since start. */
  get droppedEvents(): number {
    return this.redis?.dropped() ?? 0;
  }

  /** Each Redis connection of live events, ready or not; empty without Redis. */
  get redisConnections(): Array<{ connection: "publish" | "subscribe"; ready: boolean }> {
    return this.redis ? (["publish", "subscribe"] as const).map((connection) => ({ connection, ready: this.redis![connection].status === "ready" })) : [];
  }

  private interruptAll(): void {
    if (this.closing || this.interrupters.size === 0) return;
    this.log.warn({ subscriptions: this.interrupters.size }, "live events may have been missed (redis connection lost); ending live subscriptions");
    for (const interrupt of [...this.interrupters]) interrupt(new LiveEventsInterruptedError());
  }

  private channel(tenantId: number, kind: LiveEventKind = "message-events"): string {
    return `${this.prefix}:${kind}:${tenantId}`;
  }

  get usesRedis(): boolean {
    return this.redis !== undefined;
  }

  /** Publishes the events of changes a statement made; never throws (events must not fail sends). */
  publish(events: MessageEvent[]): void {
    this.dispatch(events, "message-events");
  }

  /** Publishes inbound messages, on their own channel: status subscribers never see them. */
  publishInbound(events: InboundEvent[]): void {
    this.dispatch(events, "inbound-events");
  }

  /** Changes of the tenant's numbers' states, on their own channel. */
  publishAccount(events: AccountStatusEvent[]): void {
    this.dispatch(events, "account-events");
  }

  /** A number's link moved on (a session state, a new QR code), on its own channel. */
  publishConnection(events: AccountConnectionEvent[]): void {
    this.dispatch(events, "connection-events");
  }

  private dispatch(events: Array<MessageEvent | InboundEvent | AccountStatusEvent | AccountConnectionEvent>, kind: LiveEventKind): void {
    for (const event of events) {
      try {
        this.target.dispatchEvent(new CustomEvent(this.channel(event.tenantId, kind), { detail: event }));
      } catch (err) {
        this.log.warn({ err, eventId: event.id }, "could not publish a message event");
      }
    }
  }

  /**
   * Every event of the tenant's messages from the moment of the call (the listener is added at
   * once, not on first read). Events wait in a queue for a slow reader, up to a limit; `return()`
   * on the iterator unsubscribes.
   */
  subscribe(tenantId: number): AsyncIterableIterator<MessageEvent> {
    return this.listen<MessageEvent>(this.channel(tenantId));
  }

  /** Every inbound message of the tenant from the moment of the call, like `subscribe`. */
  subscribeInbound(tenantId: number): AsyncIterableIterator<InboundEvent> {
    return this.listen<InboundEvent>(this.channel(tenantId, "inbound-events"));
  }

  /** Every change of the tenant's numbers' states from the moment of the call, like `subscribe`. */
  subscribeAccount(tenantId: number): AsyncIterableIterator<AccountStatusEvent> {
    return this.listen<AccountStatusEvent>(this.channel(tenantId, "account-events"));
  }

  /** Every move of the tenant's numbers' links, like `subscribe`. */
  subscribeConnection(tenantId: number): AsyncIterableIterator<AccountConnectionEvent> {
    return this.listen<AccountConnectionEvent>(this.channel(tenantId, "connection-events"));
  }

  private listen<T>(name: string): AsyncIterableIterator<T> {
    const queue: T[] = [];
    let wake: (() => void) | undefined;
    let ended = false;
    let failure: Error | undefined;
    const target = this.target;
    const interrupters = this.interrupters;
    const interrupt = (err: Error) => {
      failure = err;
      stop();
    };
    const listener = (event: Event) => {
      if (ended) return;
      if (queue.length >= SUBSCRIBER_BACKLOG_LIMIT) {
        failure = new SubscriberTooSlowError();
        stop();
      } else {
        queue.push((event as CustomEvent<T>).detail);
      }
      wake?.();
    };
    const stop = () => {
      if (ended) return;
      ended = true;
      interrupters.delete(interrupt);
      target.removeEventListener(name, listener);
      wake?.();
    };
    target.addEventListener(name, listener);
    if (this.redis) interrupters.add(interrupt);
    const iterator: AsyncIterableIterator<T> = {
      async next() {
        for (;;) {
          const value = queue.shift();
          if (value) return { value, done: false };
          if (failure) throw failure;
          if (ended) return { value: undefined, done: true };
          await new Promise<void>((resolve) => (wake = resolve));
          wake = undefined;
        }
      },
      return() {
        stop();
        queue.length = 0;
        return Promise.resolve({ value: undefined, done: true });
      },
      [Symbol.asyncIterator]() {
        return iterator;
      },
    };
    return iterator;
  }

  /**
   * Resolves once a subscription made before the call receives everything published after it.
   * The Redis event target sends SUBSCRIBE without waiting for it; subscribing to the same channel
   * again on the same connection and awaiting that reply proves the first one is active too, since
   * Redis answers a connection's commands in order. Callers read the current state only after this.
   */
  async ready(tenantId: number, kind: LiveEventKind = "message-events"): Promise<void> {
    if (!this.redis) return;
    await this.redis.subscribe.subscribe(this.channel(tenantId, kind));
  }

  /** Round trip to Redis on the publishing connection, for readiness checks. */
  async ping(): Promise<void> {
    if (this.redis) await pingPublisher(this.redis.publish, 2_000);
  }

  async close(): Promise<void> {
    if (!this.redis) return;
    this.closing = true;
    // quit() waits for a connection that may never come; an unconnected client is simply dropped.
    await Promise.allSettled([this.redis.publish, this.redis.subscribe].map((c) => (c.status === "ready" ? c.quit() : Promise.resolve(c.disconnect()))));
  }
}
