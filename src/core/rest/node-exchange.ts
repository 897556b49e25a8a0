import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { readNodeBodyWithin } from "../http/body.js";
import { requestUrlOf } from "../http/request-guard.js";

// The REST facade reads Node's request and writes Node's response itself. Its answers are small
// JSON texts known whole before the first byte; a Fetch Request, Headers and Response per call,
// and the adapter between them and Node, cost more of a send's CPU than the facade's own work
// (BENCHMARKS.md, "REST on Node's own request").

/** What the facade reads of a request. */
export interface RestRequest {
  method: string;
  /** The full URL, as a Fetch adapter would build it from the Host header and the request target. */
  url: URL;
  headers: { get(name: string): string | null };
  /** The body, or undefined past `maxBytes` (refused at once when Content-Length says so). */
  readBody(maxBytes: number): Promise<Buffer | undefined>;
  /** Where a stream route pipes its bytes. */
  res: ServerResponse;
}

/** An answer known whole; a stream route writes its own and answers `written`. */
export interface RestAnswer {
  status: number;
  headers: Record<string, string>;
  body?: string | Uint8Array;
}

export const WRITTEN = "written";

/** A header as Fetch's Headers.get gives it: repeated values joined with ", ". */
class NodeHeaders {
  constructor(private readonly raw: IncomingHttpHeaders) {}

  get(name: string): string | null {
    const value = this.raw[name.toLowerCase()];
    if (value === undefined) return null;
    return Array.isArray(value) ? value.join(", ") : value;
  }
}

/**
 * The request as the facade reads it, its URL built as @whatwg-node/server builds it
 * (request-guard.ts).
 */
export function restRequestOf(req: IncomingMessage, res: ServerResponse): RestRequest {
  return {
    method: req.method ?? "GET",
    url: new URL(requestUrlOf(req)),
    headers: new NodeHeaders(req.headers),
    readBody: (maxBytes) => readNodeBodyWithin(req, maxBytes),
    res,
  };
}

/**
 * Writes `answer` unless a stream route already has; HEAD answers go without a body (Node drops it).
 * The length is declared, as for any body known whole: headers written first would otherwise make
 * Node frame the body in chunks.
 */
export function writeAnswer(res: ServerResponse, answer: RestAnswer | typeof WRITTEN): void {
  if (answer === WRITTEN || res.headersSent || res.destroyed) return;
  const { body } = answer;
  if (body === undefined) return void res.writeHead(answer.status, answer.headers).end();
  const length = typeof body === "string" ? Buffer.byteLength(body) : body.byteLength;
  res.writeHead(answer.status, { ...answer.headers, "content-length": String(length) }).end(body);
}
