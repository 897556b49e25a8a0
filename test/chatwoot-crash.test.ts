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

// A gateway process SIGKILLed after the Cloud API took an agent's reply and before its answer came
// back: the reply's lease runs out, a new process takes it again, the same idempotency key answers
// from the message the dead process created, and the worker delivers that message again, so the
// contact gets the reply twice, once per lost answer, counted on the message (docs/design.md,
// "Delivery promise"); the tick is told by the new process. Before that, Chatwoot stores the
// contact's message only after the relay gave up waiting (as Rails does), and the relay's next
// attempt finds it by its source_id instead of posting it twice. This file's own server runs no
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
    CHATWOOT_RECHECK_AFTER_MS: "1500",
    WORKER_LEASE_SECONDS: "5",
    IDEMPOTENCY_LEASE_SECONDS: "1",
    WORKER_POLL_MS: "50",
  });
  children.push(started.child);
  return started;
}

/** A counter or gauge's value on a process's /metrics (undefined: not there). */
async function metric(url: string, line: string): Promise<string | undefined> {
  const text = await (await fetch(`${url}/metrics`)).text();
  return text
    .split("\n")
    .find((l) => l.startsWith(`${line} `))
    ?.slice(line.length + 1);
}

describe("a gateway killed between the provider taking a reply and its answer", () => {
  it("posts the contact's message once though Chatwoot stored it late, and sends the reply once more per lost answer, counted, after a restart", {
    timeout: OWN_PROCESSES_MS,
  }, async () => {
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

    // Chatwoot stores the contact's message only once the relay has stopped waiting for it.
    chatwoot.override.push({ answer: "store-after-timeout", method: "POST", path: /\/conversations\/\d+\/messages$/ });
    await contactSends({ server: first }, { phoneNumberId: "pn-crash" }, CONTACT, { type: "text", text: { body: "Where is my order?" } });
    const postSteps = async () => [
      await metric(first.url, 'gateway_chatwoot_steps_total{step="post",outcome="retry"}'),
      await metric(first.url, 'gateway_chatwoot_steps_total{step="post",outcome="done"}'),
    ];
    expect(await waitFor(postSteps, ([, done]) => done !== undefined, 30_000)).toEqual(["1", "1"]);
    const incoming = chatwoot.messages.filter((m) => m.content === "Where is my order?");
    expect(incoming).toHaveLength(1);
    const conversationPath = `/conversations/${incoming[0]!.conversation_display_id}/messages`;
    // One post, then one look-up by source_id, which found it.
    expect(chatwoot.requests.filter((r) => r.path.endsWith(conversationPath)).map((r) => r.method)).toEqual(["POST", "GET"]);

    // The Cloud API takes the reply and its answer never comes; the process dies waiting.
    cloud.lostAnswers.add("POST", /\/messages$/, "stall");
    const reply = chatwoot.agentWrites(incoming[0]!.conversation_display_id, "It left the warehouse today.");
    expect((await chatwoot.deliver(`${first.url}${secretPath}`, chatwoot.webhookOf(reply))).status).toBe(200);
    await waitFor(
      () => cloud.lostAnswers.lost.length,
      (n) => n === 1,
      20_000,
    );
    const exited = new Promise((resolve) => first.child.once("exit", resolve));
    first.child.kill("SIGKILL");
    await exited;
    expect(cloud.sends).toHaveLength(1);

    const second = await startProcess();
    // The tick, told by the second process once the message is sent.
    const ticks = () => chatwoot.requests.filter((r) => r.method === "PATCH" && r.path.endsWith(`/messages/${reply.id}`)).length;
    expect(await waitFor(ticks, (t) => t > 0, 30_000)).toBe(1);
    const sent = expect.objectContaining({ to: CONTACT, text: expect.objectContaining({ body: "It left the warehouse today." }) });
    expect(cloud.sends).toEqual([sent, sent]);
    const api = new Client(second.url, key);
    const listed = await api.request("POST", "/graphql", { query: "{ messages(first: 5) { edges { node { status lostAnswers } } } }" });
    expect(listed.body.data.messages.edges).toEqual([{ node: { status: "sent", lostAnswers: 1 } }]);
    expect(await metric(second.url, "gateway_message_lost_answers")).toBe("1");
    // A redelivery after the restart is still the same reply: the webhook records nothing, so nothing more is sent.
    expect(await (await chatwoot.deliver(`${second.url}${secretPath}`, chatwoot.webhookOf(reply))).json()).toEqual({ success: true, recorded: false });
    expect(cloud.sends).toHaveLength(2);
    expect(chatwoot.messages.filter((m) => m.content === "Where is my order?")).toHaveLength(1);
  });
});
