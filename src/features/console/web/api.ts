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
    /** Seconds to wait before trying again, when the API says (429 RATE_LIMITED). */
    readonly retryAfter?: number,
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

/** Who signed in: a staff user with their role, an API key by its visible prefix, or an operator looking read-only. */
export type SignedInAs =
  | { kind: "user"; id: number; email: string; role: string; two_factor: boolean }
  | { kind: "key"; prefix: string; label: string }
  /** An operator's read-only look at the business (docs/operators.md, "View as"): every page reads, nothing changes. */
  | { kind: "operator"; email: string; read_only: true };

export interface SessionInfo {
  tenant_id: number;
  plan: string;
  expires_at: string;
  /** The zone dates are shown in: the tenant's send window's, else the gateway's. */
  time_zone: string;
  /** What the session may do; the shell shows the pages these allow (the server checks every request regardless). */
  scopes: string[];
  /** false until a signed-up business follows its mailed link: the shell says so and offers a new link. */
  email_verified: boolean;
  signed_in_as: SignedInAs;
}

/** Whether a business may open an account here (SIGNUP, written on the page by the server): closed, invite or open. */
export const signupMode = (): "closed" | "invite" | "open" => {
  const mode = document.documentElement.dataset.signup;
  return mode === "invite" || mode === "open" ? mode : "closed";
};

interface Refusal {
  error?: { code: string; message: string; fields?: Record<string, string> };
}

/** A JSON call to one of the console's own routes; a refusal comes back as ApiError with its fields. */
async function consoleCall<T>(method: "GET" | "POST" | "DELETE", path: string, body?: unknown) {
  const res = await fetch(path, { method, headers, credentials: "same-origin", ...(body ? { body: JSON.stringify(body) } : {}) });
  const answer = (await res.json()) as T & Refusal;
  const wait = Number(res.headers.get("retry-after") ?? "");
  return { status: res.status, answer, retryAfter: Number.isFinite(wait) && wait > 0 ? wait : undefined };
}

async function consolePost<T>(method: "POST" | "DELETE", path: string, body?: unknown): Promise<T> {
  const { status, answer, retryAfter } = await consoleCall<T>(method, path, body);
  if (status >= 400) throw new ApiError(answer.error?.code ?? "ERROR", answer.error?.message ?? `HTTP ${status}`, answer.error?.fields, retryAfter);
  return answer;
}

export async function currentSession(): Promise<SessionInfo | undefined> {
  const { status, answer } = await consoleCall<SessionInfo>("GET", "/console/session");
  if (status === 401) return undefined;
  if (status >= 400) throw new ApiError(answer.error?.code ?? "ERROR", answer.error?.message ?? `HTTP ${status}`);
  return answer;
}

/** Signs in with an API key, or a staff user's email and password (and the second factor's code once it is on). */
export const signIn = (by: { api_key: string } | { email: string; password: string; code?: string }) => consolePost<SessionInfo>("POST", "/console/session", by);
export const signOut = () => consolePost<unknown>("DELETE", "/console/session");

/** Confirms a signed-up account's address by its mailed link's token (no session needed); the answer names the address. */
export const verifyEmail = (token: string) => consolePost<{ email: string }>("POST", "/api/v1/signup/verify", { token });

/** Chooses a password by a one-time link's token; the answer names whose it is. */
export const choosePassword = (token: string, password: string) => consolePost<{ email: string }>("POST", "/console/link", { token, password });

/** Starts turning the second factor on: the secret to put in an authenticator app, and its QR code as SVG. */
export const beginTwoFactor = () => consolePost<{ secret: string; uri: string; qr_svg: string }>("POST", "/console/two-factor");
export const confirmTwoFactor = (code: string) => consolePost<{ recovery_codes: string[] }>("POST", "/console/two-factor/confirm", { code });
export const turnOffTwoFactor = (password: string) => consolePost<unknown>("DELETE", "/console/two-factor", { password });

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
