import dns from "node:dns";
import { Readable } from "node:stream";
import { randomUUID } from "node:crypto";
import type { Config } from "../../../core/config.js";
import { OutboundAgent, type OutboundAnswer } from "../../../core/http/outbound-agent.js";
import { guardedLookup, refusedLiteralReason } from "../../../core/input/public-address.js";

// The calls the relay makes to a tenant's Chatwoot (Application API of an API channel inbox, as
// test/kit/references/chatwoot-api.md reads it from Chatwoot v4.16.2): every path, field and answer
// used here is in that reference. Each call has one timeout; redirects are not followed (the token
// would go along); a host that resolves inward is refused at connect time unless the operator
// named it in CHATWOOT_PRIVATE_HOSTS, as when the bridge was connected.

export interface ChatwootTarget {
  baseUrl: string;
  chatwootAccountId: number;
  inboxId: number;
  accessToken: string;
}

/**
 * A call that failed. `retry`: worth trying again later (Chatwoot away, slow, rate limiting,
 * refusing the token until the tenant fixes it, or no longer having what the path names);
 * otherwise Chatwoot refused this request itself. `gone`: the conversation or contact named in
 * the path no longer exists (404). `answerLost`: a write that may have been done although no answer
 * said so (a timeout or a dropped connection once the request was sent, a 5xx: Rails may have
 * committed before it failed).
 */
export class ChatwootCallError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly retry: boolean,
    readonly rateLimited = false,
    readonly answerLost = false,
  ) {
    super(message);
    this.name = "ChatwootCallError";
  }

  get gone(): boolean {
    return this.status === 404;
  }
}

/** Failures that happen before a request reaches Chatwoot: it cannot have done anything. */
const NOT_SENT = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "UND_ERR_CONNECT_TIMEOUT"]);

/** What calls to Chatwoot follow: its settings, and whether the operator opened private addresses to webhooks. */
export interface CallSettings {
  chatwoot: Config["chatwoot"];
  webhooks: Pick<Config["webhooks"], "allowPrivateAddresses">;
}

/** The relay's connection pool: sockets refuse inward addresses unless the host was allowed. */
export function createChatwootAgent(config: CallSettings): OutboundAgent {
  const allowed = new Set(config.chatwoot.privateHosts);
  const lookup: typeof guardedLookup = (hostname, options, callback) =>
    allowed.has(hostname.toLowerCase())
      ? dns.lookup(hostname, { ...options, all: true }, (err, found) => pick(err, found, options.all === true, callback))
      : guardedLookup(hostname, options, callback);
  return new OutboundAgent({
    connect: {
      timeout: config.chatwoot.timeoutMs,
      ...(config.webhooks.allowPrivateAddresses ? {} : { lookup }),
    },
    keepAliveTimeout: 10_000,
  });
}

function pick(err: NodeJS.ErrnoException | null, found: dns.LookupAddress[], all: boolean, callback: Parameters<typeof guardedLookup>[2]) {
  if (err) return callback(err, []);
  if (all) return callback(null, found);
  const first = found[0];
  if (!first) return callback(Object.assign(new Error("no address"), { code: "ENOTFOUND" }), []);
  callback(null, first.address, first.family);
}

export interface CallContext {
  agent: OutboundAgent;
  config: CallSettings;
  target: ChatwootTarget;
  signal: AbortSignal;
}

type Body = { json: unknown } | { form: Multipart } | undefined;

/** One call to the account's Application API; answers its JSON. */
export async function call<T>(ctx: CallContext, method: "GET" | "POST" | "PATCH", path: string, body?: Body): Promise<T> {
  const url = new URL(`${ctx.target.baseUrl}/api/v1/accounts/${ctx.target.chatwootAccountId}${path}`);
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, "");
  const literal = ctx.config.webhooks.allowPrivateAddresses || ctx.config.chatwoot.privateHosts.includes(host) ? undefined : refusedLiteralReason(url);
  if (literal) throw new ChatwootCallError(`Chatwoot's address is not allowed: ${literal}`, null, true);
  const headers: Record<string, string> = {
    api_access_token: ctx.target.accessToken,
    accept: "application/json",
  };
  if (body && "json" in body) headers["content-type"] = "application/json";
  if (body && "form" in body) {
    headers["content-type"] = body.form.contentType;
    if (body.form.contentLength !== undefined) headers["content-length"] = String(body.form.contentLength);
  }
  let answer: OutboundAnswer;
  try {
    answer = await ctx.agent.request(url, {
      method,
      headers,
      body: body === undefined ? undefined : "json" in body ? JSON.stringify(body.json) : Readable.from(body.form.parts),
      signal: AbortSignal.any([AbortSignal.timeout(ctx.config.chatwoot.timeoutMs), ctx.signal]),
    });
  } catch (err) {
    throw unreachable(err, ctx, method !== "GET");
  }
  const text = await answer.body.text().catch(() => "");
  if (answer.statusCode >= 200 && answer.statusCode < 300) return parse<T>(text, answer.statusCode, method !== "GET");
  throw refusal(answer.statusCode, text, method !== "GET");
}

function unreachable(err: unknown, ctx: CallContext, writes: boolean): ChatwootCallError {
  if (ctx.signal.aborted) return new ChatwootCallError("the relay stopped before Chatwoot answered", null, true, false, writes);
  const name = (err as { name?: string }).name;
  if (name === "TimeoutError" || name === "AbortError")
    return new ChatwootCallError(`Chatwoot did not answer within ${ctx.config.chatwoot.timeoutMs} ms`, null, true, false, writes);
  const code = (err as { cause?: { code?: unknown }; code?: unknown }).code ?? (err as { cause?: { code?: unknown } }).cause?.code;
  const refused = (err as { name?: string; cause?: { name?: string } }).cause?.name === "RefusedAddressError" || name === "RefusedAddressError";
  if (refused) return new ChatwootCallError(`Chatwoot's address is not allowed: ${(err as Error).message}`, null, true);
  const sent = !(typeof code === "string" && NOT_SENT.has(code));
  return new ChatwootCallError(`Chatwoot could not be reached${typeof code === "string" ? ` (${code})` : ""}`, null, true, false, writes && sent);
}

function parse<T>(text: string, status: number, writes: boolean): T {
  try {
    return (text ? JSON.parse(text) : {}) as T;
  } catch {
    throw new ChatwootCallError(`Chatwoot answered ${status} with a body that is not JSON`, status, true, false, writes);
  }
}

/** What Chatwoot's error body says ({error} or {message}), bounded. */
function reason(text: string): string {
  try {
    const body = JSON.parse(text) as { error?: unknown; message?: unknown };
    const said = typeof body.error === "string" ? body.error : typeof body.message === "string" ? body.message : undefined;
    if (said) return said.slice(0, 200);
  } catch {
    // not JSON: rack-attack's plain text, a proxy's page
  }
  return text.trim().slice(0, 80);
}

function refusal(status: number, text: string, writes: boolean): ChatwootCallError {
  const said = reason(text);
  const message = `Chatwoot answered ${status}${said ? `: ${said}` : ""}`;
  if (status === 429) return new ChatwootCallError(message, status, true, true);
  // 401/403: the token was revoked or lost its rights; the tenant fixes it by connecting again.
  // 404: a contact or conversation deleted in Chatwoot, which the next attempt finds or makes again.
  const retry = status >= 500 || [401, 403, 404, 408, 409].includes(status) || (status === 422 && /too many messages/i.test(said));
  return new ChatwootCallError(message, status, retry, false, writes && status >= 500);
}

/** A file for a message's `attachments[]`, streamed as it arrives. */
export interface Upload {
  body: Readable;
  contentType: string;
  fileName: string;
  /** As its source declared it; unknown: the upload goes chunked. */
  contentLength: number | undefined;
}

/** A multipart/form-data body (RFC 7578) of text fields and one file, whose bytes are streamed, not held. */
export interface Multipart {
  contentType: string;
  contentLength: number | undefined;
  parts: AsyncIterable<Uint8Array>;
}

const quoted = (s: string) => s.replace(/["\\\r\n]/g, (c) => encodeURIComponent(c));

/** Frames `fields` and `file` (as `attachments[]`) for Chatwoot's message create. */
export function messageForm(fields: Record<string, string>, file: Upload): Multipart {
  const boundary = `----gateway${randomUUID().replaceAll("-", "")}`;
  const head = Buffer.from(
    Object.entries(fields)
      .map(([name, value]) => `--${boundary}\r\ncontent-disposition: form-data; name="${quoted(name)}"\r\n\r\n${value}\r\n`)
      .join("") + `--${boundary}\r\ncontent-disposition: form-data; name="attachments[]"; filename="${quoted(file.fileName)}"\r\ncontent-type: ${file.contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  async function* parts() {
    yield head;
    for await (const chunk of file.body) yield chunk as Uint8Array;
    yield tail;
  }
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    contentLength: file.contentLength === undefined ? undefined : head.length + file.contentLength + tail.length,
    parts: parts(),
  };
}
