import { createClient } from "graphql-ws";
import WebSocket from "ws";
import { TOTP, Secret } from "otpauth";
import type { TestServer } from "./server.js";

// Staff users through the wire, as a person meets them: invited with a key that has users:manage
// (POST /users), the one-time link followed (/console/link), signed in by email (/console/session),
// and the cookie then used for GraphQL over HTTP and a websocket.

export const csrf = { "x-graphql-yoga-csrf": "1" };
const json = { "content-type": "application/json", ...csrf };

export const PASSWORD = "correct horse battery";

/** The token in a link's fragment (…/console/#link=<token>). */
export const linkToken = (link: string) => /#link=([A-Za-z0-9_-]+)$/.exec(link)![1]!;

export async function invite(server: TestServer, key: string, email: string, role: string) {
  return server.client(key).post("/users", { email, role });
}

export async function followLink(server: TestServer, link: string, password = PASSWORD) {
  const res = await fetch(`${server.url}/console/link`, { method: "POST", headers: json, body: JSON.stringify({ token: linkToken(link), password }) });
  return { status: res.status, body: await res.json() };
}

export async function staffSignIn(server: TestServer, email: string, password = PASSWORD, code?: string) {
  const res = await fetch(`${server.url}/console/session`, { method: "POST", headers: json, body: JSON.stringify({ email, password, ...(code ? { code } : {}) }) });
  const setCookie = res.headers.get("set-cookie") ?? "";
  return { status: res.status, body: await res.json(), cookie: setCookie.split(";")[0] ?? "" };
}

/** A user invited with `role`, their password chosen, signed in: their cookie. */
export async function staffUser(server: TestServer, key: string, email: string, role: string): Promise<{ id: number; cookie: string }> {
  const invited = await invite(server, key, email, role);
  if (invited.status !== 200) throw new Error(`invite ${email}: ${invited.status} ${JSON.stringify(invited.body)}`);
  const followed = await followLink(server, invited.body.link);
  if (followed.status !== 200) throw new Error(`link ${email}: ${followed.status} ${JSON.stringify(followed.body)}`);
  const signed = await staffSignIn(server, email);
  if (signed.status !== 200) throw new Error(`sign-in ${email}: ${signed.status} ${JSON.stringify(signed.body)}`);
  return { id: invited.body.user.id, cookie: signed.cookie };
}

export async function graphqlAs(server: TestServer, cookie: string, query: string, variables?: Record<string, unknown>) {
  const res = await fetch(`${server.url}/graphql`, { method: "POST", headers: { ...json, cookie }, body: JSON.stringify({ query, variables }) });
  return { status: res.status, body: await res.json() };
}

export async function consoleCall(server: TestServer, cookie: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, { method, headers: { ...json, cookie }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  return { status: res.status, body: await res.json() };
}

/** The authenticator app's code for `secret` at `at`. */
export const totpCode = (secret: string, at: Date) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate({ timestamp: at.getTime() });

/** A websocket signed in with a console cookie, from the page's own origin unless another is named; resolves `open` once acknowledged. */
export function cookieSocket(server: TestServer, cookie: string, origin = `http://${new URL(server.url).host}`) {
  const host = new URL(server.url).host;
  let closed: (e: { code: number; reason: string }) => void = () => undefined;
  const closeEvent = new Promise<{ code: number; reason: string }>((r) => (closed = r));
  let connected: () => void = () => undefined;
  const open = new Promise<void>((r) => (connected = r));
  const socket = class extends WebSocket {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols, { headers: { cookie, origin } });
    }
  };
  const client = createClient({
    url: `ws://${host}/graphql`,
    webSocketImpl: socket,
    retryAttempts: 0,
    lazy: false,
    onNonLazyError: () => undefined,
    on: { connected: () => connected(), closed: (e) => closed(e as { code: number; reason: string }) },
  });
  return { client, open, closeEvent };
}
