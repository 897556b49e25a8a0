import http from "node:http";
import type { AddressInfo } from "node:net";
import { startChatwoot, type ChatwootStandIn } from "./chatwoot.js";
import { LostAnswers } from "./lost-answers.js";
import type { Env } from "../../src/core/config.js";
import { postCloudWebhook } from "./provider-signing.js";
import type { TestServer } from "./server.js";
import { waitFor } from "./wait.js";

// The world a Chatwoot bridge test needs: the gateway, a Chatwoot stand-in (test/kit/chatwoot.ts),
// and a WhatsApp Cloud API stand-in that stores sends, answers media lookups and serves files
// (the paths and shapes the Cloud driver and inbound media already use, reference
// test/kit/references/waha-sessions-and-graph.md section B), with a tenant whose Cloud number the
// bridge carries. Free of vitest (the server comes from the caller), so the benchmark uses it too.

export const APP_SECRET = "chatwoot-relay-app-secret";
export const CW_TOKEN = "chatwoot-user-token";
export const CW_ACCOUNT = 3;
export const CW_INBOX = 7;
const CLOUD_TOKEN = "EAAG-chatwoot-relay";

export interface CloudFiles {
  files: Map<string, { bytes: Buffer; contentType: string }>;
  sends: Array<Record<string, unknown>>;
  url: string;
  /** The next sends' answer, when not a 200. */
  failNext: number[];
  /** Sends taken whose answer is then lost (test/kit/lost-answers.ts). */
  lostAnswers: LostAnswers;
  close(): Promise<void>;
}

export async function startCloud(): Promise<CloudFiles> {
  const state = { files: new Map(), sends: [], url: "", failNext: [], lostAnswers: new LostAnswers() } as unknown as CloudFiles;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = req.url ?? "/";
      const send = /^\/v\d+\.\d+\/[^/]+\/messages$/.exec(path);
      if (send && req.method === "POST") {
        const status = state.failNext.shift();
        if (status) return void res.writeHead(status, { "content-type": "application/json" }).end('{"error":{"message":"Failure","code":131000}}');
        const body = JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>;
        state.sends.push(body);
        if (state.lostAnswers.take(req)) return;
        return void res
          .writeHead(200, { "content-type": "application/json" })
          .end(JSON.stringify({ messaging_product: "whatsapp", messages: [{ id: `wamid.OUT${state.sends.length}` }] }));
      }
      const lookup = /^\/v\d+\.\d+\/([^/?]+)$/.exec(path);
      const download = /^\/download\/([^/?]+)$/.exec(path);
      const file = state.files.get(decodeURIComponent(lookup?.[1] ?? download?.[1] ?? ""));
      if (!file) return void res.writeHead(404, { "content-type": "application/json" }).end('{"error":{"message":"Unknown"}}');
      if (lookup)
        return void res
          .writeHead(200, { "content-type": "application/json" })
          .end(JSON.stringify({ url: `${state.url}/download/${lookup[1]}`, mime_type: file.contentType, file_size: file.bytes.length, id: lookup[1] }));
      res.writeHead(200, { "content-type": file.contentType, "content-length": String(file.bytes.length) }).end(file.bytes);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve())));
  return state;
}

export type WorldServer = Pick<TestServer, "url" | "app" | "seed" | "client" | "close">;

export interface World {
  server: WorldServer;
  chatwoot: ChatwootStandIn;
  cloud: CloudFiles;
  close(): Promise<void>;
}

export async function startWorld(start: (env: Env) => Promise<WorldServer>, env: Env = {}, chatwootVersion?: string): Promise<World> {
  const chatwoot = await startChatwoot({ accountId: CW_ACCOUNT, inboxId: CW_INBOX, token: CW_TOKEN, ...(chatwootVersion ? { version: chatwootVersion } : {}) });
  chatwoot.fileOrigin = "https://files.chatwoot.test";
  const cloudApi = await startCloud();
  const server = await start({
    WHATSAPP_CLOUD_APP_SECRET: APP_SECRET,
    WHATSAPP_CLOUD_BASE_URL: cloudApi.url,
    CHATWOOT_PRIVATE_HOSTS: "127.0.0.1",
    MEDIA_ALLOW_PRIVATE_ADDRESSES: "true",
    CHATWOOT_RETRY_BASE_MS: "50",
    CHATWOOT_RETRY_MAX_MS: "400",
    ...env,
  });
  return { server, chatwoot, cloud: cloudApi, close: async () => (await server.close(), await chatwoot.close(), await cloudApi.close()) };
}

let serial = 0;

/** A tenant with one Cloud number, connected to the stand-in's inbox (or `inboxId`); answers the webhook address Chatwoot is to call. */
export async function bridgedTenant(w: World, inboxId = CW_INBOX) {
  const phoneNumberId = `pn${process.pid}${++serial}${Date.now()}`;
  const t = await w.server.seed
    .tenant()
    .account({ cloud: { phoneNumberId, token: CLOUD_TOKEN } })
    .create();
  const accountId = t.accounts[0]!.id;
  const made = await w.server
    .client(t.key)
    .put("/chatwoot", { base_url: w.chatwoot.url, chatwoot_account_id: CW_ACCOUNT, inbox_id: inboxId, access_token: CW_TOKEN, account_ids: [accountId] });
  if (made.status !== 200) throw new Error(`connecting answered ${made.status}: ${JSON.stringify(made.body)}`);
  return { ...t, accountId, phoneNumberId, webhookUrl: made.body.webhook_url as string };
}

/** The contact's conversation in the stand-in, once the bridge made it (the contact wrote first). */
export const conversationOf = (w: World, phone: string, inboxId = CW_INBOX) =>
  waitFor(
    () => w.chatwoot.conversations.find((c) => c.inbox_id === inboxId && w.chatwoot.contacts.find((k) => k.id === c.contact_id)?.phone_number === `+${phone}`),
    (c) => c !== undefined,
  ).then((c) => c!);

/** The contact's incoming messages' texts in the stand-in, in order, in whichever conversations. */
export function incomingTexts(w: World, phone: string): Array<string | null> {
  const contact = w.chatwoot.contacts.find((c) => c.phone_number === `+${phone}`);
  const conversations = new Set(w.chatwoot.conversations.filter((c) => c.contact_id === contact?.id).map((c) => c.display_id));
  return w.chatwoot.messages.filter((m) => conversations.has(m.conversation_display_id) && m.message_type === "incoming").map((m) => m.content);
}

/** Waits until the contact's message with `text` is in Chatwoot; answers the contact's incoming texts then. */
export const incomingArrives = (w: World, phone: string, text: string, timeoutMs?: number) =>
  waitFor(
    () => incomingTexts(w, phone),
    (got) => got.includes(text),
    timeoutMs,
  );

/** A contact's message to the tenant's Cloud number, through the signed provider webhook. */
export async function contactSends(w: { server: { url: string } }, t: { phoneNumberId: string }, from: string, message: Record<string, unknown>, name = "Sara"): Promise<string> {
  const id = `wamid.IN${process.pid}x${++serial}`;
  const value = {
    messaging_product: "whatsapp",
    metadata: { display_phone_number: "966550000001", phone_number_id: t.phoneNumberId },
    contacts: [{ profile: { name }, wa_id: from }],
    messages: [{ from, id, timestamp: String(Math.floor(Date.now() / 1000)), ...message }],
  };
  const payload = { object: "whatsapp_business_account", entry: [{ id: "1", changes: [{ field: "messages", value }] }] };
  const r = await postCloudWebhook(w.server.url, JSON.stringify(payload), APP_SECRET);
  if (r.status !== 200) throw new Error(`the inbound webhook answered ${r.status}: ${await r.text()}`);
  return id;
}

/** A delivered or read receipt for a message the Cloud stand-in accepted. */
export async function receipt(w: { server: { url: string } }, providerMessageId: string, status: "delivered" | "read"): Promise<void> {
  const body = JSON.stringify({
    object: "whatsapp_business_account",
    entry: [{ id: "1", changes: [{ field: "messages", value: { statuses: [{ id: providerMessageId, status, timestamp: String(Math.floor(Date.now() / 1000)) }] } }] }],
  });
  const r = await postCloudWebhook(w.server.url, body, APP_SECRET);
  if (r.status !== 200) throw new Error(`the receipt answered ${r.status}`);
}
