import { createClient, type Client } from "graphql-ws";
import type { TypedDocumentString } from "./gql/graphql.js";

// How the console talks to the gateway: GraphQL over fetch for queries and mutations, graphql-ws
// for live events, both signed in by the session cookie the browser sends by itself (the page
// never sees it). Every request carries the CSRF header that cookie-signed requests need.

/** A refusal from the API, with its documented code (UNAUTHORIZED, VALIDATION_ERROR, …). */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

const headers = { "content-type": "application/json", "x-graphql-yoga-csrf": "console" };

interface GraphQLAnswer<T> {
  data?: T | null;
  errors?: Array<{ message: string; extensions?: { code?: string; fields?: Record<string, string> } }>;
}

/** Runs a query or mutation; refusals come back as ApiError. */
export async function request<R, V>(document: TypedDocumentString<R, V>, variables?: V): Promise<R> {
  const res = await fetch("/graphql", {
    method: "POST",
    headers: { ...headers, accept: "application/graphql-response+json" },
    credentials: "same-origin",
    body: JSON.stringify({ query: document.toString(), variables }),
  });
  const answer = (await res.json()) as GraphQLAnswer<R>;
  const first = answer.errors?.[0];
  if (first) throw new ApiError(first.extensions?.code ?? "ERROR", first.message, first.extensions?.fields);
  if (!answer.data) throw new ApiError("ERROR", `HTTP ${res.status}`);
  return answer.data;
}

export interface SessionInfo {
  tenant_id: number;
  plan: string;
  expires_at: string;
  /** The zone dates are shown in: the tenant's send window's, else the gateway's. */
  time_zone: string;
}

async function sessionCall(method: "GET" | "POST" | "DELETE", body?: unknown): Promise<SessionInfo | undefined> {
  const res = await fetch("/console/session", { method, headers, credentials: "same-origin", ...(body ? { body: JSON.stringify(body) } : {}) });
  const answer = (await res.json()) as SessionInfo & { error?: { code: string; message: string } };
  if (res.status === 401 && method === "GET") return undefined;
  if (!res.ok) throw new ApiError(answer.error?.code ?? "ERROR", answer.error?.message ?? `HTTP ${res.status}`);
  return answer;
}

export const currentSession = () => sessionCall("GET");
export const signIn = async (apiKey: string) => (await sessionCall("POST", { api_key: apiKey }))!;
export const signOut = () => sessionCall("DELETE");

/**
 * The live connection. `onRefused` runs when the server closes it for the session (4403: the key
 * revoked, the tenant suspended, the session over), so the page can sign out at once.
 */
export function liveClient(onRefused: (reason: string) => void, onState: (live: boolean) => void): Client {
  const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/graphql`;
  return createClient({
    url,
    lazy: false,
    retryAttempts: Infinity,
    shouldRetry: (event) => !(event && typeof event === "object" && "code" in event && (event as CloseEvent).code === 4403),
    on: {
      connected: () => onState(true),
      closed: (event) => {
        onState(false);
        const close = event as CloseEvent | undefined;
        if (close?.code === 4403) onRefused(close.reason);
      },
    },
  });
}

/**
 * Subscribes to `document`, calling `next` with each result, until the answer is called; `ended`
 * runs when the server ends the subscription itself (a removed number's connection), not when the
 * page stops it.
 */
export function live<R, V>(client: Client, document: TypedDocumentString<R, V>, variables: V, next: (data: R) => void, ended?: () => void): () => void {
  let stopped = false;
  const stop = client.subscribe<R>(
    { query: document.toString(), variables: variables as Record<string, unknown> },
    { next: (result) => result.data && next(result.data), error: () => undefined, complete: () => stopped || ended?.() },
  );
  return () => {
    stopped = true;
    stop();
  };
}
