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
