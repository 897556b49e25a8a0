import type { TypedDocumentNode } from "@graphql-typed-document-node/core";
import { print, type GraphQLFormattedError } from "graphql";

export interface HttpResult<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/** Talks HTTP to a started server, with an API key as a Bearer token when given. */
export class Client {
  constructor(
    readonly url: string,
    readonly key?: string,
  ) {}

  headers(extra: Record<string, string> = {}): Record<string, string> {
    return { ...(this.key ? { authorization: `Bearer ${this.key}` } : {}), ...extra };
  }

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<HttpResult<T>> {
    const response = await fetch(`${this.url}${path}`, {
      method,
      headers: this.headers({ ...(body !== undefined ? { "content-type": "application/json" } : {}), ...headers }),
      ...(body !== undefined ? { body: typeof body === "string" ? body : JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: kept as text
    }
    return { status: response.status, headers: response.headers, body: parsed as T };
  }

  get<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>("GET", `/api/v1${path}`, undefined, headers);
  }

  post<T = any>(path: string, body: unknown, headers?: Record<string, string>) {
    return this.request<T>("POST", `/api/v1${path}`, body, headers);
  }

  put<T = any>(path: string, body: unknown, headers?: Record<string, string>) {
    return this.request<T>("PUT", `/api/v1${path}`, body, headers);
  }

  delete<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>("DELETE", `/api/v1${path}`, undefined, headers);
  }

  /**
   * Runs a typed GraphQL document against /graphql, accepting what the GraphQL-over-HTTP spec tells
   * clients to accept, so the answer's status is the error's own (under plain `application/json`
   * a well-formed request is always 200; test/graphql-transports.test.ts covers that).
   */
  async graphql<TData, TVars>(
    document: TypedDocumentNode<TData, TVars>,
    variables?: TVars,
  ): Promise<{ status: number; data: TData | null | undefined; errors: GraphQLFormattedError[] | undefined }> {
    const r = await this.request<{ data?: TData | null; errors?: GraphQLFormattedError[] }>(
      "POST",
      "/graphql",
      { query: print(document), variables },
      { accept: "application/graphql-response+json, application/json;q=0.9" },
    );
    return { status: r.status, data: r.body.data, errors: r.body.errors };
  }
}

/**
 * Answers counted by status and, for errors, their code ("200", "429 MONTHLY_LIMIT_REACHED"): a
 * race's outcome asserted whole, so a 500 under contention shows instead of passing unnoticed.
 */
export function answerCounts(answers: HttpResult[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const a of answers) {
    const code = (a.body as { error?: { code?: string } } | undefined)?.error?.code;
    const key = code === undefined ? String(a.status) : `${a.status} ${code}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}
