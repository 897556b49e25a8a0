import { Readable } from "node:stream";
import { ServiceError } from "../../core/errors.js";
import { declaresMoreThan } from "../../core/http/body.js";
import { mimeType } from "./payloads/inbound-payloads.js";

// The HTTP side of inbound media: one GET to a provider with the number's credentials, bounded in
// time and size, its body handed on as a Node stream that is read only as fast as the caller
// takes it. Every failure is a CHANNEL_ERROR whose message names the provider and what went
// wrong, never the URL or the credentials sent.

export interface MediaRequest {
  provider: "WhatsApp Cloud" | "WAHA";
  url: string;
  /** The credentials (Authorization or X-Api-Key): sent to `url` only, never after a redirect. */
  headers: Record<string, string>;
}

export interface MediaLimits {
  maxBytes: number;
  timeoutMs: number;
}

export interface MediaBody {
  body: Readable;
  /** As the provider gave it, when it is a media type at all. */
  contentType: string | undefined;
  /** As the provider declared it; undefined when it did not, or sent the body encoded. */
  contentLength: number | undefined;
}

/** The Graph API's media object is a few hundred bytes; anything much larger is not one. */
const MAX_JSON_BYTES = 64 * 1024;

const channelError = (message: string) => new ServiceError("CHANNEL_ERROR", message);

export const tooLarge = (bytes: number, limits: MediaLimits) =>
  channelError(`The media is ${bytes} bytes, over the ${limits.maxBytes} bytes this gateway relays (INBOUND_MEDIA_MAX_BYTES).`);

/** What went wrong, in words safe to show: the cause's code (ECONNREFUSED…), never the URL. */
function failure(err: unknown, req: MediaRequest, limits: MediaLimits, signal: AbortSignal): ServiceError {
  if (err instanceof ServiceError) return err;
  if (signal.aborted) return channelError(`${req.provider} did not answer within ${limits.timeoutMs} ms.`);
  const code = (err as { cause?: { code?: unknown } } | undefined)?.cause?.code;
  return channelError(`${req.provider} could not be reached${typeof code === "string" ? ` (${code})` : ""}.`);
}

/**
 * A 2xx answer's status and headers. Redirects are not followed: the credentials would go along
 * to wherever the provider pointed (WAHA's key to any host), so a 3xx is a failure like a 4xx.
 */
async function answered(req: MediaRequest, signal: AbortSignal, accept: string): Promise<Response> {
  // An encoded body would be decoded on the way, so its declared length would not be what is sent on.
  const response = await fetch(req.url, { headers: { ...req.headers, accept, "accept-encoding": "identity" }, signal, redirect: "manual" });
  if (response.status >= 200 && response.status < 300) return response;
  await response.body?.cancel().catch(() => undefined);
  throw channelError(`${req.provider} answered ${response.status} when asked for the media.`);
}

async function boundedText(response: Response, req: MediaRequest): Promise<string> {
  const tooBig = () => channelError(`${req.provider} answered the media lookup with more than ${MAX_JSON_BYTES} bytes.`);
  if (declaresMoreThan(response.headers.get("content-length"), MAX_JSON_BYTES)) throw tooBig();
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    total += chunk.value.byteLength;
    if (total > MAX_JSON_BYTES) throw tooBig();
    chunks.push(chunk.value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** A JSON object from the provider (Cloud's media lookup), read whole within the timeout. */
export async function fetchMediaJson(req: MediaRequest, limits: MediaLimits): Promise<Record<string, unknown>> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), limits.timeoutMs);
  try {
    const text = await boundedText(await answered(req, abort.signal, "application/json"), req);
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    throw channelError(`${req.provider} answered the media lookup with something other than a JSON object.`);
  } catch (err) {
    if (err instanceof SyntaxError) throw channelError(`${req.provider} answered the media lookup with something other than JSON.`);
    throw failure(err, req, limits, abort.signal);
  } finally {
    clearTimeout(timer);
    abort.abort();
  }
}

/**
 * The provider's answer as a Node stream: refused before a byte is read when its declared length
 * is over the limit; once under way, destroyed with an error past the limit or when the provider
 * sends nothing for the timeout while the gateway waits for it (time the caller takes to read
 * does not count, so a slow reader is not cut).
 */
class CappedBody extends Readable {
  private received = 0;

  constructor(
    private readonly reader: ReadableStreamDefaultReader<Uint8Array>,
    private readonly req: MediaRequest,
    private readonly limits: MediaLimits,
    private readonly abort: AbortController,
  ) {
    super({ highWaterMark: 64 * 1024 });
  }

  override _read(): void {
    void this.pull();
  }

  private async pull(): Promise<void> {
    const { provider } = this.req;
    const { maxBytes, timeoutMs } = this.limits;
    const stalled = setTimeout(() => this.destroy(new Error(`${provider} sent nothing for ${timeoutMs} ms`)), timeoutMs);
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await this.reader.read();
    } catch (err) {
      this.destroy(new Error(`${provider} broke off the media (${err instanceof Error ? err.message : String(err)})`));
      return;
    } finally {
      clearTimeout(stalled);
    }
    if (this.destroyed) return;
    if (chunk.done) return void this.push(null);
    this.received += chunk.value.byteLength;
    if (this.received > maxBytes) return void this.destroy(new Error(`${provider} sent more than ${maxBytes} bytes (INBOUND_MEDIA_MAX_BYTES)`));
    this.push(chunk.value);
  }

  override _destroy(err: Error | null, callback: (err?: Error | null) => void): void {
    this.abort.abort();
    this.reader.cancel().catch(() => undefined);
    callback(err);
  }
}

/** Opens the media: the answer's headers within the timeout, then its body as it comes. */
export async function openMediaBody(req: MediaRequest, limits: MediaLimits): Promise<MediaBody> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), limits.timeoutMs);
  let response: Response;
  try {
    response = await answered(req, abort.signal, "*/*");
  } catch (err) {
    const refused = failure(err, req, limits, abort.signal);
    abort.abort();
    throw refused;
  } finally {
    clearTimeout(timer);
  }
  const declared = response.headers.get("content-length");
  const contentLength = declared !== null && /^\d{1,15}$/.test(declared) && !response.headers.has("content-encoding") ? Number(declared) : undefined;
  if (contentLength !== undefined && contentLength > limits.maxBytes) {
    abort.abort();
    throw tooLarge(contentLength, limits);
  }
  const contentType = mimeType(response.headers.get("content-type") ?? undefined) ?? undefined;
  const body = response.body ? new CappedBody(response.body.getReader(), req, limits, abort) : Readable.from([]);
  return { body, contentType, contentLength };
}
