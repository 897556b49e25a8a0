import http from "node:http";
import { randomBytes } from "node:crypto";
import * as cw from "./chatwoot-state.js";
import type { CwContact, CwConversation, CwInbox, CwMessage, CwTokenOwner, Signing } from "./chatwoot-state.js";
import { type Answer, readBody, route } from "./chatwoot-routes.js";
import { workAfterCallerGone } from "./lost-answers.js";

// A Chatwoot stand-in: the Application API paths of an API channel inbox that the bridge uses, and
// the webhooks Chatwoot sends, built from Chatwoot v4.16.2's own source and swagger files (every
// path, field, status code and error body is in test/kit/references/chatwoot-api.md with its source).
// It checks what Chatwoot checks on these paths: the api_access_token header (401) and whose it is
// (an administrator, an agent, or an agent bot, which reaches only conversations and messages), the
// account and the inbox, the E.164 phone format and its uniqueness per account, a source_id per
// inbox, incoming messages on API inboxes only, and status changes (never read → delivered). It
// signs its webhooks with the inbox's secret, as 4.13 and later do (unsigned when started as an
// older version). A test can make it answer 500, 429 (rack-attack's plain "Retry later", with no
// Retry-After), a proxy's 413 or nothing at all, store a message and never answer, or store it late
// (Rails keeps working after the caller gave up), slow it down, delete a conversation or a contact as an
// administrator does, reset an inbox's secret, and add inboxes and tokens. It does not model
// teams, assignments or Chatwoot's background jobs (what they delete is gone at once here).

/**
 * "500": Chatwoot fails; "429": rack-attack; "413": a proxy before Chatwoot refuses the body (nginx's
 * client_max_body_size; Chatwoot sets no size limit for API inboxes); "hang": no answer; "store-hang":
 * does the work, never answers; "store-late": does the work after `lateMs`, when the caller may have given up;
 * "store-after-timeout": answers nothing and does the work once the caller has given up (its timeout), as
 * Rails finishes a request whose client is gone.
 */
export type Override = "500" | "429" | "413" | "hang" | "store-hang" | "store-late" | "store-after-timeout";
/** An override for the first request of this method whose path matches. */
export interface AimedOverride {
  answer: Override;
  method: string;
  path: RegExp;
}

export interface ChatwootStandIn {
  url: string;
  contacts: CwContact[];
  conversations: CwConversation[];
  messages: CwMessage[];
  inboxes: CwInbox[];
  /** Whose each api_access_token is; the one the stand-in started with is an administrator's. */
  tokens: Map<string, CwTokenOwner>;
  /** Every request, in order: method and path (for counting calls). */
  requests: Array<{ method: string; path: string }>;
  /** Answers to give instead of the real one, one per request, first in first out (an aimed one waits for its request). */
  override: Array<Override | AimedOverride>;
  delayMs: number;
  /**
   * How long a "store-late" request works before it stores its message and answers. Below
   * Chatwoot's own request limit (rack-timeout's 15 s by default), which would abandon it first.
   */
  lateMs: number;
  /** Where attachments' data_url points (Chatwoot's FRONTEND_URL); the stand-in's own address when unset. */
  fileOrigin?: string;
  /** An agent writes in a conversation (as in Chatwoot's app): the message is stored, its webhook not yet sent. */
  agentWrites(displayId: number, content: string, o?: { private?: boolean; files?: Array<{ bytes: Buffer; filename: string; contentType: string }> }): CwMessage;
  /** The `message_created` webhook Chatwoot sends for a stored message (webhook_data, reference 6b). */
  webhookOf(message: CwMessage): Record<string, unknown>;
  /** Posts a webhook as Chatwoot does: signed with its inbox's secret when the inbox has one; `signing` replaces what Chatwoot would use. */
  deliver(url: string, payload: unknown, signing?: Partial<Signing>): Promise<Response>;
  /** Another inbox of the account (an API channel's gets its secret). */
  addInbox(id: number, channelType?: CwInbox["channel_type"]): CwInbox;
  /** POST /inboxes/{id}/reset_secret, as an administrator: the inbox's webhooks are signed with a new secret from now. */
  resetSecret(inboxId: number): string;
  /** An administrator deletes a conversation (its messages go with it). */
  deleteConversation(displayId: number): void;
  /** An administrator deletes a contact (its sessions, conversations and their messages go with it). */
  deleteContact(contactId: number): void;
  close(): Promise<void>;
}

/** has_secure_token's alphabet and length (Rails 7.1: base58, 24 characters). */
const secureToken = () => Array.from(randomBytes(24), (b) => "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"[b % 58]).join("");

/** Chatwoot signs API-inbox webhooks from v4.13.0 (PR #13892). */
const signs = (version: string) => {
  const [major = 0, minor = 0] = version.split(".").map(Number);
  return major > 4 || (major === 4 && minor >= 13);
};

export interface StandInOptions {
  accountId: number;
  inboxId: number;
  /** An administrator's access token. */
  token: string;
  /** The Chatwoot version it answers as: "4.16.2" unless given; before 4.13 inboxes have no secret and webhooks go unsigned. */
  version?: string;
}

export async function startChatwoot(options: StandInOptions): Promise<ChatwootStandIn> {
  let nextId = 1;
  const id = () => nextId++;
  const hanging = new Set<http.ServerResponse>();
  const version = options.version ?? "4.16.2";
  const inbox = (inboxId: number, channelType: CwInbox["channel_type"] = "Channel::Api"): CwInbox => ({
    id: inboxId,
    name: "WhatsApp gateway",
    channel_type: channelType,
    secret: channelType === "Channel::Api" && signs(version) ? secureToken() : null,
    webhook_url: "",
  });
  const state: ChatwootStandIn = {
    url: "",
    contacts: [],
    conversations: [],
    messages: [],
    inboxes: [inbox(options.inboxId)],
    tokens: new Map([[options.token, { kind: "user", role: "administrator" }]]),
    requests: [],
    override: [],
    delayMs: 0,
    lateMs: 1_000,
    deliver: (url, payload, signing = {}) => {
      const inboxId = (payload as { inbox?: { id?: number } } | null)?.inbox?.id;
      const secret = state.inboxes.find((i) => i.id === inboxId)?.secret ?? null;
      return cw.deliverWebhook(url, payload, { secret, ...signing });
    },
    agentWrites: (displayId, content, o = {}) => agentWrites(state, id, displayId, content, o),
    webhookOf: (message) => cw.webhookData(state, options, message),
    addInbox: (inboxId, channelType) => {
      const made = inbox(inboxId, channelType);
      state.inboxes.push(made);
      return made;
    },
    resetSecret: (inboxId) => {
      const found = state.inboxes.find((i) => i.id === inboxId && i.channel_type === "Channel::Api");
      if (!found) throw new Error(`no API inbox ${inboxId}`);
      found.secret = secureToken();
      return found.secret;
    },
    deleteConversation: (displayId) => {
      state.conversations = state.conversations.filter((c) => c.display_id !== displayId);
      state.messages = state.messages.filter((m) => m.conversation_display_id !== displayId);
    },
    deleteContact: (contactId) => {
      for (const c of state.conversations.filter((k) => k.contact_id === contactId)) state.deleteConversation(c.display_id);
      state.contacts = state.contacts.filter((c) => c.id !== contactId);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    state.requests.push({ method: req.method ?? "", path: url.pathname });
    const at = state.override.findIndex((o) => typeof o === "string" || (o.method === req.method && o.path.test(url.pathname)));
    const taken = at < 0 ? undefined : state.override.splice(at, 1)[0];
    const special = typeof taken === "object" ? taken.answer : taken;
    // The whole body is read first, as Puma reads it before Rails sees the request.
    const body = req.method === "GET" ? Promise.resolve({}) : readBody(req, url);
    body.catch(() => undefined);
    const work = () => route(state, options, id, { method: req.method ?? "", token: req.headers.api_access_token, url, body: () => body });
    if (special === "hang") return void hanging.add(res);
    // Does the work, then never answers: the caller cannot know it happened (a crash after the call).
    if (special === "store-hang") return void work().then(() => hanging.add(res));
    if (special === "store-after-timeout") return void (hanging.add(res), workAfterCallerGone(res, work));
    setTimeout(
      () => {
        if (special === "500") return json(res, 500, { error: "Internal Server Error" });
        if (special === "429") return res.writeHead(429, { "content-type": "text/plain" }).end("Retry later\n");
        if (special === "413") return res.writeHead(413, { "content-type": "text/html" }).end("<html><head><title>413 Request Entity Too Large</title></head></html>\n");
        work().then(
          (answer) => send(res, answer),
          (err: unknown) => json(res, 500, { error: String(err) }),
        );
      },
      special === "store-late" ? state.lateMs : state.delayMs,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return state;
}

function agentWrites(state: ChatwootStandIn, id: () => number, displayId: number, content: string, o: Parameters<ChatwootStandIn["agentWrites"]>[2] = {}): CwMessage {
  const message: CwMessage = {
    id: id(),
    conversation_display_id: displayId,
    content,
    message_type: "outgoing",
    private: o.private ?? false,
    content_type: "text",
    content_attributes: {},
    source_id: null,
    status: "sent",
    created_at: Math.floor(Date.now() / 1000),
    attachments: [],
  };
  for (const f of o.files ?? []) {
    message.attachments.push({
      id: id(),
      message_id: message.id,
      file_type: cw.fileTypeOf(f.contentType),
      content_type: f.contentType,
      file_size: f.bytes.length,
      bytes: f.bytes,
      filename: f.filename,
    });
  }
  state.messages.push(message);
  return message;
}

function json(res: http.ServerResponse, status: number, body: unknown) {
  if (!res.writable) return;
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" }).end(JSON.stringify(body));
}

/** JSON, a redirect (a string body), or a file's bytes with their type. */
function send(res: http.ServerResponse, [status, body, type]: Answer) {
  if (!res.writable) return;
  if (typeof body === "string") return res.writeHead(status, { location: body }).end();
  if (Buffer.isBuffer(body)) return res.writeHead(status, { "content-type": type ?? "application/octet-stream", "content-length": body.length }).end(body);
  json(res, status, body);
}
