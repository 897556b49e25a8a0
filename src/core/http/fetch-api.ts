/**
 * The Fetch classes every HTTP answer of ours is built with: @whatwg-node's, the ones yoga and
 * @whatwg-node/server use. The server adapter writes such a Response's string body to the socket
 * in one call; Node's own Response would be read back through a web stream first (a ReadableStream,
 * a reader and a TextEncoder per answer: about 15 % of a REST send's CPU). ESLint keeps the
 * globals out of src/ (no-restricted-globals).
 */
import { Request as FetchRequest, Response as FetchResponse } from "@whatwg-node/fetch";

export const Response = FetchResponse;
export type Response = globalThis.Response;
export const Request = FetchRequest;
export type Request = globalThis.Request;
