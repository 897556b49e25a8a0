import type http from "node:http";
import type { Duplex } from "node:stream";
import { restError } from "../rest/errors.js";
import type { ErrorCode } from "../errors.js";

// What every request must be before any handler sees it. The Fetch adapters and the REST facade
// (rest/node-exchange.ts) build a URL from the Host header and the request target; a value that
// is not one (`Host: a b`, an absolute-form target) would make that throw inside the handler, or
// point the URL elsewhere than the path the server routed on. Such requests are refused here, in
// the error shape, as are the ones Node's own parser rejects.

/** A host name or bracketed IPv6 literal, with an optional port: what an HTTP client sends. */
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9._~-]{0,253})|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

/** Why the request line or Host header is unusable, or undefined when it is fine. */
export function malformedRequest(req: http.IncomingMessage): string | undefined {
  const target = req.url ?? "";
  if (!target.startsWith("/") || target.startsWith("//")) return "The request target must be a path starting with a single /.";
  const host = req.headers.host;
  // HTTP/1.1 requires it; Node's own refusal of its absence would have no body, so it is refused here.
  if (host === undefined && req.httpVersion !== "1.0") return "The Host header is required.";
  if (host !== undefined && (!HOST.test(host) || !URL.canParse(`http://${host}${target}`))) return "The Host header is not a host name.";
  if (host === undefined && !URL.canParse(`http://localhost${target}`)) return "The request target is not a valid path.";
  return undefined;
}

/**
 * Why a websocket upgrade cannot be one, in the error shape: the `ws` library would refuse these
 * too, but in plain text. What is left for it to refuse (a malformed subprotocol list) is rare.
 */
export function upgradeRefusal(req: http.IncomingMessage): { status: number; reason: string; code: ErrorCode; message: string } | undefined {
  if (req.method !== "GET") return { status: 405, reason: "Method Not Allowed", code: "METHOD_NOT_ALLOWED", message: "A websocket opens with GET." };
  const refused = (message: string) => ({ status: 400, reason: "Bad Request", code: "BAD_REQUEST" as const, message });
  if (req.headers.upgrade?.toLowerCase() !== "websocket") return refused("Only websocket upgrades are served.");
  if (!/^[+/0-9A-Za-z]{22}==$/.test(req.headers["sec-websocket-key"] ?? "")) return refused("Sec-WebSocket-Key is missing or not a key.");
  const version = req.headers["sec-websocket-version"];
  if (version !== "13" && version !== "8") return refused("Sec-WebSocket-Version must be 13.");
  return undefined;
}

/** An error answer written straight to a socket: for parser errors and refused upgrades, where no response object exists. */
export function writeRawError(socket: Duplex, status: number, reason: string, code: ErrorCode, message: string): void {
  const body = JSON.stringify(restError(code, message).body);
  socket.end(`HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
}

/** Node's answer to requests its parser refuses, in the error shape instead of an empty body. */
export function answerClientErrors(server: http.Server): void {
  server.on("clientError", (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (err.code === "ECONNRESET" || !socket.writable) {
      socket.destroy();
      return;
    }
    if (err.code === "HPE_HEADER_OVERFLOW") return writeRawError(socket, 431, "Request Header Fields Too Large", "HEADERS_TOO_LARGE", "The request's headers are too large.");
    if (err.code === "ERR_HTTP_REQUEST_TIMEOUT") return writeRawError(socket, 408, "Request Timeout", "REQUEST_TIMEOUT", "The request did not arrive in time.");
    writeRawError(socket, 400, "Bad Request", "BAD_REQUEST", "The request is not valid HTTP.");
  });
}

/** A caller's path or header as an error message quotes it: at most 200 characters, so no answer echoes megabytes. */
export const shown = (text: string) => (text.length > 200 ? `${text.slice(0, 200)}…` : text);

/**
 * A request's full URL as the Fetch adapter (@whatwg-node/server) builds it: the Host header, else
 * the local address; https on a TLS socket. malformedRequest has refused what would not make one.
 */
export function requestUrlOf(req: http.IncomingMessage): string {
  const protocol = (req.socket as { encrypted?: boolean }).encrypted ? "https" : "http";
  const host = req.headers.host ?? (req.socket.localAddress && !req.socket.localAddress.includes(":") ? `${req.socket.localAddress}:${req.socket.localPort}` : "localhost");
  return `${protocol}://${host}${req.url ?? "/"}`;
}
