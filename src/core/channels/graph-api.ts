import { z } from "zod";

// Meta's Graph API for what is not a message (test/kit/references/waha-sessions-and-graph.md, B):
// a business's phone numbers, its webhook subscription, its message templates and Embedded
// Signup's code exchange. Every call is one request under one timeout; Graph's own error
// ({error: {message, type, code}}) travels in GraphError.

export interface GraphOptions {
  baseUrl: string;
  apiVersion: string;
  timeoutMs: number;
}

const graphError = z.looseObject({ error: z.looseObject({ message: z.string().optional(), type: z.string().optional(), code: z.number().optional() }) });

/** Graph refused (status and Meta's code and message) or did not answer (status 0). */
export class GraphError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | undefined,
    message: string,
  ) {
    super(message);
    this.name = "GraphError";
  }

  /** The token itself was refused (190: invalid or expired; 104: none). */
  get tokenRefused(): boolean {
    return this.status === 401 || this.code === 190 || this.code === 104;
  }
}

/** The Graph API as the channel settings name it (WHATSAPP_CLOUD_BASE_URL, its version, CHANNEL_TIMEOUT_MS). */
export const graphApiOf = (channel: { whatsappCloud: { baseUrl: string; apiVersion: string }; timeoutMs: number }): GraphApi =>
  new GraphApi({ baseUrl: channel.whatsappCloud.baseUrl, apiVersion: channel.whatsappCloud.apiVersion, timeoutMs: channel.timeoutMs });

export class GraphApi {
  private readonly base: string;

  constructor(private readonly options: GraphOptions) {
    this.base = `${options.baseUrl.replace(/\/+$/, "")}/${options.apiVersion}`;
  }

  /** GET `path` (under the version) with `query`, as `token`; the answer checked against `schema`. */
  get<T>(token: string | undefined, path: string, query: Record<string, string>, schema: z.ZodType<T>): Promise<T> {
    return this.call("GET", token, `${path}?${new URLSearchParams(query).toString()}`, undefined, schema);
  }

  post<T>(token: string, path: string, body: unknown, schema: z.ZodType<T>): Promise<T> {
    return this.call("POST", token, path, body, schema);
  }

  private async call<T>(method: string, token: string | undefined, path: string, body: unknown, schema: z.ZodType<T>): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${this.base}${path}`, {
        method,
        headers: { accept: "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { "content-type": "application/json" }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(this.options.timeoutMs),
        redirect: "manual",
      });
    } catch (err) {
      throw new GraphError(0, undefined, `Meta's Graph API did not answer (${err instanceof Error ? err.message : String(err)}).`);
    }
    const json: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      const e = graphError.safeParse(json);
      throw new GraphError(response.status, e.data?.error.code, e.data?.error.message ?? `Meta's Graph API answered ${response.status}.`);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new GraphError(502, undefined, `Meta's answer to ${method} ${path.split("?")[0]} is not in the shape its API documents.`);
    return parsed.data;
  }
}
