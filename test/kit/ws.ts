import { setTimeout as sleep } from "node:timers/promises";
import { createClient, type Client as WsClient } from "graphql-ws";
import WebSocket from "ws";
import type { GraphQLFormattedError } from "graphql";

export interface Collected<T> {
  /** Every `next` payload's data, in arrival order. */
  events: T[];
  /** Errors the server sent for the operation (an `error` message, or errors in a `next`). */
  errors: GraphQLFormattedError[];
  /** Settles when the server completes the operation or errors it. */
  done: Promise<void>;
  /** Ends the operation from the client's side. */
  stop(): void;
}

/** A graphql-ws client to a started server; `close` resolves with the close event the client saw. */
export function wsClient(baseUrl: string, opts: { connectionParams?: Record<string, unknown>; query?: string } = {}) {
  let closed: ((event: { code: number; reason: string }) => void) | undefined;
  const closeEvent = new Promise<{ code: number; reason: string }>((resolve) => (closed = resolve));
  const closedWith = closeEvent.then((e) => e.code);
  let acknowledged: (() => void) | undefined;
  const connected = new Promise<void>((resolve) => (acknowledged = resolve));
  const client: WsClient = createClient({
    url: `${baseUrl.replace(/^http/, "ws")}/graphql${opts.query ?? ""}`,
    webSocketImpl: WebSocket,
    connectionParams: opts.connectionParams,
    retryAttempts: 0,
    lazy: false,
    on: { closed: (event) => closed?.(event as { code: number; reason: string }), connected: () => acknowledged?.() },
    onNonLazyError: () => undefined,
  });
  return {
    client,
    closedWith,
    /** The close frame the client saw: its code and reason. */
    closeEvent,
    /** Settles once the server has acknowledged the connection (its key accepted). */
    connected,
    subscribe<T = Record<string, unknown>>(query: string, variables: Record<string, unknown> = {}, operationName?: string): Collected<T> {
      const events: T[] = [];
      const errors: GraphQLFormattedError[] = [];
      let stop: () => void = () => undefined;
      const done = new Promise<void>((resolve) => {
        stop = client.subscribe<T>(
          { query, variables, ...(operationName ? { operationName } : {}) },
          {
            next: (result) => {
              if (result.data) events.push(result.data);
              if (result.errors) errors.push(...result.errors);
            },
            error: (err) => {
              if (Array.isArray(err)) errors.push(...(err as GraphQLFormattedError[]));
              else errors.push({ message: String((err as { code?: number }).code ?? err) });
              resolve();
            },
            complete: resolve,
          },
        );
      });
      return { events, errors, done, stop: () => stop() };
    },
    close: () => client.dispose(),
  };
}

/** What a subscription is watched by: the events it heard and its end. */
export interface Listening {
  events: readonly unknown[];
  done: Promise<void>;
}

/**
 * Proves subscriptions live by an event each of them received, calling `provoke` (something that
 * makes the server publish an event all of them match, such as a send) until each has heard one.
 * A subscription that ends before hearing anything was refused: that resolves "refused" as soon as
 * the end arrives, however slow. No timer decides either answer; `timeoutMs` only bounds a server
 * that gives neither.
 */
export async function subscribeLive(subs: Listening | Listening[], provoke: () => Promise<unknown>, timeoutMs = 20_000): Promise<"live" | "refused"> {
  const list = Array.isArray(subs) ? subs : [subs];
  let refused = false;
  for (const s of list) void s.done.then(() => (refused ||= s.events.length === 0));
  const heard = () => list.every((s) => s.events.length > 0);
  const deadline = Date.now() + timeoutMs;
  while (!refused && !heard()) {
    if (Date.now() > deadline) throw new Error(`no event and no end within ${timeoutMs} ms (${list.map((s) => s.events.length).join(", ")} events)`);
    await provoke();
    // Looks often, provokes again only now and then: each provocation is one more event later.
    for (let i = 0; i < 10 && !refused && !heard(); i++) await sleep(25);
  }
  return refused ? "refused" : "live";
}

/** `sub` seen through `counts`: only the events it accepts prove the subscription live. */
export function heardWhere<T>(sub: { events: readonly T[]; done: Promise<void> }, counts: (event: T) => boolean): Listening {
  return {
    get events() {
      return sub.events.filter(counts);
    },
    done: sub.done,
  };
}
