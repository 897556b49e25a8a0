import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startChatwoot, type ChatwootStandIn } from "./kit/chatwoot.js";
import { APP_SECRET, CW_ACCOUNT, CW_INBOX, CW_TOKEN, contactSends, startCloud, type CloudFiles } from "./kit/chatwoot-world.js";
import { Client } from "./kit/http.js";
import { onPostgres, useServer } from "./kit/server.js";
import { adminOf, startServerProcess } from "./kit/spawn.js";
import { waitFor } from "./kit/wait.js";
import { OWN_PROCESSES_MS } from "./kit/limits.js";

// A gateway process SIGKILLed between the provider's answer to an agent's reply and Chatwoot's
// update: the reply's lease runs out, a new process takes it again, and the same
// idempotency key answers from the message already sent, so the contact gets it once; the tick
// the dead process never told Chatwoot is told by the new one. This file's own server runs no
// worker: on PostgreSQL it only lends its schema to the processes.

const server = useServer({ WORKER_ENABLED: "false" });
const ADMIN_TOKEN = "chatwoot-crash-admin-token";
const CONTACT = "966501230000";

let chatwoot: ChatwootStandIn;
let cloud: CloudFiles;
const children: ChildProcess[] = [];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gw-chatwoot-crash-"));
beforeAll(async () => {
  chatwoot = await startChatwoot({ accountId: CW_ACCOUNT, inboxId: CW_INBOX, token: CW_TOKEN });
  chatwoot.fileOrigin = "https://files.chatwoot.test";
  cloud = await startCloud();
});
afterAll(async () => {
  for (const c of children) c.kill("SIGKILL");
  await chatwoot?.close();
  await cloud?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function startProcess() {
  const started = await startServerProcess({
    ...(onPostgres ? { DATABASE_URL: server().databaseUrl!, DATA_DIR: "" } : { DATABASE_URL: "", DATA_DIR: path.join(dir, "db") }),
    REDIS_URL: "",
    ENV_FILE: "",
    SEED_DEMO: "false",
    ADMIN_TOKEN,
    WHATSAPP_CLOUD_APP_SECRET: APP_SECRET,
    WHATSAPP_CLOUD_BASE_URL: cloud.url,
    CHATWOOT_PRIVATE_HOSTS: "127.0.0.1",
    MEDIA_ALLOW_PRIVATE_ADDRESSES: "true",
    CHATWOOT_TIMEOUT_MS: "1000",
    WORKER_LEASE_SECONDS: "5",
    IDEMPOTENCY_LEASE_SECONDS: "1",
    WORKER_POLL_MS: "50",
  });
  children.push(started.child);
  return started;
}

describe("a gateway killed between the provider's answer and Chatwoot's update", () => {
  it("sends the agent's reply once and tells Chatwoot it was sent, after a restart", { timeout: OWN_PROCESSES_MS }, async () => {
    const first = await startProcess();
    const admin = adminOf(first.url, ADMIN_TOKEN);
    await admin("plan:create", { name: "Crash", monthlyLimit: "100", maxAccounts: "2", requestsPerSecond: "1000", requestBurst: "2000" });
    const tenant = await admin("tenant:create", { name: "Shop", plan: "Crash", ends: "2099-12-31" });
    const account = await admin("account:create", { tenant: String(tenant.id), name: "Main", phone: "0551000001", warmUp: "false" });
    await admin("account:update", { account: String(account.id), channel: "whatsapp-cloud", cloudPhoneNumberId: "pn-crash", cloudAccessToken: "token" });
    const { key } = (await admin("key:create", { tenant: String(tenant.id) })) as { key: string };
    const connected = await new Client(first.url, key).put("/chatwoot", {
      base_url: chatwoot.url,
      chatwoot_account_id: CW_ACCOUNT,
      inbox_id: CW_INBOX,
      access_token: CW_TOKEN,
      account_ids: [account.id],
    });
    expect(connected.status).toBe(200);
    const secretPath = new URL(connected.body.webhook_url as string).pathname;

    await contactSends({ server: first }, { phoneNumberId: "pn-crash" }, CONTACT, { type: "text", text: { body: "Where is my order?" } });
    const incoming = await waitFor(
      () => chatwoot.messages.find((m) => m.content === "Where is my order?"),
      (m) => m !== undefined,
    );
    // The first process will never finish telling Chatwoot: its status update hangs.
    chatwoot.override.push("hang");
    const reply = chatwoot.agentWrites(incoming!.conversation_display_id, "It left the warehouse today.");
    expect((await chatwoot.deliver(`${first.url}${secretPath}`, chatwoot.webhookOf(reply))).status).toBe(200);
    const api = new Client(first.url, key);
    await waitFor(
      () => api.request("POST", "/graphql", { query: "{ messages(first: 1) { edges { node { status } } } }" }),
      (r) => r.body.data?.messages.edges[0]?.node.status === "sent",
      20_000,
    );
    const exited = new Promise((resolve) => first.child.once("exit", resolve));
    first.child.kill("SIGKILL");
    await exited;
    expect(cloud.sends).toHaveLength(1);

    const second = await startProcess();
    // The tick: the first process's status update hung; the second one's is answered.
    const ticks = () => chatwoot.requests.filter((r) => r.method === "PATCH" && r.path.endsWith(`/messages/${reply.id}`)).length;
    await waitFor(ticks, (n) => n >= 2, 30_000);
    expect(reply.status).toBe("sent");
    expect(cloud.sends).toEqual([expect.objectContaining({ to: CONTACT, text: expect.objectContaining({ body: "It left the warehouse today." }) })]);
    // A redelivery after the restart is still the same reply: nothing more is sent.
    expect(await (await chatwoot.deliver(`${second.url}${secretPath}`, chatwoot.webhookOf(reply))).json()).toEqual({ success: true, recorded: false });
    await new Promise((r) => setTimeout(r, 500));
    expect(cloud.sends).toHaveLength(1);
    expect(chatwoot.messages.filter((m) => m.content === "Where is my order?")).toHaveLength(1);
  });
});
