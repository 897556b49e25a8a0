import { setMaxListeners } from "node:events";
import { createRedisEventTarget } from "@graphql-yoga/redis-event-target";
import { Redis } from "ioredis";
import { ServiceError } from "./errors.js";
export function statusEvent(m, type = "message.status") {
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
    extensions = { code: "SERVICE_UNAVAILABLE" };
    constructor() {
        super("SERVICE_UNAVAILABLE", "Live events were interrupted (the connection to Redis was lost); subscribe again and re-read the current state.");
    }
}
export class EventBus {
    prefix;
    target;
    redis;
    log;
    /** Ends each subscription of this process with an error (see LiveEventsInterruptedError). */
    interrupters = new Set();
    closing = false;
    constructor(prefix, target, redis, log) {
        this.prefix = prefix;
        this.target = target;
        this.redis = redis;
        this.log = log;
    }
    static create(redisUrl, prefix, log) {
        if (!redisUrl) {
            // One listener per live subscription of a tenant: hundreds are normal, not a leak.
            const target = new EventTarget();
            setMaxListeners(0, target);
            return new EventBus(prefix, target, undefined, log);
        }
        // Two connections: one in subscriber mode can issue nothing but (un)subscribe commands.
        const options = { maxRetriesPerRequest: null };
        const publish = new Redis(redisUrl, options);
        const subscribe = new Redis(redisUrl, options);
        for (const [name, client] of [["publish", publish], ["subscribe", subscribe]]) {
            client.on("error", (err) => log.warn({ err, connection: name }, "redis connection error"));
        }
        const target = createRedisEventTarget({ publishClient: publish, subscribeClient: subscribe });
        const bus = new EventBus(prefix, target, { publish, subscribe }, log);
        // ioredis reconnects and subscribes again by itself, but what was published in between is lost.
        subscribe.on("close", () => bus.interruptAll());
        return bus;
    }
    interruptAll() {
        if (this.closing || this.interrupters.size === 0)
            return;
        this.log.warn({ subscriptions: this.interrupters.size }, "redis connection for events lost; ending live subscriptions");
        for (const interrupt of [...this.interrupters])
            interrupt(new LiveEventsInterruptedError());
    }
    channel(tenantId) {
        return `${this.prefix}:message-events:${tenantId}`;
    }
    get usesRedis() {
        return this.redis !== undefined;
    }
    /** Publishes the events of changes a statement made; never throws (events must not fail sends). */
    publish(events) {
        for (const event of events) {
            try {
                this.target.dispatchEvent(new CustomEvent(this.channel(event.tenantId), { detail: event }));
            }
            catch (err) {
                this.log.warn({ err, eventId: event.id }, "could not publish a message event");
            }
        }
    }
    /**
     * Every event of the tenant's messages from the moment of the call (the listener is added at
     * once, not on first read). Events wait in a queue for a slow reader, up to a limit; `return()`
     * on the iterator unsubscribes.
     */
    subscribe(tenantId) {
        const queue = [];
        let wake;
        let ended = false;
        let failure;
        const target = this.target;
        const name = this.channel(tenantId);
        const interrupters = this.interrupters;
        const interrupt = (err) => {
            failure = err;
            stop();
        };
        const listener = (event) => {
            if (ended)
                return;
            if (queue.length >= SUBSCRIBER_BACKLOG_LIMIT) {
                failure = new SubscriberTooSlowError();
                stop();
            }
            else {
                queue.push(event.detail);
            }
            wake?.();
        };
        const stop = () => {
            if (ended)
                return;
            ended = true;
            interrupters.delete(interrupt);
            target.removeEventListener(name, listener);
            wake?.();
        };
        target.addEventListener(name, listener);
        if (this.redis)
            interrupters.add(interrupt);
        const iterator = {
            async next() {
                for (;;) {
                    const value = queue.shift();
                    if (value)
                        return { value, done: false };
                    if (failure)
                        throw failure;
                    if (ended)
                        return { value: undefined, done: true };
                    await new Promise((resolve) => (wake = resolve));
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
    async ready(tenantId) {
        if (!this.redis)
            return;
        await this.redis.subscribe.subscribe(this.channel(tenantId));
    }
    /** Round trip to Redis on the publishing connection, for readiness checks. */
    async ping() {
        if (!this.redis)
            return;
        const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error("no answer within 2 s")), 2_000).unref());
        await Promise.race([this.redis.publish.ping(), timeout]);
    }
    async close() {
        if (!this.redis)
            return;
        this.closing = true;
        // quit() waits for a connection that may never come; an unconnected client is simply dropped.
        await Promise.allSettled([this.redis.publish, this.redis.subscribe].map((c) => (c.status === "ready" ? c.quit() : Promise.resolve(c.disconnect()))));
    }
}
//# sourceMappingURL=events.js.map